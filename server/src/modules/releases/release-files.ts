import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** What a release of a remote holds: its federated build, not its standalone page or embed scripts. */
const LEFT_OUT = new Set(['standalone', 'embed']);

/** `<12 hex of the content hash>-<UTC yyyymmddhhmmss>` */
export const RELEASE_VERSION = /^([0-9a-f]{12})-(\d{14})$/;

/** Files of a build folder as sorted relative paths (`/`-separated). */
export async function releaseFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !LEFT_OUT.has(file.split('/')[0]!))
    .sort();
}

/** A file's SHA-256 as Subresource Integrity writes it. */
export const fileDigest = (content: Buffer) =>
  `sha256-${createHash('sha256').update(content).digest('base64')}`;

/**
 * Hash over every file's path and bytes (the same build always gets the same hash), with each file's
 * own digest.
 */
export async function contentHash(folder: string, files: string[]) {
  const hash = createHash('sha256');
  const digests: Record<string, string> = {};
  let bytes = 0;
  for (const file of files) {
    const content = await readFile(path.join(folder, file));
    bytes += content.length;
    hash.update(`${file}\0${content.length}\0`).update(content);
    digests[file] = fileDigest(content);
  }
  return { hash: hash.digest('hex').slice(0, 12), bytes, digests };
}

export function newVersion(hash: string, at = new Date()) {
  return `${hash}-${at.toISOString().replace(/[-:T]/g, '').slice(0, 14)}`;
}
