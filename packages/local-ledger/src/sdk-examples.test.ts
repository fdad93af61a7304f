import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PrivateKey } from '@hashgraph/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_NODE_OPERATOR_KEY } from './local-node-accounts';
import { startCommand, stopCommand, type RunningLedger } from './testing/ledger-command';

// Programs written for Hedera's network run against `npx local-ledger` on hiero-local-node's ports
// (gRPC 50211, mirror REST 5551, mirror gRPC 5600), unchanged: the README's own, then the SDK's examples. One file holds
// them all, since they need those fixed ports one ledger at a time.

const EXAMPLE = fileURLToPath(new URL('../examples/for-local-node.mjs', import.meta.url));
/** Hedera's JavaScript SDK's example programs, copied unchanged (see the folder's README). */
const SDK_EXAMPLES = fileURLToPath(new URL('../conformance/sdk-examples/', import.meta.url));

/** The examples that run through against the local ledger. */
const RUNS = [
  'account-alias.js',
  'account-allowance.js',
  'account-create-with-hts.js',
  'account-creation-ways.js',
  'batch-tx.js',
  'change-or-remove-token-keys.js',
  'consensus-pub-sub.js',
  'create-account-with-alias-and-receiver-signature.js',
  'create-account-with-alias.js',
  'create-account-with-thresholdkey.js',
  'create-account.js',
  'create-topic-with-revenue.js',
  'create-topic.js',
  'delete-account.js',
  'error-handling-example.js',
  'exempt-custom-fees.js',
  'file-append-chunked.js',
  'generate-key.js',
  'generate-txid-on-demand.js',
  'get-account-balance.js',
  'get-account-info.js',
  'get-address-book.js',
  'get-exchangerates.js',
  'get-file-contents.js',
  'lazy-create-transfer-tx.js',
  'legacy-way-sign-transaction.js',
  'local-wallet-info-query.js',
  'local-wallet-sign-transaction.js',
  'logger-functionalities.js',
  'long-term-schedule-transaction.js',
  'mint-big-number-of-units-of-token.js',
  'multi-node-multi-signature-remove.js',
  'multi-node-multi-signature-removeAll.js',
  'multi-node-multi-signature.js',
  'multi-sig-offline.js',
  'nft-add-remove-allowances.js',
  'prng-transaction.js',
  'schedule-example.js',
  'scheduled-transaction-multi-sig-threshold.js',
  'serialize-deserialize-1.js',
  'serialize-deserialize-10.js',
  'serialize-deserialize-11.js',
  'serialize-deserialize-12.js',
  'serialize-deserialize-2.js',
  'serialize-deserialize-3.js',
  'serialize-deserialize-5.js',
  'serialize-deserialize-7.js',
  'serialize-deserialize-8.js',
  'serialize-deserialize-9.js',
  'sign-transaction.js',
  'sign-tx-body-bytes-with-hsm.js',
  'staking-example-1.js',
  'staking-example-2.js',
  'token-airdrop-example.js',
  'token-reject.js',
  'topic-message-submit-get-all-chunks-status.js',
  'transfer-tokens.js',
  'transfer-using-evm-address.js',
  'update-fungible-token-metadata-with-admin-key.js',
  'update-fungible-token-metadata-with-metadata-key.js',
  'update-nfts-metadata-of-non-fungible-token.js',
];

const UNDERFUNDED_BUYER =
  'the program fails on any Hedera network: Bob, made with 20 HBAR, pays 100 HBAR for the NFT (INSUFFICIENT_ACCOUNT_BALANCE), as this ledger answers too';

/** The examples that do not run through yet, and why. */
const NOT_YET: Record<string, string> = {
  'hts-nftP1-fee-create-mint-burn-associate-transfer.js': UNDERFUNDED_BUYER,
  'hts-nftP2-kyc-upate-schedule.js': UNDERFUNDED_BUYER,
  'hts-nftP3-pause-freeze-wipe-delete.js': UNDERFUNDED_BUYER,
  'initialize-client-with-mirror-node-adress-book.js': "it reaches testnet's mirror node over the internet",
  'serialize-deserialize-4.js': 'the SDK refuses it before any network (freezing a signed transaction again)',
  'serialize-deserialize-6.js': 'the SDK refuses it before any network (freezing a signed transaction again)',
};

/** hiero-local-node's operator pairs, as a `.env` written for it has them. */
const OPERATORS = {
  /** Its genesis operator, for the examples that read the key by its encoding (Ed25519 DER). */
  ed25519: { OPERATOR_ID: '0.0.2', OPERATOR_KEY: LOCAL_NODE_OPERATOR_KEY },
  /** Its first ECDSA account, for the examples that read the key with `PrivateKey.fromStringECDSA`. */
  ecdsa: {
    OPERATOR_ID: '0.0.1002',
    OPERATOR_KEY: '0x7f109a9e3b0d8ecfba9cc23a3614433ce0fa7ddcc80f2a8f10b222179a5a80d6',
  },
};

/**
 * Examples that never end by themselves, and the output that shows they did all they do: the pub-sub
 * example's subscription stays open after its client closes (the SDK's own example runner leaves it out
 * for that); it is through once its twenty messages were sent and each came back on the subscription.
 */
const DONE_WHEN: Record<string, (output: string) => boolean> = {
  'consensus-pub-sub.js': (output) =>
    output.includes('Sent message 19') && output.split('Lorem ipsum dolor sit amet').length - 1 === 20,
};

/** How long an example may take: the pub-sub example waits 5 s after each of its twenty messages. */
const TIME_LIMIT_MS: Record<string, number> = { 'consensus-pub-sub.js': 170_000 };
const DEFAULT_TIME_LIMIT_MS = 110_000;

/** An error the example printed and went on from: they catch what the network answers and log it. */
const PRINTED_ERROR = /\b[A-Za-z]*Error\b/;

async function runProgram(
  file: string,
  env: Record<string, string>,
  cwd?: string,
  {
    doneWhen,
    timeLimitMs = DEFAULT_TIME_LIMIT_MS,
  }: { doneWhen?: (output: string) => boolean; timeLimitMs?: number } = {},
) {
  const program = spawn(process.execPath, [file], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let done = false;
  const seen = () => {
    if (!done && doneWhen?.(stdout)) {
      done = true;
      program.kill('SIGTERM');
    }
  };
  program.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    seen();
  });
  program.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  const killer = setTimeout(() => program.kill('SIGKILL'), timeLimitMs);
  const exitCode = await new Promise<number | null>((resolve) => program.once('exit', resolve));
  clearTimeout(killer);
  // An example that does not end by itself has run through once it did all it does.
  return { code: done ? 0 : exitCode, stdout, stderr };
}

/**
 * On hiero-local-node's ports (gRPC 50211, mirror REST 5551): the README's program, written for
 * Hedera's network with Client.forLocalNode(), runs against it unchanged.
 */
describe('the local-ledger command for Client.forLocalNode()', () => {
  let ledger: RunningLedger;
  // Known before the ledger starts, as a script's operator is.
  const genesisKey = PrivateKey.generateED25519().toStringDer();

  beforeAll(async () => {
    ledger = await startCommand(['--port', '0', '--genesis-key', genesisKey]);
  });
  // The next programs need these ports.
  afterAll(() => stopCommand(ledger));

  it('runs examples/for-local-node.mjs: account, transfer, record and info match the mirror', async () => {
    expect(/key \(development only\): (\S+)/.exec(ledger.output())![1]).toBe(genesisKey);
    const { code, stdout, stderr } = await runProgram(EXAMPLE, { OPERATOR_KEY: genesisKey });
    expect(code, stderr).toBe(0);
    const result = JSON.parse(stdout) as Record<string, string>;
    expect(result).toMatchObject({
      status: 'SUCCESS',
      fee: '100000',
      balance: String(15 * 100_000_000),
      mirrorBalance: String(15 * 100_000_000),
    });
    expect(result.accountId).toMatch(/^0\.0\.\d+$/);
  });
});

describe("Hedera's JavaScript SDK's examples (v2.81.0), unchanged, with a .env written for hiero-local-node", () => {
  let ledger: RunningLedger;

  beforeAll(async () => {
    ledger = await startCommand(['--port', '0', '--local-node-accounts']);
  });
  afterAll(() => stopCommand(ledger));

  it('lists every copied example as running or not yet, with why', () => {
    const copied = readdirSync(SDK_EXAMPLES).filter((name) => name.endsWith('.js'));
    expect([...RUNS, ...Object.keys(NOT_YET)].sort()).toEqual(copied.sort());
    // dotenv would read a .env beside them before the one the test gives.
    expect(existsSync(`${SDK_EXAMPLES}.env`)).toBe(false);
  });

  async function runExample(name: string) {
    const source = readFileSync(`${SDK_EXAMPLES}${name}`, 'utf8');
    const operator = /PrivateKey\.fromStringECDSA\(\s*process\.env\.OPERATOR_KEY/.test(source)
      ? OPERATORS.ecdsa
      : OPERATORS.ed25519;
    const { code, stdout, stderr } = await runProgram(
      `${SDK_EXAMPLES}${name}`,
      { HEDERA_NETWORK: 'local-node', ...operator },
      SDK_EXAMPLES,
      { doneWhen: DONE_WHEN[name], timeLimitMs: TIME_LIMIT_MS[name] },
    );
    const output = `${stdout}\n${stderr}`;
    expect(code, output).toBe(0);
    expect(PRINTED_ERROR.exec(output)?.[0], output).toBeUndefined();
  }

  it.concurrent.each(RUNS)('%s runs through', { timeout: 180_000 }, runExample);

  for (const [name, why] of Object.entries(NOT_YET)) it.todo(`${name}: ${why}`);
});
