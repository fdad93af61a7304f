import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUS_VERSION, CONTRACTS_VERSION } from '@registry/contracts/remotes';
import { contentHash, newVersion, releaseFiles } from '../modules/releases/release-files';

/** A release folder as the CLI writes it: a small federated build, hashed into its version. */
export async function writeRelease(
  releasesDir: string,
  folder: string,
  label: string,
  at: Date,
  extra: Record<string, Buffer> = {},
) {
  const build = await mkdtemp(path.join(tmpdir(), 'build-'));
  for (const [file, content] of Object.entries(extra)) await writeFile(path.join(build, file), content);
  await writeFile(path.join(build, 'mf-manifest.json'), JSON.stringify({ id: folder, label }));
  await writeFile(path.join(build, 'remoteEntry.js'), `console.log(${JSON.stringify(label)});`);
  await writeFile(
    path.join(build, 'registry-build.json'),
    JSON.stringify({ contracts: CONTRACTS_VERSION, bus: BUS_VERSION }),
  );
  const files = await releaseFiles(build);
  const version = newVersion((await contentHash(build, files)).hash, at);
  await mkdir(path.join(releasesDir, folder), { recursive: true });
  await cp(build, path.join(releasesDir, folder, version), { recursive: true });
  await rm(build, { recursive: true });
  return version;
}
