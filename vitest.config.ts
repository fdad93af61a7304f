import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts'],
          exclude: ['packages/local-ledger/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'local-ledger',
          include: ['packages/local-ledger/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          environment: 'node',
          // The WalletConnect library ships ES modules without declaring them: Vite transforms it.
          server: { deps: { inline: ['@hashgraph/hedera-wallet-connect'] } },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'apps',
          include: [
            'shell/src/**/*.test.ts?(x)',
            'mfe-*/src/**/*.test.ts?(x)',
            'packages/*/src/**/*.test.tsx',
          ],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'bench',
          include: ['bench/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'build',
          include: ['tests/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
        },
      },
    ],
  },
});
