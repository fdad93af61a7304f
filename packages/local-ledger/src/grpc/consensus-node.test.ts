import {
  AccountAllowanceApproveTransaction,
  AccountAllowanceDeleteTransaction,
  AccountBalanceQuery,
  AccountDeleteTransaction,
  AccountCreateTransaction,
  AccountId,
  AccountInfoQuery,
  AccountUpdateTransaction,
  Client,
  Long,
  ExchangeRates,
  FeeSchedules,
  FileContentsQuery,
  FileId,
  FileInfoQuery,
  NodeAddressBook,
  RequestType,
  Hbar,
  NetworkVersionInfoQuery,
  PrivateKey,
  PrngTransaction,
  NftId,
  Status,
  TokenAssociateTransaction,
  TokenBurnTransaction,
  TokenCreateTransaction,
  TokenDeleteTransaction,
  TokenDissociateTransaction,
  ContractCreateTransaction,
  ContractInfoQuery,
  TokenUpdateNftsTransaction,
  TokenFreezeTransaction,
  TokenGrantKycTransaction,
  TokenRevokeKycTransaction,
  TokenUnfreezeTransaction,
  TokenUnpauseTransaction,
  TokenId,
  TokenInfoQuery,
  TokenNftInfoQuery,
  TokenPauseTransaction,
  TokenMintTransaction,
  TokenSupplyType,
  TokenType,
  TokenWipeTransaction,
  TransactionId,
  TransactionRecordQuery,
  TransferTransaction,
} from '@hashgraph/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENESIS_ACCOUNT, QUERY_FEE_TINYBARS, TRANSACTION_FEE_TINYBARS } from '../ledger-accounts';
import { createLedgerServer, type LedgerServer } from '../ledger-server';
import { mirrorIdOf, startGrpcLedger, type GrpcLedger } from '../testing/grpc-ledger';
import { ledgerEngineCases } from '../testing/ledger-test-server';
import type { LedgerDatabase } from '../ledger-database';
import { createConsensusNode, type ConsensusNode } from './consensus-node';
import { LEDGER_LOCK_KEY } from '../local-ledger';
import { sql } from 'drizzle-orm';

/**
 * SDK programs as a Hedera developer writes them for testnet, pointed at the local ledger's gRPC node
 * instead: the answers, and what its mirror REST then shows, are the network's.
 */

describe.each(ledgerEngineCases)('the gRPC consensus node on $engine', ({ open }) => {
  let server: LedgerServer;
  let client: Client;
  let grpc: GrpcLedger | undefined;

  beforeAll(async () => {
    ({ server, client } = grpc = await startGrpcLedger(open));
  });
  afterAll(() => grpc?.close());

  const mirror = async <T>(path: string) =>
    (await server.app.inject({ method: 'GET', url: `/ledger/api/v1${path}` })).json() as T;
  /** A new NFT collection of the genesis account (supply key: the operator's), as `configure` sets it. */
  const newCollection = async (
    configure: (transaction: TokenCreateTransaction) => TokenCreateTransaction = (transaction) => transaction,
    signers: PrivateKey[] = [],
  ) => {
    let transaction = configure(
      new TokenCreateTransaction()
        .setTokenName('Collection')
        .setTokenSymbol('COL')
        .setTokenType(TokenType.NonFungibleUnique)
        .setTreasuryAccountId(GENESIS_ACCOUNT)
        .setSupplyKey(server.writer.operatorKey.publicKey),
    ).freezeWith(client);
    for (const signer of signers) transaction = await transaction.sign(signer);
    return (await (await transaction.execute(client)).getReceipt(client)).tokenId!.toString();
  };

  it('takes a burst of transfers faster than it applies them: each answered in time, applied once, with its receipt', async () => {
    const receiver = (
      await (
        await new AccountCreateTransaction()
          .setKeyWithoutAlias(PrivateKey.generateED25519().publicKey)
          .execute(client)
      ).getReceipt(client)
    ).accountId!.toString();
    // A client that gives up on a node after 5 s and sends again, as the SDK does (its default is 10 s).
    const impatient = Client.forNetwork(client.network)
      .setOperator(GENESIS_ACCOUNT, server.writer.operatorKey)
      .setGrpcDeadline(5_000);
    try {
      const count = 300;
      // Signed before the burst, as many clients' transactions would be: the SDK's Ed25519 signing
      // (about 12 ms each on a slow machine) would otherwise hold this process's event loop, which the
      // ledger answering them shares, for seconds.
      const signed = await Promise.all(
        Array.from({ length: count }, () =>
          new TransferTransaction()
            .addHbarTransfer(GENESIS_ACCOUNT, Hbar.fromTinybars(-1))
            .addHbarTransfer(receiver, Hbar.fromTinybars(1))
            .freezeWith(impatient)
            .signWithOperator(impatient),
        ),
      );
      const responses = await Promise.all(signed.map((transaction) => transaction.execute(impatient)));
      const receipts = await Promise.all(responses.map((response) => response.getReceipt(impatient)));
      expect(receipts.filter((receipt) => receipt.status === Status.Success)).toHaveLength(count);
      const balance = await new AccountBalanceQuery().setAccountId(receiver).execute(client);
      expect(balance.hbars.toTinybars().toNumber()).toBe(count);
    } finally {
      impatient.close();
    }
  });

  it('answers a transaction it took within the client deadline while consensus waits, and applies it after', async () => {
    // The payer's key is known to the node (it has paid before): the precheck reads nothing.
    await (
      await new TransferTransaction()
        .addHbarTransfer(GENESIS_ACCOUNT, Hbar.fromTinybars(-1))
        .addHbarTransfer('0.0.98', Hbar.fromTinybars(1))
        .execute(client)
    ).getReceipt(client);
    let release!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // Another transaction holds the ledger's lock: this one queues behind it.
    const holder = grpc!.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LEDGER_LOCK_KEY})`);
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await isLocked;
    const oneTry = Client.forNetwork(client.network)
      .setOperator(GENESIS_ACCOUNT, server.writer.operatorKey)
      .setGrpcDeadline(4_000)
      .setMaxAttempts(1);
    try {
      const started = Date.now();
      const response = await new TransferTransaction()
        .addHbarTransfer(GENESIS_ACCOUNT, Hbar.fromTinybars(-5))
        .addHbarTransfer('0.0.98', Hbar.fromTinybars(5))
        .execute(oneTry);
      expect(Date.now() - started).toBeLessThan(4_000);
      expect(server.ledger.isInFlight(mirrorIdOf(response.transactionId))).toBe(true);
      release();
      await holder;
      expect((await response.getReceipt(client)).status).toBe(Status.Success);
      expect(server.ledger.isInFlight(mirrorIdOf(response.transactionId))).toBe(false);
    } finally {
      release?.();
      await holder;
      oneTry.close();
    }
  });

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
    const mirrorId = mirrorIdOf(sent.transactionId);
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

  it('answers paid queries (account, record, token, NFT) for their cost, taken from the payer for the node', async () => {
    const operatorKey = server.writer.operatorKey;
    const key = PrivateKey.generateECDSA();
    const accountId = (
      await (
        await new AccountCreateTransaction()
          .setKeyWithoutAlias(key.publicKey)
          .setInitialBalance(new Hbar(3))
          .setAccountMemo('queried')
          .execute(client)
      ).getReceipt(client)
    ).accountId!;
    const tokenId = (
      await (
        await new TokenCreateTransaction()
          .setTokenName('Queried names')
          .setTokenSymbol('QN')
          .setTokenType(TokenType.NonFungibleUnique)
          .setTreasuryAccountId(GENESIS_ACCOUNT)
          .setSupplyKey(operatorKey.publicKey)
          .setWipeKey(operatorKey.publicKey)
          .execute(client)
      ).getReceipt(client)
    ).tokenId!;
    const minted = await new TokenMintTransaction()
      .setTokenId(tokenId)
      .setMetadata([Buffer.from('carol.hbar')])
      .execute(client);
    await minted.getReceipt(client);
    const sent = await new TransferTransaction()
      .addHbarTransfer(GENESIS_ACCOUNT, Hbar.fromTinybars(-12_345))
      .addHbarTransfer(accountId, Hbar.fromTinybars(12_345))
      .setTransactionMemo('recorded')
      .execute(client);

    // The cost, as the SDK asks for it (and pays 10 % over, as it does on testnet).
    const cost = await new AccountInfoQuery().setAccountId(accountId).getCost(client);
    expect(cost.toTinybars().toString()).toBe(String((QUERY_FEE_TINYBARS * 11n) / 10n));

    const nodeBefore = await new AccountBalanceQuery().setAccountId('0.0.3').execute(client);
    const info = await new AccountInfoQuery().setAccountId(accountId).execute(client);
    expect(info.accountId.toString()).toBe(accountId.toString());
    expect(info.key.toString()).toBe(key.publicKey.toString());
    expect(info.balance.toTinybars().toString()).toBe(String(3n * 100_000_000n + 12_345n));
    expect(info.accountMemo).toBe('queried');
    const nodeAfter = await new AccountBalanceQuery().setAccountId('0.0.3').execute(client);
    expect(nodeAfter.hbars.toTinybars().toNumber() - nodeBefore.hbars.toTinybars().toNumber()).toBe(
      cost.toTinybars().toNumber(),
    );

    // The record matches what the mirror REST shows, to the tinybar.
    const record = await new TransactionRecordQuery().setTransactionId(sent.transactionId).execute(client);
    const mirrorId = mirrorIdOf(sent.transactionId);
    const {
      transactions: [onMirror],
    } = await mirror<{
      transactions: {
        consensus_timestamp: string;
        charged_tx_fee: number;
        transfers: { account: string; amount: number }[];
      }[];
    }>(`/transactions/${mirrorId}`);
    expect(record.receipt.status).toBe(Status.Success);
    expect(record.transactionMemo).toBe('recorded');
    expect(record.transactionFee.toTinybars().toNumber()).toBe(onMirror!.charged_tx_fee);
    expect(record.transactionFee.toTinybars().toString()).toBe(TRANSACTION_FEE_TINYBARS.toString());
    expect(record.consensusTimestamp.toString()).toBe(onMirror!.consensus_timestamp);
    expect(
      record.transfers.map((transfer) => ({
        account: transfer.accountId.toString(),
        amount: transfer.amount.toTinybars().toNumber(),
      })),
    ).toEqual(onMirror!.transfers.map(({ account, amount }) => ({ account, amount })));

    const token = await new TokenInfoQuery().setTokenId(tokenId).execute(client);
    expect(token).toMatchObject({ name: 'Queried names', symbol: 'QN', decimals: 0 });
    expect(token.totalSupply.toNumber()).toBe(1);
    expect(token.tokenType).toBe(TokenType.NonFungibleUnique);
    expect(token.treasuryAccountId?.toString()).toBe(GENESIS_ACCOUNT);
    expect(token.supplyKey?.toString()).toBe(operatorKey.publicKey.toString());
    expect(token.wipeKey?.toString()).toBe(operatorKey.publicKey.toString());

    const [nft] = await new TokenNftInfoQuery().setNftId(new NftId(tokenId, 1)).execute(client);
    expect(nft!.accountId.toString()).toBe(GENESIS_ACCOUNT);
    expect(Buffer.from(nft!.metadata!).toString()).toBe('carol.hbar');
    const mintRecord = await new TransactionRecordQuery()
      .setTransactionId(minted.transactionId)
      .execute(client);
    expect(mintRecord.receipt.serials.map(Number)).toEqual([1]);
    expect(mintRecord.nftTransfers.get(tokenId)?.map((transfer) => transfer.recipient.toString())).toEqual([
      GENESIS_ACCOUNT,
    ]);

    // A payment short of the cost, or from an account that cannot pay, is refused before an answer.
    await expect(
      new AccountInfoQuery().setAccountId(accountId).setQueryPayment(Hbar.fromTinybars(1)).execute(client),
    ).rejects.toMatchObject({ status: Status.InsufficientTxFee });
    const broke = PrivateKey.generateED25519();
    const brokeId = (
      await (
        await new AccountCreateTransaction().setKeyWithoutAlias(broke.publicKey).execute(client)
      ).getReceipt(client)
    ).accountId!;
    const brokeClient = Client.forNetwork(client.network).setOperator(brokeId, broke);
    try {
      await expect(new AccountInfoQuery().setAccountId(accountId).execute(brokeClient)).rejects.toMatchObject(
        {
          status: Status.InsufficientPayerBalance,
        },
      );
    } finally {
      brokeClient.close();
    }
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

    // Smart contracts are not served.
    await expect(new ContractInfoQuery().setContractId('0.0.98').execute(client)).rejects.toMatchObject({
      status: Status.NotSupported,
    });
    await expect(
      new ContractCreateTransaction().setBytecodeFileId('0.0.111').setGas(100_000).execute(client),
    ).rejects.toMatchObject({
      status: Status.NotSupported,
    });
  });

  it('keeps what an account states about staking: to an account or a node, cleared, rewards declined', async () => {
    const key = PrivateKey.generateED25519();
    const created = await (
      await new AccountCreateTransaction()
        .setKeyWithoutAlias(key.publicKey)
        .setInitialBalance(new Hbar(30))
        .setStakedAccountId('0.0.3')
        .setDeclineStakingReward(true)
        .execute(client)
    ).getReceipt(client);
    const accountId = created.accountId!.toString();
    let info = await new AccountInfoQuery().setAccountId(accountId).execute(client);
    expect(info.stakingInfo?.stakedAccountId?.toString()).toBe('0.0.3');
    expect(info.stakingInfo?.declineStakingReward).toBe(true);
    expect(info.stakingInfo?.pendingReward?.toTinybars().toNumber()).toBe(0);
    // 0.0.3 sees what is staked to it.
    const node = await new AccountInfoQuery().setAccountId('0.0.3').execute(client);
    expect(node.stakingInfo!.stakedToMe!.toTinybars().toNumber()).toBeGreaterThanOrEqual(30 * 100_000_000);

    const update = (configure: (update: AccountUpdateTransaction) => AccountUpdateTransaction) =>
      configure(new AccountUpdateTransaction().setAccountId(accountId)).freezeWith(client).sign(key);
    const statusOf = async (signed: Promise<AccountUpdateTransaction>) => {
      try {
        return (await (await (await signed).execute(client)).getReceipt(client)).status.toString();
      } catch (error) {
        return (error as { status?: Status }).status?.toString();
      }
    };
    expect(await statusOf(update((u) => u.setStakedAccountId(accountId)))).toBe(
      'SELF_STAKING_IS_NOT_ALLOWED',
    );
    expect(await statusOf(update((u) => u.setStakedAccountId('0.0.987654')))).toBe('INVALID_STAKING_ID');
    expect(await statusOf(update((u) => u.setStakedNodeId(7)))).toBe('INVALID_STAKING_ID');
    expect(await statusOf(update((u) => u.setStakedNodeId(0).setDeclineStakingReward(false)))).toBe(
      'SUCCESS',
    );
    info = await new AccountInfoQuery().setAccountId(accountId).execute(client);
    expect(info.stakingInfo?.stakedAccountId).toBeNull();
    expect(info.stakingInfo?.stakedNodeId?.toNumber()).toBe(0);
    expect(info.stakingInfo?.stakePeriodStart).not.toBeNull();
    const onMirror = await mirror<Record<string, unknown>>(`/accounts/${accountId}`);
    expect(onMirror).toMatchObject({ staked_node_id: 0, staked_account_id: null, decline_reward: false });
    expect(onMirror.stake_period_start).toMatch(/^\d+\.000000000$/);

    expect(await statusOf(update((u) => u.clearStakedNodeId()))).toBe('SUCCESS');
    expect(await mirror<Record<string, unknown>>(`/accounts/${accountId}`)).toMatchObject({
      staked_node_id: null,
      stake_period_start: null,
    });
  });

  it("updates an account's key and memo when the account's key, and a new key, sign", async () => {
    const first = PrivateKey.generateED25519();
    const second = PrivateKey.generateECDSA();
    const created = await new AccountCreateTransaction()
      .setKeyWithoutAlias(first.publicKey)
      .setInitialBalance(new Hbar(20))
      .execute(client);
    const accountId = (await created.getReceipt(client)).accountId!.toString();
    /** An update of the account, paid by the operator, signed by `keys` too. */
    const receiptOf = async (
      configure: (update: AccountUpdateTransaction) => AccountUpdateTransaction,
      keys: PrivateKey[],
    ) => {
      let update = configure(new AccountUpdateTransaction().setAccountId(accountId)).freezeWith(client);
      for (const key of keys) update = await update.sign(key);
      const response = await update.execute(client);
      return { ...(await response.getReceipt(client)), transactionId: response.transactionId };
    };

    // Signed by the operator only; then a new key the account does not prove it holds.
    await expect(receiptOf((update) => update.setAccountMemo('taken'), [])).rejects.toMatchObject({
      status: Status.InvalidSignature,
    });
    await expect(receiptOf((update) => update.setKey(second.publicKey), [first])).rejects.toMatchObject({
      status: Status.InvalidSignature,
    });
    await expect(
      receiptOf((update) => update.setAccountMemo('x'.repeat(101)), [first]),
    ).rejects.toMatchObject({ status: Status.MemoTooLong });
    await expect(
      receiptOf((update) => update.setReceiverSignatureRequired(true), [first]),
    ).rejects.toMatchObject({ status: Status.NotSupported });

    const receipt = await receiptOf(
      (update) => update.setKey(second.publicKey).setAccountMemo('renamed'),
      [first, second],
    );
    expect(receipt.status).toBe(Status.Success);
    const info = await new AccountInfoQuery().setAccountId(accountId).execute(client);
    expect(info.key.toString()).toBe(second.publicKey.toString());
    expect(info.accountMemo).toBe('renamed');
    const onMirror = await mirror<{ memo: string; key: { _type: string; key: string } }>(
      `/accounts/${accountId}`,
    );
    expect(onMirror.memo).toBe('renamed');
    expect(onMirror.key).toEqual({ _type: 'ECDSA_SECP256K1', key: second.publicKey.toStringRaw() });
    const { transactions } = await mirror<{
      transactions: { name: string; result: string; entity_id: string }[];
    }>(`/transactions/${mirrorIdOf(receipt.transactionId)}`);
    expect(transactions[0]).toEqual(
      expect.objectContaining({ name: 'CRYPTOUPDATEACCOUNT', result: 'SUCCESS', entity_id: accountId }),
    );

    // The old key no longer moves the account's HBAR; the new one does.
    const spend = (key: PrivateKey) =>
      new TransferTransaction()
        .addHbarTransfer(accountId, new Hbar(-1))
        .addHbarTransfer(GENESIS_ACCOUNT, new Hbar(1))
        .freezeWith(client)
        .sign(key);
    await expect((await (await spend(first)).execute(client)).getReceipt(client)).rejects.toMatchObject({
      status: Status.InvalidSignature,
    });
    expect((await (await (await spend(second)).execute(client)).getReceipt(client)).status).toBe(
      Status.Success,
    );
  });

  it('deletes an account its key signs for: its HBAR goes to another account, and it takes nothing more', async () => {
    const key = PrivateKey.generateED25519();
    const create = async (hbar: number) =>
      (
        await (
          await new AccountCreateTransaction()
            .setKeyWithoutAlias(key.publicKey)
            .setInitialBalance(new Hbar(hbar))
            .execute(client)
        ).getReceipt(client)
      ).accountId!.toString();
    const [accountId, receiverId] = [await create(30), await create(1)];
    const deletion = async (transferTo: string, keys: PrivateKey[]) => {
      let deleting = new AccountDeleteTransaction()
        .setAccountId(accountId)
        .setTransferAccountId(transferTo)
        .freezeWith(client);
      for (const each of keys) deleting = await deleting.sign(each);
      const response = await deleting.execute(client);
      return { ...(await response.getReceipt(client)), transactionId: response.transactionId };
    };
    await expect(deletion(accountId, [key])).rejects.toMatchObject({
      status: Status.TransferAccountSameAsDeleteAccount,
    });
    await expect(deletion(receiverId, [])).rejects.toMatchObject({ status: Status.InvalidSignature });

    // While it holds an NFT (as a collection's treasury) it cannot go; once the NFT is burned it can.
    const operatorKey = server.writer.operatorKey;
    const collection = await (
      await new TokenCreateTransaction()
        .setTokenName('Kept')
        .setTokenSymbol('KEPT')
        .setTokenType(TokenType.NonFungibleUnique)
        .setSupplyType(TokenSupplyType.Infinite)
        .setTreasuryAccountId(accountId)
        .setSupplyKey(operatorKey.publicKey)
        .freezeWith(client)
        .sign(key)
    ).execute(client);
    const tokenId = (await collection.getReceipt(client)).tokenId!;
    await (
      await new TokenMintTransaction()
        .setTokenId(tokenId)
        .setMetadata([Buffer.from('kept')])
        .execute(client)
    ).getReceipt(client);
    await expect(deletion(receiverId, [key])).rejects.toMatchObject({
      status: Status.TransactionRequiresZeroTokenBalances,
    });
    await (
      await new TokenBurnTransaction().setTokenId(tokenId).setSerials([1]).execute(client)
    ).getReceipt(client);

    const deleted = await deletion(receiverId, [key]);
    expect(deleted.status).toBe(Status.Success);
    const balanceOf = async (id: string) =>
      (await new AccountBalanceQuery().setAccountId(id).execute(client)).hbars.toTinybars().toString();
    expect(await balanceOf(receiverId)).toBe(String(31n * 100_000_000n));
    expect(await balanceOf(accountId)).toBe('0');
    await expect(new AccountInfoQuery().setAccountId(accountId).execute(client)).rejects.toMatchObject({
      status: Status.AccountDeleted,
    });
    const onMirror = await mirror<{ deleted: boolean; balance: { balance: number } }>(
      `/accounts/${accountId}`,
    );
    expect(onMirror).toMatchObject({ deleted: true, balance: { balance: 0 } });
    const { transactions } = await mirror<{
      transactions: { name: string; entity_id: string; transfers: { account: string; amount: number }[] }[];
    }>(`/transactions/${mirrorIdOf(deleted.transactionId)}`);
    expect(transactions[0]).toMatchObject({ name: 'CRYPTODELETE', entity_id: accountId });
    expect(transactions[0]!.transfers).toEqual(
      expect.arrayContaining([
        { account: accountId, amount: -30 * 100_000_000, is_approval: false },
        { account: receiverId, amount: 30 * 100_000_000, is_approval: false },
      ]),
    );

    // Deleted: no transfer to it, no second deletion, and it pays for nothing.
    const sent = await new TransferTransaction()
      .addHbarTransfer(GENESIS_ACCOUNT, new Hbar(-1))
      .addHbarTransfer(accountId, new Hbar(1))
      .execute(client);
    await expect(sent.getReceipt(client)).rejects.toMatchObject({ status: Status.AccountDeleted });
    await expect(deletion(receiverId, [key])).rejects.toMatchObject({ status: Status.AccountDeleted });
    const asDeleted = Client.forNetwork(client.network).setOperator(accountId, key);
    try {
      await expect(
        new TransferTransaction()
          .addHbarTransfer(accountId, Hbar.fromTinybars(-1))
          .addHbarTransfer(receiverId, Hbar.fromTinybars(1))
          .execute(asDeleted),
      ).rejects.toMatchObject({ status: Status.PayerAccountDeleted });
    } finally {
      asDeleted.close();
    }
  });

  it('pauses a token, freezes a holder and grants or revokes KYC, each with its key, and transfers obey them', async () => {
    const pauseKey = PrivateKey.generateED25519();
    const freezeKey = PrivateKey.generateECDSA();
    const kycKey = PrivateKey.generateED25519();
    const tokenId = await newCollection((transaction) =>
      transaction
        .setPauseKey(pauseKey.publicKey)
        .setFreezeKey(freezeKey.publicKey)
        .setKycKey(kycKey.publicKey)
        .setFreezeDefault(true),
    );
    await (
      await new TokenMintTransaction()
        .setTokenId(tokenId)
        .setMetadata([Buffer.from('one'), Buffer.from('two')])
        .execute(client)
    ).getReceipt(client);
    const holderKey = PrivateKey.generateED25519();
    const holder = (
      await (
        await new AccountCreateTransaction().setKeyWithoutAlias(holderKey.publicKey).execute(client)
      ).getReceipt(client)
    ).accountId!.toString();
    await (
      await (
        await new TokenAssociateTransaction()
          .setAccountId(holder)
          .setTokenIds([tokenId])
          .freezeWith(client)
          .sign(holderKey)
      ).execute(client)
    ).getReceipt(client);
    const send = async (serial: number) =>
      (
        await new TransferTransaction()
          .addNftTransfer(new NftId(TokenId.fromString(tokenId), serial), GENESIS_ACCOUNT, holder)
          .execute(client)
      ).getReceipt(client);
    const signedBy = async <
      T extends {
        freezeWith(c: Client): T;
        sign(k: PrivateKey): Promise<T>;
        execute(c: Client): Promise<{ getReceipt(c: Client): Promise<{ status: Status }> }>;
      },
    >(
      transaction: T,
      key: PrivateKey,
    ) => (await (await transaction.freezeWith(client).sign(key)).execute(client)).getReceipt(client);
    const holderStanding = async () =>
      (
        await mirror<{ tokens: { freeze_status: string; kyc_status: string }[] }>(
          `/accounts/${holder}/tokens`,
        )
      ).tokens[0];

    // A new holder starts frozen (freeze default) and without KYC.
    expect(await holderStanding()).toEqual(
      expect.objectContaining({ freeze_status: 'FROZEN', kyc_status: 'REVOKED' }),
    );
    await expect(send(1)).rejects.toMatchObject({ status: Status.AccountFrozenForToken });
    await expect(
      signedBy(new TokenUnfreezeTransaction().setTokenId(tokenId).setAccountId(holder), kycKey),
    ).rejects.toMatchObject({ status: Status.InvalidSignature });
    expect(
      (await signedBy(new TokenUnfreezeTransaction().setTokenId(tokenId).setAccountId(holder), freezeKey))
        .status,
    ).toBe(Status.Success);
    await expect(send(1)).rejects.toMatchObject({ status: Status.AccountKycNotGrantedForToken });
    expect(
      (await signedBy(new TokenGrantKycTransaction().setTokenId(tokenId).setAccountId(holder), kycKey))
        .status,
    ).toBe(Status.Success);
    expect(await holderStanding()).toEqual(
      expect.objectContaining({ freeze_status: 'UNFROZEN', kyc_status: 'GRANTED' }),
    );
    expect((await send(1)).status).toBe(Status.Success);

    // Paused, nothing of it moves or is minted; its holders' standing cannot change either.
    const paused = await signedBy(new TokenPauseTransaction().setTokenId(tokenId), pauseKey);
    expect(paused.status).toBe(Status.Success);
    const info = await new TokenInfoQuery().setTokenId(tokenId).execute(client);
    expect(info.pauseStatus).toBe(true);
    expect(info.defaultFreezeStatus).toBe(true);
    // Without KYC until granted.
    expect(info.defaultKycStatus).toBe(false);
    expect(info.pauseKey?.toString()).toBe(pauseKey.publicKey.toString());
    expect(info.freezeKey?.toString()).toBe(freezeKey.publicKey.toString());
    expect(info.kycKey?.toString()).toBe(kycKey.publicKey.toString());
    await expect(send(2)).rejects.toMatchObject({ status: Status.TokenIsPaused });
    await expect(
      (
        await new TokenMintTransaction()
          .setTokenId(tokenId)
          .setMetadata([Buffer.from('three')])
          .execute(client)
      ).getReceipt(client),
    ).rejects.toMatchObject({ status: Status.TokenIsPaused });
    await expect(
      signedBy(new TokenRevokeKycTransaction().setTokenId(tokenId).setAccountId(holder), kycKey),
    ).rejects.toMatchObject({ status: Status.TokenIsPaused });
    const onMirror = await mirror<Record<string, unknown>>(`/tokens/${tokenId}`);
    expect(onMirror).toMatchObject({
      pause_status: 'PAUSED',
      freeze_default: true,
      pause_key: { _type: 'ED25519', key: pauseKey.publicKey.toStringRaw() },
      freeze_key: { _type: 'ECDSA_SECP256K1', key: freezeKey.publicKey.toStringRaw() },
      kyc_key: { _type: 'ED25519', key: kycKey.publicKey.toStringRaw() },
    });
    expect((await signedBy(new TokenUnpauseTransaction().setTokenId(tokenId), pauseKey)).status).toBe(
      Status.Success,
    );
    expect((await mirror<{ pause_status: string }>(`/tokens/${tokenId}`)).pause_status).toBe('UNPAUSED');

    // Frozen or without KYC, a holder can neither receive nor send.
    const revoked = await signedBy(
      new TokenRevokeKycTransaction().setTokenId(tokenId).setAccountId(holder),
      kycKey,
    );
    expect(revoked.status).toBe(Status.Success);
    await expect(send(2)).rejects.toMatchObject({ status: Status.AccountKycNotGrantedForToken });
    await signedBy(new TokenGrantKycTransaction().setTokenId(tokenId).setAccountId(holder), kycKey);
    const freezing = await (
      await new TokenFreezeTransaction()
        .setTokenId(tokenId)
        .setAccountId(holder)
        .freezeWith(client)
        .sign(freezeKey)
    ).execute(client);
    expect((await freezing.getReceipt(client)).status).toBe(Status.Success);
    const back = await (
      await (
        await new TransferTransaction()
          .addNftTransfer(new NftId(TokenId.fromString(tokenId), 1), holder, GENESIS_ACCOUNT)
          .freezeWith(client)
          .sign(holderKey)
      ).execute(client)
    )
      .getReceipt(client)
      .catch((error: { status: Status }) => error);
    expect(back.status).toBe(Status.AccountFrozenForToken);

    // A token without those keys says so; an account it is not associated with cannot be frozen.
    const plain = await newCollection();
    await expect(signedBy(new TokenPauseTransaction().setTokenId(plain), pauseKey)).rejects.toMatchObject({
      status: Status.TokenHasNoPauseKey,
    });
    await expect(
      signedBy(new TokenFreezeTransaction().setTokenId(plain).setAccountId(holder), freezeKey),
    ).rejects.toMatchObject({ status: Status.TokenHasNoFreezeKey });
    await expect(
      signedBy(new TokenGrantKycTransaction().setTokenId(plain).setAccountId(holder), kycKey),
    ).rejects.toMatchObject({ status: Status.TokenHasNoKycKey });
    const stranger = (
      await (
        await new AccountCreateTransaction()
          .setKeyWithoutAlias(PrivateKey.generateED25519().publicKey)
          .execute(client)
      ).getReceipt(client)
    ).accountId!.toString();
    await expect(
      signedBy(new TokenFreezeTransaction().setTokenId(tokenId).setAccountId(stranger), freezeKey),
    ).rejects.toMatchObject({ status: Status.TokenNotAssociatedToAccount });
    const { transactions } = await mirror<{ transactions: { name: string; entity_id: string }[] }>(
      `/transactions/${mirrorIdOf(freezing.transactionId)}`,
    );
    expect(transactions[0]).toMatchObject({ name: 'TOKENFREEZE', entity_id: tokenId });
  });

  it('deletes a token with its admin key: it stays listed as deleted, and nothing more is done with it', async () => {
    const adminKey = PrivateKey.generateED25519();
    const create = (withAdmin: boolean) =>
      withAdmin
        ? newCollection((transaction) => transaction.setAdminKey(adminKey.publicKey), [adminKey])
        : newCollection();
    const deletion = async (tokenId: string, keys: PrivateKey[]) => {
      let transaction = new TokenDeleteTransaction().setTokenId(tokenId).freezeWith(client);
      for (const key of keys) transaction = await transaction.sign(key);
      return transaction.execute(client);
    };
    const immutable = await create(false);
    await expect((await deletion(immutable, [])).getReceipt(client)).rejects.toMatchObject({
      status: Status.TokenIsImmutable,
    });
    const tokenId = await create(true);
    await (
      await new TokenMintTransaction()
        .setTokenId(tokenId)
        .setMetadata([Buffer.from('last')])
        .execute(client)
    ).getReceipt(client);
    await expect((await deletion(tokenId, [])).getReceipt(client)).rejects.toMatchObject({
      status: Status.InvalidSignature,
    });
    const deleted = await deletion(tokenId, [adminKey]);
    expect((await deleted.getReceipt(client)).status).toBe(Status.Success);

    await expect(
      (
        await new TokenMintTransaction()
          .setTokenId(tokenId)
          .setMetadata([Buffer.from('more')])
          .execute(client)
      ).getReceipt(client),
    ).rejects.toMatchObject({ status: Status.TokenWasDeleted });
    await expect((await deletion(tokenId, [adminKey])).getReceipt(client)).rejects.toMatchObject({
      status: Status.TokenWasDeleted,
    });
    const holderKey = PrivateKey.generateED25519();
    const holder = (
      await (
        await new AccountCreateTransaction().setKeyWithoutAlias(holderKey.publicKey).execute(client)
      ).getReceipt(client)
    ).accountId!.toString();
    await expect(
      (
        await (
          await new TokenAssociateTransaction()
            .setAccountId(holder)
            .setTokenIds([tokenId])
            .freezeWith(client)
            .sign(holderKey)
        ).execute(client)
      ).getReceipt(client),
    ).rejects.toMatchObject({ status: Status.TokenWasDeleted });
    await expect(
      (
        await new TransferTransaction()
          .addNftTransfer(new NftId(TokenId.fromString(tokenId), 1), GENESIS_ACCOUNT, '0.0.98')
          .execute(client)
      ).getReceipt(client),
    ).rejects.toMatchObject({ status: Status.TokenWasDeleted });

    expect((await new TokenInfoQuery().setTokenId(tokenId).execute(client)).isDeleted).toBe(true);
    expect(await mirror<{ deleted: boolean; total_supply: string }>(`/tokens/${tokenId}`)).toMatchObject({
      deleted: true,
      total_supply: '1',
    });
    const { transactions } = await mirror<{
      transactions: { name: string; entity_id: string; result: string }[];
    }>(`/transactions/${mirrorIdOf(deleted.transactionId)}`);
    expect(transactions[0]).toMatchObject({ name: 'TOKENDELETION', entity_id: tokenId, result: 'SUCCESS' });
  });

  it('serves the system files every SDK reads: exchange rates, fee schedules and the address book', async () => {
    const rates = ExchangeRates.fromBytes(
      await new FileContentsQuery().setFileId(FileId.EXCHANGE_RATES).execute(client),
    );
    const onMirror = await mirror<{ current_rate: { cent_equivalent: number; hbar_equivalent: number } }>(
      '/network/exchangerate',
    );
    expect(rates.currentRate.cents).toBe(onMirror.current_rate.cent_equivalent);
    expect(rates.currentRate.hbars).toBe(onMirror.current_rate.hbar_equivalent);
    // 0.05 USD per HBAR, as the ledger starts.
    expect(rates.currentRate.exchangeRateInCents).toBeCloseTo(5, 6);

    const fees = FeeSchedules.fromBytes(
      await new FileContentsQuery().setFileId(FileId.FEE_SCHEDULE).execute(client),
    );
    const transfer = fees.current!.transactionFeeSchedule!.find(
      (entry) => entry.hederaFunctionality === RequestType.CryptoTransfer,
    );
    // The flat fee of 0.001 HBAR at 5 cents: 0.005 cents, in thousandths of a tinycent.
    expect(transfer!.fees![0]!.servicedata!.constant!.toString()).toBe(String(0.005 * 100_000_000 * 1000));

    const book = NodeAddressBook.fromBytes(
      await new FileContentsQuery().setFileId(FileId.ADDRESS_BOOK).execute(client),
    );
    const [node] = book.nodeAddresses;
    expect(node!.accountId!.toString()).toBe('0.0.3');
    const endpoint = node!.addresses[0]!;
    expect(`${endpoint.address!.toString()}:${endpoint.port}`).toBe(Object.keys(client.network)[0]);

    const info = await new FileInfoQuery().setFileId(FileId.EXCHANGE_RATES).execute(client);
    const contents = await new FileContentsQuery().setFileId(FileId.EXCHANGE_RATES).execute(client);
    expect(info.size.toNumber()).toBe(contents.length);
    expect(info.isDeleted).toBe(false);
    await expect(new FileContentsQuery().setFileId('0.0.150').execute(client)).rejects.toMatchObject({
      status: Status.InvalidFileId,
    });
  });

  it("changes minted NFTs' metadata with the token's metadata key; their holders stay", async () => {
    const metadataKey = PrivateKey.generateECDSA();
    const create = (withMetadataKey: boolean) =>
      newCollection((transaction) =>
        withMetadataKey ? transaction.setMetadataKey(metadataKey.publicKey) : transaction,
      );
    const tokenId = await create(true);
    await (
      await new TokenMintTransaction()
        .setTokenId(tokenId)
        .setMetadata([Buffer.from('first'), Buffer.from('second'), Buffer.from('third')])
        .execute(client)
    ).getReceipt(client);
    await (
      await new TokenBurnTransaction().setTokenId(tokenId).setSerials([3]).execute(client)
    ).getReceipt(client);
    const update = async (token: string, serials: number[], metadata: Uint8Array, keys: PrivateKey[]) => {
      let transaction = new TokenUpdateNftsTransaction()
        .setTokenId(token)
        .setSerialNumbers(serials.map((serial) => Long.fromNumber(serial)))
        .setMetadata(metadata)
        .freezeWith(client);
      for (const key of keys) transaction = await transaction.sign(key);
      return transaction.execute(client);
    };
    await expect((await update(tokenId, [1], Buffer.from('x'), [])).getReceipt(client)).rejects.toMatchObject(
      {
        status: Status.InvalidSignature,
      },
    );
    await expect(
      (await update(tokenId, [1], Buffer.alloc(101), [metadataKey])).getReceipt(client),
    ).rejects.toMatchObject({ status: Status.MetadataTooLong });
    await expect(
      (await update(tokenId, [1, 3], Buffer.from('x'), [metadataKey])).getReceipt(client),
    ).rejects.toMatchObject({ status: Status.InvalidNftId });
    await expect(
      (await update(await create(false), [1], Buffer.from('x'), [metadataKey])).getReceipt(client),
    ).rejects.toMatchObject({ status: Status.TokenHasNoMetadataKey });

    const updated = await update(tokenId, [1, 2], Buffer.from('evolved'), [metadataKey]);
    expect((await updated.getReceipt(client)).status).toBe(Status.Success);
    const nft = await new TokenNftInfoQuery()
      .setNftId(new NftId(TokenId.fromString(tokenId), 2))
      .execute(client);
    expect(Buffer.from(nft[0]!.metadata!).toString()).toBe('evolved');
    expect(nft[0]!.accountId.toString()).toBe(GENESIS_ACCOUNT);
    const onMirror = await mirror<{ metadata: string; account_id: string }>(`/tokens/${tokenId}/nfts/1`);
    expect(onMirror).toMatchObject({
      metadata: Buffer.from('evolved').toString('base64'),
      account_id: GENESIS_ACCOUNT,
    });
    expect((await mirror<{ metadata_key: { key: string } }>(`/tokens/${tokenId}`)).metadata_key.key).toBe(
      metadataKey.publicKey.toStringRaw(),
    );
    expect((await new TokenInfoQuery().setTokenId(tokenId).execute(client)).metadataKey?.toString()).toBe(
      metadataKey.publicKey.toString(),
    );
    const { transactions } = await mirror<{ transactions: { name: string; entity_id: string }[] }>(
      `/transactions/${mirrorIdOf(updated.transactionId)}`,
    );
    expect(transactions[0]).toMatchObject({ name: 'TOKENUPDATENFTS', entity_id: tokenId });
  });

  it('grants HBAR and NFT allowances; the spender moves within them without the owner signing', async () => {
    const account = async (hbar: number) => {
      const key = PrivateKey.generateED25519();
      const receipt = await (
        await new AccountCreateTransaction()
          .setKeyWithoutAlias(key.publicKey)
          .setInitialBalance(new Hbar(hbar))
          .execute(client)
      ).getReceipt(client);
      return { id: receipt.accountId!.toString(), key };
    };
    const owner = await account(20);
    const spender = await account(5);
    const stranger = await account(5);
    const as = (who: { id: string; key: PrivateKey }) =>
      Client.forNetwork(client.network).setOperator(who.id, who.key);
    const spenderClient = as(spender);
    const strangerClient = as(stranger);
    try {
      const approve = async (transaction: AccountAllowanceApproveTransaction) =>
        (await (await transaction.freezeWith(client).sign(owner.key)).execute(client)).getReceipt(client);
      expect(
        (
          await approve(
            new AccountAllowanceApproveTransaction().approveHbarAllowance(owner.id, spender.id, new Hbar(10)),
          )
        ).status,
      ).toBe(Status.Success);
      const spend = (by: Client, tinybars: number, approved = true) => {
        const transfer = new TransferTransaction().addHbarTransfer(
          GENESIS_ACCOUNT,
          Hbar.fromTinybars(tinybars),
        );
        if (approved) transfer.addApprovedHbarTransfer(owner.id, Hbar.fromTinybars(-tinybars));
        else transfer.addHbarTransfer(owner.id, Hbar.fromTinybars(-tinybars));
        return transfer.execute(by).then((response) => response.getReceipt(by));
      };
      expect((await spend(spenderClient, 4 * 100_000_000)).status).toBe(Status.Success);
      await expect(spend(spenderClient, 7 * 100_000_000)).rejects.toMatchObject({
        status: Status.AmountExceedsAllowance,
      });
      await expect(spend(strangerClient, 100_000_000)).rejects.toMatchObject({
        status: Status.SpenderDoesNotHaveAllowance,
      });
      await expect(spend(spenderClient, 100_000_000, false)).rejects.toMatchObject({
        status: Status.InvalidSignature,
      });
      const crypto = await mirror<{
        allowances: { amount: number; amount_granted: number; spender: string }[];
      }>(`/accounts/${owner.id}/allowances/crypto`);
      expect(crypto.allowances).toEqual([
        expect.objectContaining({
          amount: 6 * 100_000_000,
          amount_granted: 10 * 100_000_000,
          spender: spender.id,
        }),
      ]);
      // Taken from the owner, who did not pay the fee: 20 − 4 HBAR.
      expect(
        (await new AccountBalanceQuery().setAccountId(owner.id).execute(client)).hbars
          .toTinybars()
          .toString(),
      ).toBe(String(16 * 100_000_000));

      const tokenId = TokenId.fromString(await newCollection());
      await (
        await new TokenMintTransaction()
          .setTokenId(tokenId)
          .setMetadata([Buffer.from('1'), Buffer.from('2'), Buffer.from('3')])
          .execute(client)
      ).getReceipt(client);
      await (
        await (
          await new TokenAssociateTransaction()
            .setAccountId(owner.id)
            .setTokenIds([tokenId])
            .freezeWith(client)
            .sign(owner.key)
        ).execute(client)
      ).getReceipt(client);
      const nft = (serial: number) => new NftId(tokenId, serial);
      const toOwner = new TransferTransaction();
      for (const serial of [1, 2, 3]) toOwner.addNftTransfer(nft(serial), GENESIS_ACCOUNT, owner.id);
      await (await toOwner.execute(client)).getReceipt(client);
      const takeBack = (serial: number, by = spenderClient) =>
        new TransferTransaction()
          .addApprovedNftTransfer(nft(serial), owner.id, GENESIS_ACCOUNT)
          .execute(by)
          .then((response) => response.getReceipt(by));

      await approve(
        new AccountAllowanceApproveTransaction().approveTokenNftAllowance(nft(1), owner.id, spender.id),
      );
      await approve(
        new AccountAllowanceApproveTransaction().approveTokenNftAllowance(nft(2), owner.id, spender.id),
      );
      expect((await mirror<{ spender: string }>(`/tokens/${tokenId}/nfts/1`)).spender).toBe(spender.id);
      expect((await takeBack(1)).status).toBe(Status.Success);
      // Moved, the NFT's allowance is gone with its old holder.
      expect(
        await mirror<{ spender: string | null; account_id: string }>(`/tokens/${tokenId}/nfts/1`),
      ).toMatchObject({
        spender: null,
        account_id: GENESIS_ACCOUNT,
      });
      const removed = await (
        await new AccountAllowanceDeleteTransaction()
          .deleteAllTokenNftAllowances(nft(2), owner.id)
          .freezeWith(client)
          .sign(owner.key)
      ).execute(client);
      expect((await removed.getReceipt(client)).status).toBe(Status.Success);
      await expect(takeBack(2)).rejects.toMatchObject({ status: Status.SpenderDoesNotHaveAllowance });

      await approve(
        new AccountAllowanceApproveTransaction().approveTokenNftAllowanceAllSerials(
          tokenId,
          owner.id,
          spender.id,
        ),
      );
      expect((await takeBack(3)).status).toBe(Status.Success);
      await expect(takeBack(2, strangerClient)).rejects.toMatchObject({
        status: Status.SpenderDoesNotHaveAllowance,
      });
      const nfts = await mirror<{
        allowances: { approved_for_all: boolean; spender: string; token_id: string }[];
      }>(`/accounts/${owner.id}/allowances/nfts`);
      expect(nfts.allowances).toEqual([
        expect.objectContaining({
          approved_for_all: true,
          spender: spender.id,
          token_id: tokenId.toString(),
        }),
      ]);
      const { transactions } = await mirror<{ transactions: { name: string }[] }>(
        `/transactions/${mirrorIdOf(removed.transactionId)}`,
      );
      expect(transactions[0]).toMatchObject({ name: 'CRYPTODELETEALLOWANCE' });
      await expect(
        approve(
          new AccountAllowanceApproveTransaction().approveHbarAllowance(owner.id, owner.id, new Hbar(1)),
        ),
      ).rejects.toMatchObject({ status: Status.SpenderAccountSameAsOwner });
    } finally {
      spenderClient.close();
      strangerClient.close();
    }
  });

  it('dissociates an account from tokens it holds none of; a treasury or a holder cannot', async () => {
    const key = PrivateKey.generateED25519();
    const holder = (
      await (
        await new AccountCreateTransaction()
          .setKeyWithoutAlias(key.publicKey)
          .setInitialBalance(new Hbar(5))
          .execute(client)
      ).getReceipt(client)
    ).accountId!.toString();
    const tokenId = await newCollection();
    await (
      await new TokenMintTransaction()
        .setTokenId(tokenId)
        .setMetadata([Buffer.from('kept')])
        .execute(client)
    ).getReceipt(client);
    const signed = async (
      transaction: TokenAssociateTransaction | TokenDissociateTransaction,
      keys: PrivateKey[],
    ) => {
      let frozen = transaction.freezeWith(client);
      for (const each of keys) frozen = await frozen.sign(each);
      return (await frozen.execute(client)).getReceipt(client);
    };
    const dissociate = (account: string, keys: PrivateKey[]) =>
      signed(new TokenDissociateTransaction().setAccountId(account).setTokenIds([tokenId]), keys);
    await signed(new TokenAssociateTransaction().setAccountId(holder).setTokenIds([tokenId]), [key]);
    const send = (from: string, to: string) =>
      new TransferTransaction()
        .addNftTransfer(new NftId(TokenId.fromString(tokenId), 1), from, to)
        .freezeWith(client);

    await (await (await send(GENESIS_ACCOUNT, holder)).execute(client)).getReceipt(client);
    await expect(dissociate(holder, [key])).rejects.toMatchObject({
      status: Status.TransactionRequiresZeroTokenBalances,
    });
    await (await (await (await send(holder, GENESIS_ACCOUNT)).sign(key)).execute(client)).getReceipt(client);
    await expect(dissociate(holder, [])).rejects.toMatchObject({ status: Status.InvalidSignature });
    await expect(dissociate(GENESIS_ACCOUNT, [])).rejects.toMatchObject({ status: Status.AccountIsTreasury });

    expect((await dissociate(holder, [key])).status).toBe(Status.Success);
    expect((await mirror<{ tokens: unknown[] }>(`/accounts/${holder}/tokens`)).tokens).toEqual([]);
    await expect(dissociate(holder, [key])).rejects.toMatchObject({
      status: Status.TokenNotAssociatedToAccount,
    });
    await expect(
      (await (await send(GENESIS_ACCOUNT, holder)).execute(client)).getReceipt(client),
    ).rejects.toMatchObject({
      status: Status.TokenNotAssociatedToAccount,
    });
  });

  it("draws pseudorandom numbers and bytes with the utility service's PRNG, into the record", async () => {
    const numbers: number[] = [];
    for (let draw = 0; draw < 6; draw += 1) {
      const drawn = await new PrngTransaction().setRange(10).execute(client);
      const record = await drawn.getRecord(client);
      expect(record.receipt.status).toBe(Status.Success);
      expect(record.prngBytes).toBeNull();
      numbers.push(record.prngNumber!);
    }
    for (const number of numbers) expect(number >= 0 && number < 10).toBe(true);

    const bytes = await (await new PrngTransaction().execute(client)).getRecord(client);
    expect(bytes.prngNumber).toBeNull();
    expect(bytes.prngBytes).toHaveLength(48);
    const again = await (await new PrngTransaction().execute(client)).getRecord(client);
    expect(Buffer.from(again.prngBytes!).equals(Buffer.from(bytes.prngBytes!))).toBe(false);

    // Paid for like every transaction, and listed by the mirror under its name.
    const listed = await mirror<{ transactions: { name: string; result: string }[] }>(
      `/transactions/${bytes.transactionId
        .toString()
        .replace('@', '-')
        .replace(/\.(\d+)$/, '-$1')}`,
    );
    expect(listed.transactions[0]).toMatchObject({ name: 'UTILPRNG', result: 'SUCCESS' });
    await expect(
      new PrngTransaction()
        .setRange(-1)
        .execute(client)
        .then((r) => r.getReceipt(client)),
    ).rejects.toMatchObject({
      status: Status.InvalidPrngRange,
    });
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
      const node = createConsensusNode({
        ledger: server.ledger,
        db: database.db,
        nodeAccountId,
        rate: server.rate,
        addressBook: () => [],
      });
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
    const mirrorId = mirrorIdOf(response.transactionId);
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
