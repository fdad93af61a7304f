// Compiles the server into one ES module (dist/main.js), as scripts/bundle-node.mjs describes.
import { copyFileSync, mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import { nodeBundle } from '../scripts/bundle-node.mjs';

const { outputFiles } = await build({
  ...nodeBundle(new URL('./package.json', import.meta.url), 'src/main.ts', 'dist/main.js'),
  write: false,
});
// Each file is written beside and renamed into place: tests that build the server while others run it
// (several test files start it as a process) never read a half-written file.
for (const file of outputFiles) {
  mkdirSync(path.dirname(file.path), { recursive: true });
  const staging = `${file.path}.${process.pid}.tmp`;
  writeFileSync(staging, file.contents);
  renameSync(staging, file.path);
}
// The embedded ledger makes its own tables from its schema files, read at run time beside the bundle.
const ledgerSchema = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@registry/local-ledger/ensure-schema')),
  '..',
  'schema',
);
mkdirSync('dist/local-ledger-schema', { recursive: true });
for (const file of readdirSync(ledgerSchema)) {
  const staging = `dist/local-ledger-schema/${file}.${process.pid}.tmp`;
  copyFileSync(path.join(ledgerSchema, file), staging);
  renameSync(staging, `dist/local-ledger-schema/${file}`);
}
