import {
  AccountBalanceQuery,
  AccountCreateTransaction,
  AccountId,
  AccountUpdateTransaction,
  Client,
  Hbar,
  NetworkVersionInfoQuery,
  PrivateKey,
  NftId,
  Status,
  TokenAssociateTransaction,
  TokenCreateTransaction,
  TokenId,
  TokenMintTransaction,
  TokenSupplyType,
  TokenType,
  TokenWipeTransaction,
  TransactionId,
  TransferTransaction,
} from '@hashgraph/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENESIS_ACCOUNT } from '../ledger-accounts';
import { createLedgerServer, type LedgerServer } from '../ledger-server';
import { ledgerEngineCases } from '../testing/ledger-test-server';
import type { LedgerDatabase } from '../ledger-database';
import { createConsensusNode, type ConsensusNode } from './consensus-node';

/**
 * SDK programs as a Hedera developer writes them for testnet, pointed at the local ledger's gRPC node
 * instead: the answers, and what its mirror REST then shows, are the network's.
 */
describe.each(ledgerEngineCases)('the gRPC consensus node on $engine', ({ open }) => {
  let database: LedgerDatabase;
  let server: LedgerServer;
  let node: ConsensusNode;
  let client: Client;

  beforeAll(async () => {
    database = await open();
    server = await createLedgerServer({ db: database.db });
    node = createConsensusNode({ ledger: server.ledger, db: database.db });
    const port = await node.listen('127.0.0.1', 0);
    client = Client.forNetwork({ [`127.0.0.1:${port}`]: new AccountId(3) }).setOperator(
      GENESIS_ACCOUNT,
      server.writer.operatorKey,
    );
  });
  afterAll(async () => {
    client?.close();
    await node?.close();
    await server?.app.close();
    await database?.close();
  });

  const mirror = async <T>(path: string) =>
    (await server.app.inject({ method: 'GET', url: `/ledger/api/v1${path}` })).json() as T;

  it('creates an account, moves HBAR and answers balances and receipts as the network does', async () => {
    const key = PrivateKey.generateED25519();
    const created = await new AccountCreateTransaction()
      .setKeyWithoutAlias(key.publicKey)
      .setInitialBalance(new Hbar(50))
      .execute(client);
    const createdReceipt = await created.getReceipt(client);
    expect(createdReceipt.status).toBe(Status.Success);
    const accountId = createdReceipt.accountId!.toString();
    expect(accountId).toMatch(/^0\.0\.\d+$/);

    const sent = await new TransferTransaction()
      .addHbarTransfer(GENESIS_ACCOUNT, new Hbar(-7))
      .addHbarTransfer(accountId, new Hbar(7))
      .setTransactionMemo('over gRPC')
      .execute(client);
    expect((await sent.getReceipt(client)).status).toBe(Status.Success);

    const balance = await new AccountBalanceQuery().setAccountId(accountId).execute(client);
    expect(balance.hbars.toTinybars().toString()).toBe(String(57n * 100_000_000n));

    // One state behind both protocols: the mirror REST shows the transfer at once, to the tinybar.
    const onMirror = await mirror<{ balance: { balance: number } }>(`/accounts/${accountId}`);
    expect(onMirror.balance.balance).toBe(57 * 100_000_000);
    const mirrorId = sent.transactionId
      .toString()
      .replace('@', '-')
      .replace(/\.(\d+)$/, '-$1');
    const { transactions } = await mirror<{
      transactions: {
        result: string;
        memo_base64: string;
        transfers: { account: string; amount: number }[];
      }[];
    }>(`/transactions/${mirrorId}`);
    expect(transactions[0]).toMatchObject({
      result: 'SUCCESS',
      memo_base64: Buffer.from('over gRPC').toString('base64'),
    });
    expect(transactions[0]!.transfers).toEqual(
      expect.arrayContaining([{ account: accountId, amount: 7 * 100_000_000, is_approval: false }]),
    );
  });

  it('creates a collection, mints, associates, sends and wipes NFTs, with serials in the receipts', async () => {
    const operatorKey = server.writer.operatorKey;
    const created = await new TokenCreateTransaction()
      .setTokenName('Names')
      .setTokenSymbol('NAME')
      .setTokenType(TokenType.NonFungibleUnique)
      .setSupplyType(TokenSupplyType.Infinite)
      .setTreasuryAccountId(GENESIS_ACCOUNT)
      .setSupplyKey(operatorKey.publicKey)
      .setWipeKey(operatorKey.publicKey)
      .setAdminKey(operatorKey.publicKey)
      .execute(client);
    const tokenId = (await created.getReceipt(client)).tokenId!.toString();

    const minted = await new TokenMintTransaction()
      .setTokenId(tokenId)
      .setMetadata([Buffer.from('alice.hbar'), Buffer.from('bob.hbar')])
      .execute(client);
    const serials = (await minted.getReceipt(client)).serials.map((serial) => serial.toNumber());
    expect(serials).toEqual([1, 2]);

    const holderKey = PrivateKey.generateED25519();
    const holder = (
      await (
        await new AccountCreateTransaction()
          .setKeyWithoutAlias(holderKey.publicKey)
          .setInitialBalance(new Hbar(5))
          .execute(client)
      ).getReceipt(client)
    ).accountId!.toString();
    const association = await (
      await new TokenAssociateTransaction()
        .setAccountId(holder)
        .setTokenIds([tokenId])
        .freezeWith(client)
        .sign(holderKey)
    ).execute(client);
    expect((await association.getReceipt(client)).status).toBe(Status.Success);

    const sent = await new TransferTransaction()
      .addNftTransfer(new NftId(TokenId.fromString(tokenId), 1), GENESIS_ACCOUNT, holder)
      .execute(client);
    expect((await sent.getReceipt(client)).status).toBe(Status.Success);
    const nft = await mirror<{ account_id: string; deleted: boolean }>(`/tokens/${tokenId}/nfts/1`);
    expect(nft).toMatchObject({ account_id: holder, deleted: false });

    const wiped = await new TokenWipeTransaction()
      .setTokenId(tokenId)
      .setAccountId(holder)
      .setSerials([1])
      .execute(client);
    expect((await wiped.getReceipt(client)).status).toBe(Status.Success);
    expect(await mirror<{ deleted: boolean }>(`/tokens/${tokenId}/nfts/1`)).toMatchObject({ deleted: true });
  });

  it('answers a bad signature at precheck, and what it does not serve with NOT_SUPPORTED', async () => {
    // Paid by genesis, signed by someone else, sent by a client with no operator to sign for it.
    const stranger = PrivateKey.generateED25519();
    const unsigned = Client.forNetwork(client.network);
    const forged = await new TransferTransaction()
      .addHbarTransfer(GENESIS_ACCOUNT, new Hbar(-1))
      .addHbarTransfer('0.0.98', new Hbar(1))
      .setNodeAccountIds([new AccountId(3)])
      .setTransactionId(TransactionId.generate(GENESIS_ACCOUNT))
      .freezeWith(unsigned)
      .sign(stranger);
    await expect(forged.execute(unsigned)).rejects.toMatchObject({ status: Status.InvalidSignature });
    unsigned.close();

    await expect(
      new AccountUpdateTransaction().setAccountId(GENESIS_ACCOUNT).setAccountMemo('no').execute(client),
    ).rejects.toMatchObject({ status: Status.NotSupported });
  });

  it('says its version', async () => {
    const version = await new NetworkVersionInfoQuery().execute(client);
    expect(version.protobufVersion.major).toBe(0);
    expect(version.protobufVersion.minor).toBeGreaterThan(0);
  });
});

/** The faults `POST /ledger/control` asks for, met by an SDK client of a two-node network. */
describe('faults on demand over gRPC', () => {
  let database: LedgerDatabase;
  let server: LedgerServer;
  const nodes: ConsensusNode[] = [];
  let client: Client;

  beforeAll(async () => {
    database = await ledgerEngineCases[0]!.open();
    server = await createLedgerServer({ db: database.db });
    const network: Record<string, AccountId> = {};
    for (const nodeAccountId of ['0.0.3', '0.0.4']) {
      const node = createConsensusNode({ ledger: server.ledger, db: database.db, nodeAccountId });
      nodes.push(node);
      network[`127.0.0.1:${await node.listen('127.0.0.1', 0)}`] = AccountId.fromString(nodeAccountId);
    }
    client = Client.forNetwork(network).setOperator(GENESIS_ACCOUNT, server.writer.operatorKey);
  });
  afterAll(async () => {
    client?.close();
    await Promise.all(nodes.map((node) => node.close()));
    await server?.app.close();
    await database?.close();
  });

  const control = async (body: object) =>
    (await server.app.inject({ method: 'POST', url: '/ledger/control', payload: body })).json();

  async function send(memo: string) {
    const response = await new TransferTransaction()
      .addHbarTransfer(GENESIS_ACCOUNT, Hbar.fromTinybars(-1))
      .addHbarTransfer('0.0.98', Hbar.fromTinybars(1))
      .setTransactionMemo(memo)
      .execute(client);
    const receipt = await response.getReceipt(client);
    const mirrorId = response.transactionId
      .toString()
      .replace('@', '-')
      .replace(/\.(\d+)$/, '-$1');
    const { transactions } = (
      await server.app.inject({ method: 'GET', url: `/ledger/api/v1/transactions/${mirrorId}` })
    ).json() as { transactions: { node: string; result: string }[] };
    return { receipt, transactions };
  }

  it('answers BUSY to the next transactions; the SDK tries again and the transfer lands once', async () => {
    expect(await control({ busy: 3 })).toMatchObject({ busy: 3 });
    const { receipt, transactions } = await send('after busy');
    expect(receipt.status).toBe(Status.Success);
    expect(transactions).toHaveLength(1);
    expect(await control({})).toMatchObject({ busy: 0 });
  });

  it('answers receipts UNKNOWN for a while; the SDK asks again until it knows', async () => {
    await control({ receiptsUnknown: 2 });
    const started = Date.now();
    const { receipt } = await send('receipt later');
    expect(receipt.status).toBe(Status.Success);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });

  it('plays a node down: the SDK goes to the other node', async () => {
    expect(await control({ nodeDown: '0.0.3' })).toMatchObject({ nodesDown: ['0.0.3'] });
    try {
      const { receipt, transactions } = await send('other node');
      expect(receipt.status).toBe(Status.Success);
      expect(transactions).toEqual([expect.objectContaining({ node: '0.0.4', result: 'SUCCESS' })]);
    } finally {
      expect(await control({ nodeUp: '0.0.3' })).toMatchObject({ nodesDown: [] });
    }
  });
});
