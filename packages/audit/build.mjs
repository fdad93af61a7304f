// Compiles the command into one ES module (dist/cli.js), as scripts/bundle-node.mjs describes.
import { build } from 'esbuild';
import { nodeBundle } from '../../scripts/bundle-node.mjs';

await build(nodeBundle(new URL('./package.json', import.meta.url), 'src/cli.ts', 'dist/cli.js'));
