import { fileURLToPath } from 'node:url';

/**
 * The server package's folder. This file runs from src/ (tests, tsx) or compiled into dist/main.js:
 * both are one level below it.
 */
export const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));
