import {
  AccountId,
  Hbar,
  PrivateKey,
  TokenAssociateTransaction,
  TokenMintTransaction,
  TransactionId,
  TransferTransaction,
  Timestamp,
  NftId,
  TokenId,
} from '@hashgraph/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LedgerDatabase } from './ledger-database';
import { ledgerNfts } from './schema';
import { ledgerEngineCases } from './testing/ledger-test-server';
import { FEE_ACCOUNT, TRANSACTION_FEE_TINYBARS } from './ledger-accounts';
import { LocalLedger } from './local-ledger';
import { LedgerTransactionError, LocalLedgerWriter } from './local-ledger-writer';

const HBAR = 100_000_000n;

describe.each(ledgerEngineCases)('local ledger on $engine', ({ open }) => {
  let database: LedgerDatabase;
  let ledger: LocalLedger;
  let writer: LocalLedgerWriter;

  beforeAll(async () => {
    database = await open();
    ledger = new LocalLedger(database.db);
    writer = new LocalLedgerWriter(ledger, await ledger.bootstrap());
  });
  afterAll(() => database.close());

  async function funded(hbar = 100) {
    const key = PrivateKey.generateED25519();
    const accountId = await writer.createAccount(key.publicKey, hbar);
    return { key, accountId };
  }

  function transfer(from: string, to: string, tinybars: bigint, memo = '') {
    return new TransferTransaction()
      .addHbarTransfer(from, Hbar.fromTinybars((-tinybars).toString()))
      .addHbarTransfer(to, Hbar.fromTinybars(tinybars.toString()))
      .setTransactionMemo(memo)
      .setTransactionId(TransactionId.generate(from))
      .setNodeAccountIds([new AccountId(3)])
      .freeze();
  }

  async function submit(
    transaction: ReturnType<typeof transfer> | TokenAssociateTransaction | TokenMintTransaction,
    ...keys: PrivateKey[]
  ) {
    for (const key of keys) await transaction.sign(key);
    return ledger.submit(transaction.toBytes());
  }

  it('numbers new accounts after the system accounts and funds them from genesis', async () => {
    const { accountId } = await funded(10);
    expect(Number(accountId.split('.')[2])).toBeGreaterThanOrEqual(1001);
    expect(await ledger.balanceTinybars(accountId)).toBe(10n * HBAR);
  });

  it('moves HBAR with a memo, charging the fee to the payer and crediting 0.0.98', async () => {
    const alice = await funded(10);
    const bob = await funded(0);
    const feesBefore = (await ledger.balanceTinybars(FEE_ACCOUNT))!;
    const result = await submit(transfer(alice.accountId, bob.accountId, 2n * HBAR, 'order-1'), alice.key);
    expect(result.status).toBe('SUCCESS');
    expect(result.consensusTimestamp).toMatch(/^\d{10}\.\d{9}$/);
    expect(result.transactionId).toMatch(/^0\.0\.\d+-\d+-\d{9}$/);
    expect(await ledger.balanceTinybars(alice.accountId)).toBe(8n * HBAR - TRANSACTION_FEE_TINYBARS);
    expect(await ledger.balanceTinybars(bob.accountId)).toBe(2n * HBAR);
    expect(await ledger.balanceTinybars(FEE_ACCOUNT)).toBe(feesBefore + TRANSACTION_FEE_TINYBARS);
  });

  it('refuses a transfer signed by another key: INVALID_SIGNATURE, nothing recorded', async () => {
    const alice = await funded(10);
    const bob = await funded(0);
    const result = await submit(transfer(alice.accountId, bob.accountId, HBAR), PrivateKey.generateED25519());
    expect(result).toMatchObject({ status: 'INVALID_SIGNATURE', consensusTimestamp: null });
    expect(await ledger.balanceTinybars(alice.accountId)).toBe(10n * HBAR);
  });

  it('refuses a debit of another account that did not sign it', async () => {
    const alice = await funded(10);
    const victim = await funded(10);
    const theft = new TransferTransaction()
      .addHbarTransfer(victim.accountId, Hbar.fromTinybars((-HBAR).toString()))
      .addHbarTransfer(alice.accountId, Hbar.fromTinybars(HBAR.toString()))
      .setTransactionId(TransactionId.generate(alice.accountId))
      .setNodeAccountIds([new AccountId(3)])
      .freeze();
    const result = await submit(theft, alice.key);
    expect(result.status).toBe('INVALID_SIGNATURE');
    expect(result.consensusTimestamp).not.toBeNull();
    expect(await ledger.balanceTinybars(victim.accountId)).toBe(10n * HBAR);
    expect(await ledger.balanceTinybars(alice.accountId)).toBe(10n * HBAR - TRANSACTION_FEE_TINYBARS);
  });

  it('answers DUPLICATE_TRANSACTION for the same transaction id twice', async () => {
    const alice = await funded(10);
    const bob = await funded(0);
    const signed = transfer(alice.accountId, bob.accountId, HBAR);
    await signed.sign(alice.key);
    expect((await ledger.submit(signed.toBytes())).status).toBe('SUCCESS');
    expect((await ledger.submit(signed.toBytes())).status).toBe('DUPLICATE_TRANSACTION');
    expect(await ledger.balanceTinybars(bob.accountId)).toBe(HBAR);
  });

  it('answers INSUFFICIENT_PAYER_BALANCE when the payer cannot cover amount and fee', async () => {
    const poor = await funded(1);
    const bob = await funded(0);
    const result = await submit(transfer(poor.accountId, bob.accountId, HBAR), poor.key);
    expect(result.status).toBe('INSUFFICIENT_PAYER_BALANCE');
    expect(await ledger.balanceTinybars(bob.accountId)).toBe(0n);
  });

  it('enforces the valid-start window: TRANSACTION_EXPIRED and INVALID_TRANSACTION_START', async () => {
    const alice = await funded(10);
    const bob = await funded(0);
    const at = (secondsFromNow: number) =>
      new TransferTransaction()
        .addHbarTransfer(alice.accountId, Hbar.fromTinybars(-1))
        .addHbarTransfer(bob.accountId, Hbar.fromTinybars(1))
        .setTransactionId(
          TransactionId.withValidStart(
            AccountId.fromString(alice.accountId),
            Timestamp.fromDate(new Date(Date.now() + secondsFromNow * 1000)),
          ),
        )
        .setNodeAccountIds([new AccountId(3)])
        .freeze();
    expect((await submit(at(-600), alice.key)).status).toBe('TRANSACTION_EXPIRED');
    expect((await submit(at(600), alice.key)).status).toBe('INVALID_TRANSACTION_START');
  });

  it('answers INVALID_ACCOUNT_ID and PAYER_ACCOUNT_NOT_FOUND for unknown accounts', async () => {
    const alice = await funded(10);
    expect((await submit(transfer(alice.accountId, '0.0.987654', HBAR), alice.key)).status).toBe(
      'INVALID_ACCOUNT_ID',
    );
    const stranger = PrivateKey.generateED25519();
    expect((await submit(transfer('0.0.987655', alice.accountId, HBAR), stranger)).status).toBe(
      'PAYER_ACCOUNT_NOT_FOUND',
    );
  });

  it('refuses garbage bytes', async () => {
    expect((await ledger.submit(new Uint8Array([1, 2, 3, 4]))).status).toBe('INVALID_TRANSACTION_BODY');
  });

  describe('NFTs', () => {
    it('creates a collection, mints with the name as metadata and delivers after association', async () => {
      const buyer = await funded(10);
      const tokenId = await writer.createNftCollection('hbar domains', 'HBAR');
      const serial = await writer.mint(tokenId, 'alpha.hbar');
      expect(serial).toBe(1);

      const early = await writer
        .transferNft(tokenId, serial, buyer.accountId)
        .catch((error: LedgerTransactionError) => error.result);
      expect(early.status).toBe('TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');

      const associate = new TokenAssociateTransaction()
        .setAccountId(buyer.accountId)
        .setTokenIds([tokenId])
        .setTransactionId(TransactionId.generate(buyer.accountId))
        .setNodeAccountIds([new AccountId(3)])
        .freeze();
      expect((await submit(associate, PrivateKey.generateED25519())).status).toBe('INVALID_SIGNATURE');
      const associateAgain = new TokenAssociateTransaction()
        .setAccountId(buyer.accountId)
        .setTokenIds([tokenId])
        .setTransactionId(TransactionId.generate(buyer.accountId))
        .setNodeAccountIds([new AccountId(3)])
        .freeze();
      expect((await submit(associateAgain, buyer.key)).status).toBe('SUCCESS');
      await expect(writer.associate(buyer.accountId, buyer.key, tokenId)).rejects.toMatchObject({
        result: { status: 'TOKEN_ALREADY_ASSOCIATED_TO_ACCOUNT' },
      });

      expect((await writer.transferNft(tokenId, serial, buyer.accountId)).status).toBe('SUCCESS');
      expect(await ledger.listAccountNfts(buyer.accountId, tokenId)).toEqual([
        { tokenId, serialNumber: 1, accountId: buyer.accountId },
      ]);
      await expect(writer.transferNft(tokenId, serial, buyer.accountId)).rejects.toMatchObject({
        result: { status: 'SENDER_DOES_NOT_OWN_NFT_SERIAL_NO' },
      });
    });

    it('refuses metadata over 100 bytes and a mint not signed by the supply key', async () => {
      const tokenId = await writer.createNftCollection('blade domains', 'BLADE');
      await expect(writer.mint(tokenId, 'x'.repeat(101))).rejects.toMatchObject({
        result: { status: 'METADATA_TOO_LONG' },
      });
      const outsider = await funded(10);
      const mint = new TokenMintTransaction()
        .setTokenId(tokenId)
        .setMetadata([Buffer.from('beta.blade')])
        .setTransactionId(TransactionId.generate(outsider.accountId))
        .setNodeAccountIds([new AccountId(3)])
        .freeze();
      expect((await submit(mint, outsider.key)).status).toBe('INVALID_SIGNATURE');
    });

    it('mints up to ten NFTs in one transaction, serials in metadata order, and moves up to ten in one transfer', async () => {
      const tokenId = await writer.createNftCollection('batch domains', 'BATCH');
      const buyer = await funded(10);
      await writer.associate(buyer.accountId, buyer.key, tokenId);
      const names = (count: number) => Array.from({ length: count }, (_unused, index) => `n${index}.batch`);
      const submitted = async (transaction: TokenMintTransaction | TransferTransaction) =>
        writer.submit((await writer.prepare(transaction)).bytes);
      const mintOf = (metadata: string[]) =>
        new TokenMintTransaction().setTokenId(tokenId).setMetadata(metadata.map((name) => Buffer.from(name)));

      expect(await submitted(mintOf(names(11)))).toEqual({ status: 'BATCH_SIZE_LIMIT_EXCEEDED' });
      const minted = await submitted(mintOf(names(10)));
      expect(minted).toMatchObject({ status: 'SUCCESS', serials: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
      const extra = await writer.mint(tokenId, 'extra.batch');
      const held = await database.db
        .select()
        .from(ledgerNfts)
        .where(eq(ledgerNfts.tokenId, tokenId))
        .orderBy(ledgerNfts.serialNumber);
      expect(held.map((nft) => Buffer.from(nft.metadata, 'base64').toString())).toEqual([
        ...names(10),
        'extra.batch',
      ]);

      const delivery = (serials: number[]) => {
        const transaction = new TransferTransaction();
        for (const serial of serials)
          transaction.addNftTransfer(
            new NftId(TokenId.fromString(tokenId), serial),
            writer.operatorId,
            buyer.accountId,
          );
        return transaction;
      };
      const all = [...minted.serials!, extra];
      expect(await submitted(delivery(all))).toEqual({ status: 'BATCH_SIZE_LIMIT_EXCEEDED' });
      expect((await submitted(delivery(all.slice(0, 10)))).status).toBe('SUCCESS');
      expect(await ledger.listAccountNfts(buyer.accountId, tokenId)).toHaveLength(10);
    });

    it('moves nothing but the fee when one part of a transfer fails, and moves several NFTs at once', async () => {
      const tokenId = await writer.createNftCollection('wombat domains', 'WOMBAT');
      const seller = await funded(10);
      const buyer = await funded(10);
      const first = await writer.mintTo(tokenId, seller.accountId, seller.key, 'one.wombat');
      const second = await writer.mintTo(tokenId, seller.accountId, seller.key, 'two.wombat');
      await writer.associate(buyer.accountId, buyer.key, tokenId);
      const nft = (serial: number) => new NftId(TokenId.fromString(tokenId), serial);
      const sale = (serials: number[]) => {
        const transaction = new TransferTransaction()
          .addHbarTransfer(buyer.accountId, Hbar.fromTinybars((-2n * HBAR).toString()))
          .addHbarTransfer(seller.accountId, Hbar.fromTinybars((2n * HBAR).toString()));
        for (const serial of serials)
          transaction.addNftTransfer(nft(serial), seller.accountId, buyer.accountId);
        return transaction
          .setTransactionId(TransactionId.generate(buyer.accountId))
          .setNodeAccountIds([new AccountId(3)])
          .freeze();
      };
      const balances = async () => ({
        buyer: await ledger.balanceTinybars(buyer.accountId),
        seller: await ledger.balanceTinybars(seller.accountId),
      });

      // The second serial does not exist: the HBAR part, though valid, must not move.
      const before = await balances();
      const failed = await submit(sale([first, second + 1]), buyer.key, seller.key);
      expect(failed.status).toBe('INVALID_NFT_ID');
      expect(await balances()).toEqual({
        buyer: before.buyer! - TRANSACTION_FEE_TINYBARS,
        seller: before.seller,
      });
      expect(await ledger.listAccountNfts(seller.accountId, tokenId)).toHaveLength(2);

      const done = await submit(sale([first, second]), buyer.key, seller.key);
      expect(done.status).toBe('SUCCESS');
      expect(await balances()).toEqual({
        buyer: before.buyer! - 2n * TRANSACTION_FEE_TINYBARS - 2n * HBAR,
        seller: before.seller! + 2n * HBAR,
      });
      expect(
        (await ledger.listAccountNfts(buyer.accountId, tokenId)).map((each) => each.serialNumber),
      ).toEqual([first, second]);
      expect(await ledger.listAccountNfts(seller.accountId, tokenId)).toEqual([]);
    });

    it('refuses an NFT transfer by someone who is not the owner', async () => {
      const tokenId = await writer.createNftCollection('koala domains', 'KOALA');
      const owner = await funded(10);
      const thief = await funded(10);
      const serial = await writer.mintTo(tokenId, owner.accountId, owner.key, 'gamma.koala');
      await writer.associate(thief.accountId, thief.key, tokenId);
      const steal = new TransferTransaction()
        .addNftTransfer(new NftId(TokenId.fromString(tokenId), serial), owner.accountId, thief.accountId)
        .setTransactionId(TransactionId.generate(thief.accountId))
        .setNodeAccountIds([new AccountId(3)])
        .freeze();
      expect((await submit(steal, thief.key)).status).toBe('INVALID_SIGNATURE');
      expect(await ledger.listAccountNfts(owner.accountId, tokenId)).toHaveLength(1);
    });
  });

  it('answers every submission with LedgerUnavailable while paused', async () => {
    const alice = await funded(10);
    const bob = await funded(0);
    ledger.pause();
    try {
      await expect(submit(transfer(alice.accountId, bob.accountId, HBAR), alice.key)).rejects.toThrow(
        'HCS-DOWN',
      );
      expect(await ledger.isAvailable()).toBe(false);
    } finally {
      ledger.resume();
    }
  });
});
