import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `npm run bench -- --only=wallets` runs these journeys: the same servers and wallets as the browser
 * tests, one journey at a time so that neither slows the other.
 */
export default defineConfig({
  ...base,
  testDir: './bench',
  workers: 1,
  retries: 0,
});
