import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  AccountBalanceQuery,
  AccountId,
  Client,
  Hbar,
  PrivateKey,
  TransactionId,
  TransferTransaction,
} from '@hashgraph/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/local-ledger.mjs', import.meta.url));

/** `npx local-ledger --port 0`: the ledger alone, used over HTTP as a wallet or a dApp would. */
describe('the local-ledger command', () => {
  let child: ChildProcess;
  let origin: string;
  let output = '';

  beforeAll(async () => {
    child = spawn(process.execPath, [BIN, '--port', '0', '--grpc-port', '0', '--usd-per-hbar', '0.08'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    origin = await new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Local ledger on (http:\/\/\S+)/.exec(output);
        if (match) resolve(match[1]!);
      });
      child.stderr!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`local-ledger exited with ${code}: ${output}`)));
    });
  });
  afterAll(() => {
    child.kill('SIGTERM');
  });

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
    expect(output).toMatch(/genesis account 0\.0\.2/);
  });

  it('serves Hedera SDK programs over gRPC, on the same state as its HTTP routes', async () => {
    const grpcPort = /consensus node 0\.0\.3 \(gRPC\): [\d.]+:(\d+)/.exec(output)![1];
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
