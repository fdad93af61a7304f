import {
  AccountBalanceQuery,
  AccountCreateTransaction,
  AccountId,
  Client,
  Hbar,
  PrivateKey,
  TransactionId,
  TransferTransaction,
} from '@hashgraph/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_PORTS, startCommand, type RunningLedger } from './testing/ledger-command';

/** `npx local-ledger` on free ports: the ledger alone, used over HTTP as a wallet or a dApp would. */
describe('the local-ledger command', () => {
  let ledger: RunningLedger;
  let origin: string;

  beforeAll(async () => {
    ledger = await startCommand([...FREE_PORTS, '--usd-per-hbar', '0.08']);
    origin = ledger.origin;
  });
  afterAll(() => {
    ledger?.child.kill('SIGTERM');
  });
  const output = () => ledger.output();

  const post = (path: string, body: unknown) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('funds an account, takes an SDK transfer signed by it and shows it on its mirror', async () => {
    const key = PrivateKey.generateED25519();
    const faucet = await post('/ledger/faucet', { publicKey: key.publicKey.toStringDer() });
    expect(faucet.status).toBe(200);
    const { accountId } = (await faucet.json()) as { accountId: string };

    const transfer = new TransferTransaction()
      .addHbarTransfer(accountId, new Hbar(-25))
      .addHbarTransfer('0.0.2', new Hbar(25))
      .setTransactionMemo('from the command line')
      .setTransactionId(TransactionId.generate(accountId))
      .setNodeAccountIds([new AccountId(3)])
      .freeze();
    await transfer.sign(key);
    const submitted = await post('/ledger/transactions', {
      bytes: Buffer.from(transfer.toBytes()).toString('base64'),
    });
    expect(await submitted.json()).toMatchObject({ status: 'SUCCESS' });

    const account = (await (await fetch(`${origin}/ledger/api/v1/accounts/${accountId}`)).json()) as {
      balance: { balance: number };
    };
    expect(account.balance.balance).toBe((10_000 - 25) * 100_000_000 - 100_000);
    const rate = (await (await fetch(`${origin}/ledger/api/v1/network/exchangerate`)).json()) as {
      current_rate: { cent_equivalent: number; hbar_equivalent: number };
    };
    expect(rate.current_rate.cent_equivalent / rate.current_rate.hbar_equivalent).toBeCloseTo(8, 6);
    expect(output()).toMatch(/genesis account 0\.0\.2/);
  });

  it('serves Hedera SDK programs over gRPC, on the same state as its HTTP routes', async () => {
    const grpcPort = /consensus node 0\.0\.3 \(gRPC\): [\d.]+:(\d+)/.exec(output())![1];
    const key = PrivateKey.generateED25519();
    const faucet = await post('/ledger/faucet', { publicKey: key.publicKey.toStringDer() });
    const { accountId } = (await faucet.json()) as { accountId: string };
    const client = Client.forNetwork({ [`127.0.0.1:${grpcPort}`]: new AccountId(3) }).setOperator(
      accountId,
      key,
    );
    try {
      const sent = await new TransferTransaction()
        .addHbarTransfer(accountId, new Hbar(-3))
        .addHbarTransfer('0.0.2', new Hbar(3))
        .execute(client);
      expect((await sent.getReceipt(client)).status.toString()).toBe('SUCCESS');
      const balance = await new AccountBalanceQuery().setAccountId(accountId).execute(client);
      const account = (await (await fetch(`${origin}/ledger/api/v1/accounts/${accountId}`)).json()) as {
        balance: { balance: number };
      };
      expect(balance.hbars.toTinybars().toNumber()).toBe(account.balance.balance);
      expect(account.balance.balance).toBe((10_000 - 3) * 100_000_000 - 100_000);
    } finally {
      client.close();
    }
  });

  it('serves its mirror REST on a port of its own at /api/v1, and nothing else there', async () => {
    const mirror = /mirror REST: (http:\/\/\S+)\/api\/v1/.exec(output())![1]!;
    const onPort = await fetch(`${mirror}/api/v1/accounts/0.0.98`);
    expect(onPort.status).toBe(200);
    // Public, as a mirror node is: pages on other origins read it.
    expect(onPort.headers.get('access-control-allow-origin')).toBe('*');
    const underLedger = await fetch(`${origin}/ledger/api/v1/accounts/0.0.98`);
    expect(await onPort.json()).toEqual(await underLedger.json());
    const faucet = await fetch(`${mirror}/ledger/faucet`, { method: 'POST' });
    expect(faucet.status).toBe(404);
  });

  it('answers bad input with 400 { code, message } and refuses an unsigned transfer', async () => {
    const bad = await post('/ledger/faucet', { publicKey: 'zz'.repeat(20) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'BAD_PUBLIC_KEY' });
    const missing = await post('/ledger/transactions', {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: 'BAD_REQUEST' });

    const unsigned = new TransferTransaction()
      .addHbarTransfer('0.0.1001', new Hbar(-1))
      .addHbarTransfer('0.0.2', new Hbar(1))
      .setTransactionId(TransactionId.generate('0.0.1001'))
      .setNodeAccountIds([new AccountId(3)])
      .freeze();
    const refused = await post('/ledger/transactions', {
      bytes: Buffer.from(unsigned.toBytes()).toString('base64'),
    });
    expect(await refused.json()).toMatchObject({ status: 'INVALID_SIGNATURE' });
  });
});

/**
 * A `.env` written for hiero-local-node (its printed accounts and keys) used unchanged: the SDK's
 * examples read OPERATOR_KEY as an ECDSA key.
 */
describe("the local-ledger command with hiero-local-node's development accounts", () => {
  let ledger: RunningLedger;
  let client: Client;
  const env = {
    OPERATOR_ID: '0.0.1002',
    OPERATOR_KEY: '0x7f109a9e3b0d8ecfba9cc23a3614433ce0fa7ddcc80f2a8f10b222179a5a80d6',
  };
  const mirrorAccount = async (idOrEvm: string) =>
    (await (await fetch(`${ledger.origin}/ledger/api/v1/accounts/${idOrEvm}`)).json()) as {
      account: string;
      balance: { balance: number };
      evm_address: string | null;
      key: { _type: string; key: string };
    };

  beforeAll(async () => {
    ledger = await startCommand([...FREE_PORTS, '--local-node-accounts']);
    const grpcPort = /consensus node 0\.0\.3 \(gRPC\): [\d.]+:(\d+)/.exec(ledger.output())![1];
    client = Client.forNetwork({ [`127.0.0.1:${grpcPort}`]: new AccountId(3) }).setOperator(
      env.OPERATOR_ID,
      PrivateKey.fromStringECDSA(env.OPERATOR_KEY),
    );
  });
  afterAll(() => {
    client?.close();
    ledger?.child.kill('SIGTERM');
  });

  it('lists them as hiero-local-node does: ids, kinds, keys, the alias EVM addresses, 10,000 ℏ each', () => {
    const output = ledger.output();
    expect(output).toContain(`0.0.1002 - ECDSA - ${env.OPERATOR_KEY} - 10000 ℏ`);
    // The alias and its address as hiero-local-node's README prints them for this key.
    expect(output).toContain(
      '0.0.1012 - Alias ECDSA - 0x67d8d32e9bf1a9968a5ff53b87d777aa8ebbee69 - 0x105d050185ccb907fba04dd92d8de9e32c18305e097ab41dadda21489a211524 - 10000 ℏ',
    );
    expect(output).toContain(
      '0.0.1031 - ED25519 - 0x9a07bbdbb62e24686d2a4259dc88e38438e2c7a1ba167b147ad30ac540b0a3cd - 10000 ℏ',
    );
    expect(output.match(/^ {4}0\.0\.10\d\d - /gm)).toHaveLength(30);
    expect(/key \(development only\): (\S+)/.exec(output)![1]).toBe(
      '302e020100300506032b65700422042091132178e72057a1d7528025956fe39b0b847f200ab59b2fdd367017f3087137',
    );
  });

  it('an ECDSA operator from the .env pays over gRPC; the mirror shows each account by id and by alias', async () => {
    const sent = await new TransferTransaction()
      .addHbarTransfer(env.OPERATOR_ID, new Hbar(-5))
      .addHbarTransfer('0.0.1022', new Hbar(5))
      .execute(client);
    expect((await sent.getReceipt(client)).status.toString()).toBe('SUCCESS');
    const balance = await new AccountBalanceQuery().setAccountId(env.OPERATOR_ID).execute(client);
    const operator = await mirrorAccount(env.OPERATOR_ID);
    expect(operator.key._type).toBe('ECDSA_SECP256K1');
    expect(operator.balance.balance).toBe(balance.hbars.toTinybars().toNumber());
    expect(operator.balance.balance).toBe((10_000 - 5) * 100_000_000 - 100_000);
    expect((await mirrorAccount('0.0.1022')).balance.balance).toBe(10_005 * 100_000_000);

    const alias = await mirrorAccount('0x67D8d32E9Bf1a9968a5ff53B87d777Aa8EBBEe69');
    expect(alias.account).toBe('0.0.1012');
    expect(alias.evm_address).toBe('0x67d8d32e9bf1a9968a5ff53b87d777aa8ebbee69');

    // An Ed25519 account of the list signs for itself.
    const ed25519 = Client.forNetwork(client.network).setOperator(
      '0.0.1023',
      PrivateKey.fromStringED25519('bbd0894de0b4ecfa862e963825c5448d2d17f807a16869526bff29185747acdb'),
    );
    try {
      const back = await new TransferTransaction()
        .addHbarTransfer('0.0.1023', new Hbar(-1))
        .addHbarTransfer(env.OPERATOR_ID, new Hbar(1))
        .execute(ed25519);
      expect((await back.getReceipt(ed25519)).status.toString()).toBe('SUCCESS');
    } finally {
      ed25519.close();
    }
  });

  it('numbers new accounts after them', async () => {
    const created = await new AccountCreateTransaction()
      .setKeyWithoutAlias(PrivateKey.generateED25519().publicKey)
      .setInitialBalance(new Hbar(1))
      .execute(client);
    expect((await created.getReceipt(client)).accountId!.toString()).toBe('0.0.1032');
  });
});
