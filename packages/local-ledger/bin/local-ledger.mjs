#!/usr/bin/env node
// The package is TypeScript: tsx compiles it on load.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
