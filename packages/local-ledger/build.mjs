// Compiles the command into ES modules (dist/cli.js and its chunks), as scripts/bundle-node.mjs describes
// (the proto package's .proto files are read at run time beside it).
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { nodeBundle } from '../../scripts/bundle-node.mjs';

/**
 * The SDK's ABI encoder brings ethers' ENS name normalizer, which decodes its Unicode tables as it loads
 * (about a tenth of the ledger's start; the file itself says it should be lazy). The ledger never
 * normalizes an ENS name: the tables are decoded on the first call instead.
 */
const lazyEnsTables = {
  name: 'lazy-ens-tables',
  setup(esbuild) {
    esbuild.onLoad(
      { filter: /@ethersproject[\\/]hash[\\/]lib[\\/]ens-normalize[\\/]lib\.js$/ },
      ({ path }) => {
        const source = readFileSync(path, 'utf8');
        const eager =
          /var r = \(0, include_js_1\.getData\)\(\);\n(var decoder_js_1 = require\("\.\/decoder\.js"\);\n)[^]*?(var VALID = [^]*?var EMOJI_ROOT = [^\n]*\n)/;
        const normalize = 'function normalize(name, emoji_filter) {\n';
        if (!eager.test(source) || !source.includes(normalize))
          throw new Error(`${path} changed: its tables can no longer be decoded lazily here`);
        const contents = source
          .replace(
            eager,
            (_, decoder, tables) =>
              `${decoder}var r, VALID, IGNORED, MAPPED, EMOJI_ROOT;\nfunction decodeTables() {\n  if (VALID) return;\n  r = (0, include_js_1.getData)();\n${tables.replace(/^var /gm, '  ')}}\n`,
          )
          .replace(normalize, `${normalize}    decodeTables();\n`);
        return { contents, loader: 'js' };
      },
    );
  },
};

// Chunks are named by their content: an earlier build's would stay beside the new ones.
rmSync(new URL('./dist/', import.meta.url), { recursive: true, force: true });
await build({
  ...nodeBundle(new URL('./package.json', import.meta.url), 'src/cli.ts', 'dist/cli.js', {
    // Starting is mostly reading modules: these are hundreds of files (the SDK alone 250), compiled in.
    // PGlite reads its WebAssembly beside it, the proto package its .proto files, and gRPC's loader
    // finds `long` through protobufjs's own require: they stay where they are.
    compiledIn: ['@hashgraph/sdk', 'fastify', 'fastify-type-provider-zod', 'drizzle-orm', 'zod', 'pg'],
    // The database starts opening before the gRPC and proto packages, which only the ports need, load.
    splitting: true,
  }),
  plugins: [lazyEnsTables],
});
