import fs from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
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

/**
 * Inside a remote, a feature folder never imports another feature: what several features use lives in
 * the remote's shared folders (api, components, hooks), and pages made of several features are put
 * together in the remote's pages.tsx.
 */
const featureBoundaries = REMOTES.flatMap((remote) => {
  const features = `${remote}/src/features`;
  if (!fs.existsSync(features)) return [];
  const zones = fs
    .readdirSync(features, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `./${features}/${name}`,
      from: `./${features}`,
      except: [`./${name}`],
      message:
        "A feature imports no other feature: share through the remote's api, components or hooks, or compose in pages.tsx.",
    }));
  return [
    {
      files: [`${remote}/src/features/**/*.{ts,tsx}`],
      plugins: { 'import-x': importX },
      settings: {
        'import-x/resolver-next': [
          importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json', '.css'] }),
        ],
      },
      rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
    },
  ];
});

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

/**
 * The registry reads and writes every ledger through its ports; the embedded local ledger enters the
 * server through one adapter file, which the wiring uses.
 */
const localLedgerInternals = {
  group: ['@registry/local-ledger', '@registry/local-ledger/*'],
  message:
    'Use the ledger ports (@registry/hedera-node/ledger-port, ledger-writer); the wiring reaches the local ledger through server/src/ledger/local-ledger-adapter.ts.',
};
/** The server's files that may import the local ledger: its adapter, and tests that run it as a network. */
const localLedgerDoors = [
  'server/src/ledger/local-ledger-adapter.ts',
  'server/src/**/*.test.ts',
  'server/src/testing/**',
];

/**
 * The server's layers, top to bottom: the wiring, the modules, the generic jobs, the HTTP plugins, the
 * ledger adapters, and the database with the small shared files. Each imports only from below it.
 */
const serverLayers = [['app'], ['modules'], ['jobs'], ['plugins'], ['ledger'], ['db', 'cache', 'mail']];
const serverLayerZones = serverLayers.slice(1).flatMap((folders, index) =>
  folders.map((folder) => ({
    target: `./server/src/${folder}`,
    from: serverLayers
      .slice(0, index + 1)
      .flat()
      .map((above) => `./server/src/${above}`),
    message: `server/src/${folder} sits below ${serverLayers
      .slice(0, index + 1)
      .flat()
      .join(', ')}: pass what it needs in (a type of its own, a function) instead of importing upward.`,
  })),
);

/** A status column's values are named once (server/src/db/statuses.ts, contracts' status codes). */
const bareStatus =
  'Name the status (ORDER_STATUS, JOB_STATUS, DOMAIN_STATUS, …) instead of writing its value.';
const bareStatusSelectors = [
  "Property[key.name='status'] > Literal",
  "CallExpression[callee.name=/^(eq|ne|inArray|notInArray)$/][arguments.0.property.name='status'] > Literal",
  "CallExpression[callee.name=/^(inArray|notInArray)$/][arguments.0.property.name='status'] > ArrayExpression > Literal",
  String.raw`TemplateElement[value.raw=/status\s*(=|<>|in)\s*\(?\s*('|-?\d)/]`,
  // `${jobs.status} = 'running'`: the column interpolated, a status value written out after it.
  String.raw`TemplateElement[value.raw=/^\s*(=|<>|in)\s*\(?\s*'(queued|running|done|failed|quoted|superseded|paid|completed|refunded|settled)'/]`,
].map((selector) => ({ selector, message: bareStatus }));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.rebuild-check/**',
      '.data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      // Hedera's SDK's example programs, kept exactly as published.
      'packages/local-ledger/conformance/sdk-examples/**',
      // Written by packages/contracts/scripts/answer-validators.ts.
      'packages/contracts/src/generated/**',
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
  ...featureBoundaries,
  {
    files: ['server/src/**/*.ts'],
    ignores: localLedgerDoors,
    rules: {
      'no-restricted-imports': ['error', { patterns: [localLedgerInternals] }],
    },
  },
  {
    // Server modules talk to each other only through their exported service; so do the jobs and the ledger.
    files: ['server/src/modules/**/*.ts', 'server/src/jobs/**/*.ts', 'server/src/ledger/**/*.ts'],
    // Tests set up state through whatever part they test.
    ignores: localLedgerDoors,
    rules: {
      'no-restricted-imports': ['error', { patterns: [crossModule, localLedgerInternals] }],
    },
  },
  {
    // Every arrow between the server's folders points down; tests and their helpers wire any part.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/*.test.ts', 'server/src/testing/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverLayerZones }],
      'no-restricted-syntax': ['error', ...bareStatusSelectors],
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
