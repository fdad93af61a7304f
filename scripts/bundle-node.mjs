// The esbuild set-up of the workspace's node programs (the server, `npx local-ledger`): one ES module
// that starts with plain node, without transpiling on load. A package's own dependencies stay in
// node_modules (some load WebAssembly or data files beside them); workspace packages, written in
// TypeScript, are compiled in. Each package passes its own esbuild.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * esbuild options for `entry` → `outfile`, with the dependencies of the package at `packageJsonUrl` left
 * out, except `compiledIn`: dependencies compiled into the module as well, so starting it reads one file
 * instead of resolving each of theirs (their CommonJS code gets a `require` of its own, from the module).
 * `splitting`: what the entry imports with `import()` goes into chunks of its own beside it, so the
 * dependencies left out that only those parts use load when they do, not before the entry's first line.
 */
export function nodeBundle(packageJsonUrl, entry, outfile, { compiledIn = [], splitting = false } = {}) {
  const { dependencies } = JSON.parse(readFileSync(packageJsonUrl, 'utf8'));
  const external = Object.keys(dependencies).filter(
    (name) => !name.startsWith('@registry/') && !compiledIn.includes(name),
  );
  return {
    entryPoints: [entry],
    ...(splitting
      ? {
          outdir: path.dirname(outfile),
          entryNames: path.basename(outfile, '.js'),
          chunkNames: '[name]-[hash]',
          splitting: true,
        }
      : { outfile }),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: [...external, ...external.map((name) => `${name}/*`)],
    ...(compiledIn.length > 0 && {
      banner: {
        js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);",
      },
    }),
    logLevel: 'warning',
  };
}
