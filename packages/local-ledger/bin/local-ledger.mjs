#!/usr/bin/env -S node --v8-pool-size=1 --max-old-space-size=160
// One V8 worker thread (PGlite's WebAssembly is compiled on them, each keeping its own malloc arena) and
// a JavaScript heap of at most 160 MB keep the ledger small.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runPackageCommand } from '../../../scripts/package-command.mjs';

await runPackageCommand(path.dirname(path.dirname(fileURLToPath(import.meta.url))));
