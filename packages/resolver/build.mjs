// One small ES module for publishing (dist/index.js); inside the workspace the source is used as is.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/index.ts'],
  outfile: 'dist/index.js',
  bundle: true,
  format: 'esm',
  target: 'es2020',
  minify: true,
  sourcemap: true,
  logLevel: 'warning',
});
