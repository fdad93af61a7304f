import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const REMOTES = ['mfe-search', 'mfe-cart-checkout', 'mfe-my-domains', 'mfe-profile', 'mfe-resolver'];

/** A remote reaches other remotes and the shell only through the bus and the contracts. */
const remoteBoundaries = REMOTES.map((remote) => ({
  files: [`${remote}/**/*.{ts,tsx,mjs}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [...REMOTES.filter((other) => other !== remote), 'shell'].flatMap((app) => [
              app,
              `${app}/**`,
              `**/${app}`,
              `**/${app}/**`,
            ]),
            message: 'A remote never imports another app: use @registry/bus events and @registry/contracts.',
          },
        ],
      },
    ],
  },
}));

/** A server module's repo and routes are its own: others use its service. */
const crossModule = {
  group: [
    '../*/repo',
    '../*/routes',
    '../../modules/*/repo',
    '../../modules/*/routes',
    '../modules/*/repo',
    '../modules/*/routes',
  ],
  message: "Use the other module's service.",
};

/** The registry reads and writes every ledger through its ports; only the wiring knows the local one. */
const localLedgerInternals = {
  group: ['@registry/local-ledger', '@registry/local-ledger/*'],
  message: 'Use the ledger ports (@registry/hedera-node/ledger-port, ledger-writer).',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.rebuild-check/**',
      '.data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Playwright fixtures hand their value to `use`, which is not React's hook; e2e has no React.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  ...remoteBoundaries,
  {
    // Server modules talk to each other only through their exported service; so do the jobs and the ledger.
    files: ['server/src/modules/**/*.ts', 'server/src/jobs/**/*.ts', 'server/src/ledger/**/*.ts'],
    // Tests set up state through whatever part they test.
    ignores: ['server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [crossModule] }],
    },
  },
  {
    files: ['server/src/jobs/**/*.ts'],
    ignores: ['server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [crossModule, localLedgerInternals],
        },
      ],
    },
  },
  {
    // In a module only its repo.ts reads and writes tables: routes → service → repo.
    files: ['server/src/modules/**/*.ts'],
    ignores: ['server/src/modules/**/repo.ts', 'server/src/modules/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            crossModule,
            localLedgerInternals,
            {
              group: ['../../db/schema', '../db/schema'],
              message: "Tables are read and written in the module's repo.ts.",
            },
          ],
        },
      ],
    },
  },
);
