import { createHash } from 'node:crypto';
import {
  AccountCreateTransaction,
  PrivateKey,
  PublicKey,
  TokenAssociateTransaction,
  TokenCreateTransaction,
  TokenMintTransaction,
  TokenType,
  Transaction,
  TransferTransaction,
} from '@hashgraph/sdk';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  ledgerAccounts,
  ledgerNfts,
  ledgerTokenRelationships,
  ledgerTokens,
  ledgerTransactions,
  settings,
} from '../../db/schema';
import { formatTimestamp, toMirrorTransactionId } from '../hedera-ids';
import { LedgerUnavailableError, type AccountKey, type LedgerNft, type LedgerReader } from '../ledger-port';
import {
  accountNumOf,
  describeKey,
  FEE_ACCOUNT,
  GENESIS_ACCOUNT,
  NODE_ACCOUNTS,
  publicKeyOf,
  TOTAL_SUPPLY_TINYBARS,
  TRANSACTION_FEE_TINYBARS,
} from './ledger-accounts';
import { transactionSignedBy } from '../ed25519';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type SubmitResult = {
  /** A Hedera response or receipt code: SUCCESS, INVALID_SIGNATURE, DUPLICATE_TRANSACTION, … */
  status: string;
  transactionId: string | null;
  /** Null when the transaction failed its precheck and never reached consensus. */
  consensusTimestamp: string | null;
  entityId?: string;
  serials?: number[];
};

/** Hedera refuses a transaction whose valid start lies ahead of its own clock. */
const FUTURE_TOLERANCE_NS = 5_000_000_000n;
const LEDGER_LOCK_KEY = 852_741_963;
const MAX_METADATA_BYTES = 100;

class Outcome extends Error {
  constructor(readonly status: string) {
    super(status);
  }
}
const fail = (status: string): never => {
  throw new Outcome(status);
};

type HbarMovement = Map<string, bigint>;

/**
 * The embedded ledger: takes real transaction bytes made with the SDK, checks them as Hedera would
 * (signatures, valid-start window, duplicates, balances, associations), applies them and keeps every
 * record in the registry's database so the mirror routes can serve them.
 */
export class LocalLedger implements LedgerReader {
  private paused = false;

  constructor(
    private readonly db: Db,
    private readonly clock: () => bigint = () => BigInt(Date.now()) * 1_000_000n,
  ) {}

  pause() {
    this.paused = true;
  }

  resume() {
    this.paused = false;
  }

  isPaused() {
    return this.paused;
  }

  async isAvailable() {
    return !this.paused;
  }

  private assertAvailable() {
    if (this.paused) throw new LedgerUnavailableError();
  }

  /**
   * Creates the system accounts once and returns the genesis key (kept in the database: this is a
   * development ledger). The genesis account holds all HBAR and funds the faucet.
   */
  async bootstrap(): Promise<PrivateKey> {
    const [stored] = await this.db.select().from(settings).where(eq(settings.key, 'local_ledger_genesis'));
    if (stored) return PrivateKey.fromStringDer((stored.value as { privateKey: string }).privateKey);
    const genesisKey = PrivateKey.generateED25519();
    const created = formatTimestamp(this.clock());
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LEDGER_LOCK_KEY})`);
      const [again] = await tx.select().from(settings).where(eq(settings.key, 'local_ledger_genesis'));
      if (again) return;
      const genesis = describeKey(genesisKey.publicKey);
      const systemAccounts = [GENESIS_ACCOUNT, ...NODE_ACCOUNTS, FEE_ACCOUNT].map((id) => ({
        accountNum: accountNumOf(id)!,
        publicKey: genesis.key,
        keyType: genesis.type,
        balanceTinybars: id === GENESIS_ACCOUNT ? TOTAL_SUPPLY_TINYBARS : 0n,
        createdTimestamp: created,
      }));
      await tx.insert(ledgerAccounts).values(systemAccounts).onConflictDoNothing();
      await tx
        .insert(settings)
        .values({ key: 'local_ledger_genesis', value: { privateKey: genesisKey.toStringDer() } });
    });
    return this.bootstrap();
  }

  /** Submits signed transaction bytes, as a node would take them. */
  async submit(bytes: Uint8Array): Promise<SubmitResult> {
    this.assertAvailable();
    let transaction: Transaction;
    try {
      transaction = Transaction.fromBytes(bytes);
    } catch {
      return { status: 'INVALID_TRANSACTION_BODY', transactionId: null, consensusTimestamp: null };
    }
    const id = transaction.transactionId;
    if (!id?.accountId || !id.validStart) {
      return { status: 'INVALID_TRANSACTION_ID', transactionId: null, consensusTimestamp: null };
    }
    const transactionId = toMirrorTransactionId(id.toString());
    const payer = id.accountId.toString();
    const validStartNs =
      BigInt(id.validStart.seconds.toString()) * 1_000_000_000n + BigInt(id.validStart.nanos.toString());
    const validDuration = BigInt(transaction.transactionValidDuration);

    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LEDGER_LOCK_KEY})`);
      const now = this.clock();
      const precheck = (status: string): SubmitResult => ({
        status,
        transactionId,
        consensusTimestamp: null,
      });

      const nodes = transaction.nodeAccountIds?.map(String) ?? [];
      if (nodes.length === 0 || !nodes.every((node) => NODE_ACCOUNTS.includes(node)))
        return precheck('INVALID_NODE_ACCOUNT');
      if (validStartNs > now + FUTURE_TOLERANCE_NS) return precheck('INVALID_TRANSACTION_START');
      if (now > validStartNs + validDuration * 1_000_000_000n) return precheck('TRANSACTION_EXPIRED');
      const [duplicate] = await tx
        .select({ id: ledgerTransactions.transactionId })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.transactionId, transactionId));
      if (duplicate) return precheck('DUPLICATE_TRANSACTION');
      const payerAccount = await this.account(tx, payer);
      if (!payerAccount) return precheck('PAYER_ACCOUNT_NOT_FOUND');
      if (!this.signedBy(transaction, payerAccount.publicKey, payerAccount.keyType))
        return precheck('INVALID_SIGNATURE');
      const maxFee = BigInt(transaction.maxTransactionFee?.toTinybars().toString() ?? '0');
      if (maxFee < TRANSACTION_FEE_TINYBARS) return precheck('INSUFFICIENT_TX_FEE');
      if (payerAccount.balanceTinybars < TRANSACTION_FEE_TINYBARS)
        return precheck('INSUFFICIENT_PAYER_BALANCE');

      const [last] = await tx
        .select({ ns: sql<string>`max(${ledgerTransactions.consensusNs})` })
        .from(ledgerTransactions);
      const lastNs = last?.ns ? BigInt(last.ns) : 0n;
      const consensusNs = now > lastNs ? now : lastNs + 1n;
      const consensusTimestamp = formatTimestamp(consensusNs);

      const movement: HbarMovement = new Map();
      const nftTransfers: object[] = [];
      let entityId: string | undefined;
      let serials: number[] | undefined;
      let status = 'SUCCESS';
      let name = 'UNKNOWN';
      try {
        // Work on a savepoint: a failed transaction keeps only its fee.
        await tx.transaction(async (inner) => {
          const applied = await this.apply(
            inner,
            transaction,
            payer,
            consensusTimestamp,
            movement,
            nftTransfers,
          );
          name = applied.name;
          entityId = applied.entityId;
          serials = applied.serials;
        });
      } catch (error) {
        if (!(error instanceof Outcome)) throw error;
        status = error.status;
        name = LocalLedger.transactionName(transaction);
        movement.clear();
        nftTransfers.length = 0;
      }

      // The fee is charged whatever the outcome once the transaction reached consensus.
      await this.moveHbar(tx, payer, -TRANSACTION_FEE_TINYBARS);
      await this.moveHbar(tx, FEE_ACCOUNT, TRANSACTION_FEE_TINYBARS);
      movement.set(payer, (movement.get(payer) ?? 0n) - TRANSACTION_FEE_TINYBARS);
      movement.set(FEE_ACCOUNT, (movement.get(FEE_ACCOUNT) ?? 0n) + TRANSACTION_FEE_TINYBARS);

      const memo = transaction.transactionMemo;
      await tx.insert(ledgerTransactions).values({
        consensusNs,
        consensusTimestamp,
        transactionId,
        payerAccount: payer,
        validStartTimestamp: formatTimestamp(validStartNs),
        name,
        result: status,
        memoBase64: memo ? Buffer.from(memo, 'utf8').toString('base64') : '',
        chargedTxFee: Number(TRANSACTION_FEE_TINYBARS),
        maxFee: maxFee.toString(),
        node: nodes[0] ?? null,
        entityId: entityId ?? null,
        validDurationSeconds: validDuration.toString(),
        transactionHash: createHash('sha384').update(bytes).digest('base64'),
        transfers: [...movement]
          .filter(([, amount]) => amount !== 0n)
          .sort(([a], [b]) => (accountNumOf(a) ?? 0) - (accountNumOf(b) ?? 0))
          .map(([account, amount]) => ({ account, amount: Number(amount), is_approval: false })),
        nftTransfers,
      });
      return {
        status,
        transactionId,
        consensusTimestamp,
        ...(entityId ? { entityId } : {}),
        ...(serials ? { serials } : {}),
      };
    });
  }

  private static transactionName(transaction: Transaction): string {
    if (transaction instanceof TransferTransaction) return 'CRYPTOTRANSFER';
    if (transaction instanceof TokenAssociateTransaction) return 'TOKENASSOCIATE';
    if (transaction instanceof AccountCreateTransaction) return 'CRYPTOCREATEACCOUNT';
    if (transaction instanceof TokenCreateTransaction) return 'TOKENCREATION';
    if (transaction instanceof TokenMintTransaction) return 'TOKENMINT';
    return 'UNKNOWN';
  }

  private async apply(
    tx: Tx,
    transaction: Transaction,
    payer: string,
    consensusTimestamp: string,
    movement: HbarMovement,
    nftTransfers: object[],
  ): Promise<{ name: string; entityId?: string; serials?: number[] }> {
    if (transaction instanceof TransferTransaction) {
      await this.applyTransfer(tx, transaction, payer, consensusTimestamp, movement, nftTransfers);
      return { name: 'CRYPTOTRANSFER' };
    }
    if (transaction instanceof TokenAssociateTransaction) {
      await this.applyAssociate(tx, transaction, consensusTimestamp);
      return { name: 'TOKENASSOCIATE', entityId: transaction.accountId?.toString() };
    }
    if (transaction instanceof AccountCreateTransaction) {
      const entityId = await this.applyAccountCreate(tx, transaction, payer, consensusTimestamp, movement);
      return { name: 'CRYPTOCREATEACCOUNT', entityId };
    }
    if (transaction instanceof TokenCreateTransaction) {
      const entityId = await this.applyTokenCreate(tx, transaction, consensusTimestamp);
      return { name: 'TOKENCREATION', entityId };
    }
    if (transaction instanceof TokenMintTransaction) {
      const serials = await this.applyMint(tx, transaction, consensusTimestamp, nftTransfers);
      return { name: 'TOKENMINT', entityId: transaction.tokenId?.toString(), serials };
    }
    return fail('NOT_SUPPORTED');
  }

  private async applyTransfer(
    tx: Tx,
    transaction: TransferTransaction,
    payer: string,
    consensusTimestamp: string,
    movement: HbarMovement,
    nftTransfers: object[],
  ) {
    if (transaction.tokenTransfers.size > 0) fail('NOT_SUPPORTED');
    let sum = 0n;
    for (const [accountId, amount] of transaction.hbarTransfers) {
      const tinybars = BigInt(amount.toTinybars().toString());
      sum += tinybars;
      const key = accountId.toString();
      movement.set(key, (movement.get(key) ?? 0n) + tinybars);
    }
    if (sum !== 0n) fail('INVALID_ACCOUNT_AMOUNTS');
    for (const [accountId, amount] of movement) {
      const account = await this.account(tx, accountId);
      if (!account) fail('INVALID_ACCOUNT_ID');
      if (amount < 0n) {
        if (!this.signedBy(transaction, account!.publicKey, account!.keyType)) fail('INVALID_SIGNATURE');
        const needed = -amount + (accountId === payer ? TRANSACTION_FEE_TINYBARS : 0n);
        if (account!.balanceTinybars < needed)
          fail(accountId === payer ? 'INSUFFICIENT_PAYER_BALANCE' : 'INSUFFICIENT_ACCOUNT_BALANCE');
      }
    }
    for (const [accountId, amount] of movement) await this.moveHbar(tx, accountId, amount);

    for (const [tokenId, transfers] of transaction.nftTransfers) {
      const token = tokenId.toString();
      const [tokenRow] = await tx.select().from(ledgerTokens).where(eq(ledgerTokens.tokenId, token));
      if (!tokenRow) fail('INVALID_TOKEN_ID');
      for (const transfer of transfers) {
        const sender = transfer.sender.toString();
        const receiver = transfer.recipient.toString();
        const serial = Number(transfer.serial.toString());
        const senderAccount = await this.account(tx, sender);
        if (!senderAccount || !(await this.account(tx, receiver))) fail('INVALID_ACCOUNT_ID');
        if (!this.signedBy(transaction, senderAccount!.publicKey, senderAccount!.keyType))
          fail('INVALID_SIGNATURE');
        const [nft] = await tx
          .select()
          .from(ledgerNfts)
          .where(and(eq(ledgerNfts.tokenId, token), eq(ledgerNfts.serialNumber, serial)));
        if (!nft) fail('INVALID_NFT_ID');
        if (nft!.ownerAccount !== sender) fail('SENDER_DOES_NOT_OWN_NFT_SERIAL_NO');
        if (!(await this.relationship(tx, receiver, token))) fail('TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
        await tx
          .update(ledgerNfts)
          .set({ ownerAccount: receiver, modifiedTimestamp: consensusTimestamp })
          .where(and(eq(ledgerNfts.tokenId, token), eq(ledgerNfts.serialNumber, serial)));
        await this.adjustTokenBalance(tx, sender, token, -1);
        await this.adjustTokenBalance(tx, receiver, token, 1);
        nftTransfers.push({
          is_approval: transfer.isApproved,
          receiver_account_id: receiver,
          sender_account_id: sender,
          serial_number: serial,
          token_id: token,
        });
      }
    }
  }

  private async applyAssociate(tx: Tx, transaction: TokenAssociateTransaction, consensusTimestamp: string) {
    const accountId = transaction.accountId?.toString();
    const account = accountId ? await this.account(tx, accountId) : null;
    if (!accountId || !account) return fail('INVALID_ACCOUNT_ID');
    if (!this.signedBy(transaction, account.publicKey, account.keyType)) fail('INVALID_SIGNATURE');
    for (const tokenId of transaction.tokenIds ?? []) {
      const token = tokenId.toString();
      const [tokenRow] = await tx.select().from(ledgerTokens).where(eq(ledgerTokens.tokenId, token));
      if (!tokenRow) fail('INVALID_TOKEN_ID');
      if (await this.relationship(tx, accountId, token)) fail('TOKEN_ALREADY_ASSOCIATED_TO_ACCOUNT');
      await tx
        .insert(ledgerTokenRelationships)
        .values({ accountId, tokenId: token, createdTimestamp: consensusTimestamp });
    }
  }

  private async applyAccountCreate(
    tx: Tx,
    transaction: AccountCreateTransaction,
    payer: string,
    consensusTimestamp: string,
    movement: HbarMovement,
  ): Promise<string> {
    const key = transaction.key;
    if (!key) return fail('KEY_REQUIRED');
    if (!(key instanceof PublicKey)) return fail('NOT_SUPPORTED');
    const initial = BigInt(transaction.initialBalance?.toTinybars().toString() ?? '0');
    const payerAccount = await this.account(tx, payer);
    if (payerAccount!.balanceTinybars < initial + TRANSACTION_FEE_TINYBARS)
      fail('INSUFFICIENT_PAYER_BALANCE');
    const described = describeKey(key);
    const [row] = await tx
      .insert(ledgerAccounts)
      .values({
        accountNum: sql`nextval('ledger_entity_num')`,
        publicKey: described.key,
        keyType: described.type,
        memo: transaction.accountMemo ?? '',
        createdTimestamp: consensusTimestamp,
      })
      .returning({ accountNum: ledgerAccounts.accountNum });
    const accountId = `0.0.${row!.accountNum}`;
    if (initial > 0n) {
      await this.moveHbar(tx, payer, -initial);
      await this.moveHbar(tx, accountId, initial);
      movement.set(payer, (movement.get(payer) ?? 0n) - initial);
      movement.set(accountId, initial);
    }
    return accountId;
  }

  private async applyTokenCreate(
    tx: Tx,
    transaction: TokenCreateTransaction,
    consensusTimestamp: string,
  ): Promise<string> {
    if (!transaction.tokenName) fail('MISSING_TOKEN_NAME');
    if (!transaction.tokenSymbol) fail('MISSING_TOKEN_SYMBOL');
    if (transaction.tokenType?.toString() !== TokenType.NonFungibleUnique.toString()) fail('NOT_SUPPORTED');
    const treasury = transaction.treasuryAccountId?.toString();
    const treasuryAccount = treasury ? await this.account(tx, treasury) : null;
    if (!treasury || !treasuryAccount) return fail('INVALID_TREASURY_ACCOUNT_FOR_TOKEN');
    if (!this.signedBy(transaction, treasuryAccount.publicKey, treasuryAccount.keyType))
      fail('INVALID_SIGNATURE');
    const supplyKey = transaction.supplyKey;
    if (!(supplyKey instanceof PublicKey)) return fail('TOKEN_HAS_NO_SUPPLY_KEY');
    const adminKey = transaction.adminKey;
    if (adminKey && !(adminKey instanceof PublicKey)) fail('NOT_SUPPORTED');
    if (adminKey instanceof PublicKey && !transactionSignedBy(adminKey, transaction))
      fail('INVALID_SIGNATURE');
    const [{ num } = { num: '0' }] = (
      await tx.execute<{ num: string }>(sql`select nextval('ledger_entity_num')::text as num`)
    ).rows;
    const tokenId = `0.0.${num}`;
    const supply = describeKey(supplyKey);
    const admin = adminKey instanceof PublicKey ? describeKey(adminKey) : null;
    await tx.insert(ledgerTokens).values({
      tokenId,
      name: transaction.tokenName!,
      symbol: transaction.tokenSymbol!,
      tokenType: 'NON_FUNGIBLE_UNIQUE',
      treasuryAccount: treasury,
      adminKey: admin?.key ?? null,
      adminKeyType: admin?.type ?? null,
      supplyKey: supply.key,
      supplyKeyType: supply.type,
      memo: transaction.tokenMemo ?? '',
      createdTimestamp: consensusTimestamp,
    });
    await tx
      .insert(ledgerTokenRelationships)
      .values({ accountId: treasury, tokenId, createdTimestamp: consensusTimestamp });
    return tokenId;
  }

  private async applyMint(
    tx: Tx,
    transaction: TokenMintTransaction,
    consensusTimestamp: string,
    nftTransfers: object[],
  ): Promise<number[]> {
    const tokenId = transaction.tokenId?.toString();
    const [token] = tokenId
      ? await tx.select().from(ledgerTokens).where(eq(ledgerTokens.tokenId, tokenId))
      : [];
    if (!tokenId || !token) return fail('INVALID_TOKEN_ID');
    if (!token.supplyKey || !token.supplyKeyType) return fail('TOKEN_HAS_NO_SUPPLY_KEY');
    if (!transactionSignedBy(publicKeyOf(token.supplyKey, token.supplyKeyType), transaction))
      fail('INVALID_SIGNATURE');
    const metadata = transaction.metadata;
    if (metadata.length === 0) fail('INVALID_TOKEN_MINT_METADATA');
    if (metadata.some((item) => item.length > MAX_METADATA_BYTES)) fail('METADATA_TOO_LONG');
    const serials = metadata.map((_item, index) => token.totalSupply + index + 1);
    await tx.insert(ledgerNfts).values(
      metadata.map((item, index) => ({
        tokenId,
        serialNumber: serials[index]!,
        ownerAccount: token.treasuryAccount,
        metadata: Buffer.from(item).toString('base64'),
        createdTimestamp: consensusTimestamp,
        modifiedTimestamp: consensusTimestamp,
      })),
    );
    await tx
      .update(ledgerTokens)
      .set({ totalSupply: token.totalSupply + metadata.length })
      .where(eq(ledgerTokens.tokenId, tokenId));
    await this.adjustTokenBalance(tx, token.treasuryAccount, tokenId, metadata.length);
    // As on the mirror node, a mint shows as an NFT transfer from nobody to the treasury.
    for (const serial of serials) {
      nftTransfers.push({
        is_approval: false,
        receiver_account_id: token.treasuryAccount,
        sender_account_id: null,
        serial_number: serial,
        token_id: tokenId,
      });
    }
    return serials;
  }

  private signedBy(transaction: Transaction, publicKey: string | null, keyType: string | null): boolean {
    if (!publicKey || !keyType) return false;
    try {
      return transactionSignedBy(publicKeyOf(publicKey, keyType), transaction);
    } catch {
      return false;
    }
  }

  private async account(tx: Tx | Db, accountId: string) {
    const num = accountNumOf(accountId);
    if (num === null) return null;
    const [row] = await tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.accountNum, num));
    return row ?? null;
  }

  private async relationship(tx: Tx, accountId: string, tokenId: string) {
    const [row] = await tx
      .select()
      .from(ledgerTokenRelationships)
      .where(
        and(eq(ledgerTokenRelationships.accountId, accountId), eq(ledgerTokenRelationships.tokenId, tokenId)),
      );
    return row ?? null;
  }

  private async moveHbar(tx: Tx, accountId: string, tinybars: bigint) {
    await tx
      .update(ledgerAccounts)
      .set({ balanceTinybars: sql`${ledgerAccounts.balanceTinybars} + ${tinybars.toString()}::bigint` })
      .where(eq(ledgerAccounts.accountNum, accountNumOf(accountId)!));
  }

  private async adjustTokenBalance(tx: Tx, accountId: string, tokenId: string, delta: number) {
    await tx
      .update(ledgerTokenRelationships)
      .set({ balance: sql`${ledgerTokenRelationships.balance} + ${delta}` })
      .where(
        and(eq(ledgerTokenRelationships.accountId, accountId), eq(ledgerTokenRelationships.tokenId, tokenId)),
      );
  }

  // ---- reads (the LedgerReader port; the mirror routes read the same tables) ----

  async getAccountKey(accountId: string): Promise<AccountKey | null> {
    this.assertAvailable();
    const row = await this.account(this.db, accountId);
    if (!row?.publicKey || !row.keyType) return null;
    return { key: row.publicKey, type: row.keyType as AccountKey['type'] };
  }

  async listAccountNfts(accountId: string, tokenId: string): Promise<LedgerNft[]> {
    this.assertAvailable();
    const rows = await this.db
      .select()
      .from(ledgerNfts)
      .where(and(eq(ledgerNfts.ownerAccount, accountId), eq(ledgerNfts.tokenId, tokenId)))
      .orderBy(ledgerNfts.serialNumber);
    return rows.map((row) => ({
      tokenId: row.tokenId,
      serialNumber: row.serialNumber,
      accountId: row.ownerAccount,
    }));
  }

  async balanceTinybars(accountId: string): Promise<bigint | null> {
    const row = await this.account(this.db, accountId);
    return row ? row.balanceTinybars : null;
  }
}
