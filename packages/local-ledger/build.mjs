// Compiles the command into one ES module (dist/cli.js), as scripts/bundle-node.mjs describes (the
// proto package's .proto files are read at run time beside it).
import { build } from 'esbuild';
import { nodeBundle } from '../../scripts/bundle-node.mjs';

await build(
  nodeBundle(new URL('./package.json', import.meta.url), 'src/cli.ts', 'dist/cli.js', {
    // Starting is mostly reading modules: these are hundreds of files (the SDK alone 250), compiled in.
    // PGlite reads its WebAssembly beside it, the proto package its .proto files, and gRPC's loader
    // finds `long` through protobufjs's own require: they stay where they are.
    compiledIn: ['@hashgraph/sdk', 'fastify', 'fastify-type-provider-zod', 'drizzle-orm', 'zod', 'pg'],
  }),
);
