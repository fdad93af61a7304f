#!/usr/bin/env node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runPackageCommand } from '../../../scripts/package-command.mjs';

await runPackageCommand(path.dirname(path.dirname(fileURLToPath(import.meta.url))));
