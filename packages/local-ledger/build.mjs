// Compiles the command into one ES module (dist/cli.js) so it starts with plain node, without
// transpiling on load. Its dependencies stay in node_modules (PGlite loads WebAssembly and data files
// beside it; the proto package's .proto files are read at run time); workspace packages are compiled in.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const { dependencies } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(dependencies).filter((name) => !name.startsWith('@registry/'));

await build({
  entryPoints: ['src/cli.ts'],
  outfile: 'dist/cli.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
