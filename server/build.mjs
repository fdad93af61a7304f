// Compiles the server into one ES module (dist/main.js) so it starts with plain node, without
// transpiling on load. The server's own dependencies stay in node_modules (some load WebAssembly or
// data files beside them); workspace packages, written in TypeScript, are compiled in.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { createRequire } from 'node:module';

const { dependencies } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(dependencies).filter((name) => !name.startsWith('@registry/'));

const { outputFiles } = await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
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
