import { createHash } from 'node:crypto';
import {
  AccountCreateTransaction,
  PrivateKey,
  PublicKey,
  TokenAssociateTransaction,
  TokenBurnTransaction,
  TokenWipeTransaction,
  TokenCreateTransaction,
  TokenMintTransaction,
  TokenType,
  Transaction,
  TransferTransaction,
} from '@hashgraph/sdk';
import { and, eq, inArray, sql } from 'drizzle-orm';
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
/** The network's limits: NFTs minted by one TokenMint, NFTs moved by one transfer. */
const MAX_NFTS_PER_TRANSACTION = 10;
const MAX_CACHED_ACCOUNT_KEYS = 100_000;

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

    const precheck = (status: string): SubmitResult => ({ status, transactionId, consensusTimestamp: null });
    const nodes = transaction.nodeAccountIds?.map(String) ?? [];
    if (nodes.length === 0 || !nodes.every((node) => NODE_ACCOUNTS.includes(node)))
      return precheck('INVALID_NODE_ACCOUNT');
    const timeCheck = (now: bigint) => {
      if (validStartNs > now + FUTURE_TOLERANCE_NS) return 'INVALID_TRANSACTION_START';
      if (now > validStartNs + validDuration * 1_000_000_000n) return 'TRANSACTION_EXPIRED';
      return null;
    };
    const early = timeCheck(this.clock());
    if (early) return precheck(early);
    // Keys never change on this ledger: the payer's signature is checked before taking the lock, which
    // every transaction waits for; the balance is read under it.
    const payerKey = await this.accountKey(payer);
    if (!payerKey) return precheck('PAYER_ACCOUNT_NOT_FOUND');
    if (!this.signedBy(transaction, payerKey.publicKey, payerKey.keyType))
      return precheck('INVALID_SIGNATURE');
    const maxFee = BigInt(transaction.maxTransactionFee?.toTinybars().toString() ?? '0');
    if (maxFee < TRANSACTION_FEE_TINYBARS) return precheck('INSUFFICIENT_TX_FEE');

    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LEDGER_LOCK_KEY})`);
      const now = this.clock();
      const late = timeCheck(now);
      if (late) return precheck(late);
      const {
        rows: [state],
      } = await tx.execute<{ last_ns: string | null; duplicate: boolean; payer_balance: string }>(sql`
        select (select max(${ledgerTransactions.consensusNs}) from ${ledgerTransactions})::text as last_ns,
          exists (select 1 from ${ledgerTransactions} where ${ledgerTransactions.transactionId} = ${transactionId})
            as duplicate,
          (select ${ledgerAccounts.balanceTinybars} from ${ledgerAccounts}
            where ${ledgerAccounts.accountNum} = ${accountNumOf(payer)})::text as payer_balance`);
      if (state!.duplicate) return precheck('DUPLICATE_TRANSACTION');
      if (BigInt(state!.payer_balance) < TRANSACTION_FEE_TINYBARS)
        return precheck('INSUFFICIENT_PAYER_BALANCE');

      const lastNs = state!.last_ns ? BigInt(state!.last_ns) : 0n;
      const consensusNs = now > lastNs ? now : lastNs + 1n;
      const consensusTimestamp = formatTimestamp(consensusNs);

      const movement: HbarMovement = new Map();
      const nftTransfers: object[] = [];
      let entityId: string | undefined;
      let serials: number[] | undefined;
      let status = 'SUCCESS';
      let name = 'UNKNOWN';
      const applyIn = async (executor: Tx) => {
        const applied = await this.apply(
          executor,
          transaction,
          payer,
          consensusTimestamp,
          movement,
          nftTransfers,
        );
        name = applied.name;
        entityId = applied.entityId;
        serials = applied.serials;
      };
      try {
        // Transfers and mints check everything before they write, so a failure has written nothing;
        // the rarer kinds work on a savepoint. Either way a failed transaction keeps only its fee.
        if (transaction instanceof TransferTransaction || transaction instanceof TokenMintTransaction)
          await applyIn(tx);
        else await tx.transaction(applyIn);
      } catch (error) {
        if (!(error instanceof Outcome)) throw error;
        status = error.status;
        name = LocalLedger.transactionName(transaction);
        // What it would have moved stays put.
        movement.clear();
        nftTransfers.length = 0;
      }

      // The fee is charged whatever the outcome once the transaction reached consensus; the HBAR the
      // transaction moved (none when it failed) goes in the same statement.
      movement.set(payer, (movement.get(payer) ?? 0n) - TRANSACTION_FEE_TINYBARS);
      movement.set(FEE_ACCOUNT, (movement.get(FEE_ACCOUNT) ?? 0n) + TRANSACTION_FEE_TINYBARS);
      await this.moveHbar(tx, movement);

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
    if (transaction instanceof TokenBurnTransaction) return 'TOKENBURN';
    if (transaction instanceof TokenWipeTransaction) return 'TOKENWIPE';
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
    if (transaction instanceof TokenBurnTransaction) {
      await this.applyBurn(tx, transaction, consensusTimestamp, nftTransfers);
      return { name: 'TOKENBURN', entityId: transaction.tokenId?.toString() };
    }
    if (transaction instanceof TokenWipeTransaction) {
      await this.applyWipe(tx, transaction, consensusTimestamp, nftTransfers);
      return { name: 'TOKENWIPE', entityId: transaction.tokenId?.toString() };
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
    // Everything is checked before anything is written: a failure leaves no trace but the fee.
    let sum = 0n;
    for (const [accountId, amount] of transaction.hbarTransfers) {
      const tinybars = BigInt(amount.toTinybars().toString());
      sum += tinybars;
      const key = accountId.toString();
      movement.set(key, (movement.get(key) ?? 0n) + tinybars);
    }
    if (sum !== 0n) fail('INVALID_ACCOUNT_AMOUNTS');
    const nftMoves = [...transaction.nftTransfers].flatMap(([tokenId, transfers]) =>
      transfers.map((transfer) => ({
        token: tokenId.toString(),
        sender: transfer.sender.toString(),
        receiver: transfer.recipient.toString(),
        serial: Number(transfer.serial.toString()),
        isApproval: transfer.isApproved,
      })),
    );
    if (nftMoves.length > MAX_NFTS_PER_TRANSACTION) fail('BATCH_SIZE_LIMIT_EXCEEDED');
    const accounts = await this.accounts(tx, [
      ...movement.keys(),
      ...nftMoves.flatMap((move) => [move.sender, move.receiver]),
    ]);
    for (const [accountId, amount] of movement) {
      const account = accounts.get(accountId);
      if (!account) fail('INVALID_ACCOUNT_ID');
      if (amount < 0n) {
        if (!this.signedBy(transaction, account!.publicKey, account!.keyType)) fail('INVALID_SIGNATURE');
        const needed = -amount + (accountId === payer ? TRANSACTION_FEE_TINYBARS : 0n);
        if (account!.balanceTinybars < needed)
          fail(accountId === payer ? 'INSUFFICIENT_PAYER_BALANCE' : 'INSUFFICIENT_ACCOUNT_BALANCE');
      }
    }

    const tokenBalances: { accountId: string; tokenId: string; delta: number }[] = [];
    for (const token of new Set(nftMoves.map((move) => move.token))) {
      const moves = nftMoves.filter((move) => move.token === token);
      // The token, the serials' owners and the receivers' associations, in one query.
      const serials = moves.map((move) => move.serial);
      const receivers = moves.map((move) => move.receiver);
      const {
        rows: [found],
      } = await tx.execute<{
        token_exists: boolean;
        owners: [number, string][] | null;
        associated: string[] | null;
      }>(sql`
        select exists (select 1 from ${ledgerTokens} where ${ledgerTokens.tokenId} = ${token}) as token_exists,
          (select json_agg(json_build_array(${ledgerNfts.serialNumber}, ${ledgerNfts.ownerAccount}))
            from ${ledgerNfts}
            where ${ledgerNfts.tokenId} = ${token}
              and ${ledgerNfts.serialNumber} in (${sql.join(
                serials.map((serial) => sql`${serial}`),
                sql`, `,
              )})) as owners,
          (select json_agg(${ledgerTokenRelationships.accountId}) from ${ledgerTokenRelationships}
            where ${ledgerTokenRelationships.tokenId} = ${token}
              and ${ledgerTokenRelationships.accountId} in (${sql.join(
                receivers.map((receiver) => sql`${receiver}`),
                sql`, `,
              )}))
            as associated`);
      if (!found!.token_exists) fail('INVALID_TOKEN_ID');
      const owners = new Map((found!.owners ?? []).map(([serial, owner]) => [Number(serial), owner]));
      const associated = new Set(found!.associated ?? []);
      for (const move of moves) {
        const sender = accounts.get(move.sender);
        if (!sender || !accounts.has(move.receiver)) fail('INVALID_ACCOUNT_ID');
        if (!this.signedBy(transaction, sender!.publicKey, sender!.keyType)) fail('INVALID_SIGNATURE');
        if (!owners.has(move.serial)) fail('INVALID_NFT_ID');
        if (owners.get(move.serial) !== move.sender) fail('SENDER_DOES_NOT_OWN_NFT_SERIAL_NO');
        if (!associated.has(move.receiver)) fail('TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
        // A later transfer of the same serial in this transaction starts from its new owner.
        owners.set(move.serial, move.receiver);
        tokenBalances.push(
          { accountId: move.sender, tokenId: token, delta: -1 },
          { accountId: move.receiver, tokenId: token, delta: 1 },
        );
      }
    }

    // The HBAR in `movement` is moved with the fee, once the transaction is through.
    for (const move of nftMoves) {
      await tx
        .update(ledgerNfts)
        .set({ ownerAccount: move.receiver, modifiedTimestamp: consensusTimestamp })
        .where(and(eq(ledgerNfts.tokenId, move.token), eq(ledgerNfts.serialNumber, move.serial)));
      nftTransfers.push({
        is_approval: move.isApproval,
        receiver_account_id: move.receiver,
        sender_account_id: move.sender,
        serial_number: move.serial,
        token_id: move.token,
      });
    }
    await this.adjustTokenBalances(tx, tokenBalances);
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
    const wipeKey = transaction.wipeKey;
    if (wipeKey && !(wipeKey instanceof PublicKey)) fail('NOT_SUPPORTED');
    if (adminKey instanceof PublicKey && !transactionSignedBy(adminKey, transaction))
      fail('INVALID_SIGNATURE');
    const [{ num } = { num: '0' }] = (
      await tx.execute<{ num: string }>(sql`select nextval('ledger_entity_num')::text as num`)
    ).rows;
    const tokenId = `0.0.${num}`;
    const supply = describeKey(supplyKey);
    const admin = adminKey instanceof PublicKey ? describeKey(adminKey) : null;
    const wipe = wipeKey instanceof PublicKey ? describeKey(wipeKey) : null;
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
      wipeKey: wipe?.key ?? null,
      wipeKeyType: wipe?.type ?? null,
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
    const { tokenId, token } = await this.supplyChange(tx, transaction);
    const metadata = transaction.metadata;
    if (metadata.length === 0) fail('INVALID_TOKEN_MINT_METADATA');
    if (metadata.length > MAX_NFTS_PER_TRANSACTION) fail('BATCH_SIZE_LIMIT_EXCEEDED');
    if (metadata.some((item) => item.length > MAX_METADATA_BYTES)) fail('METADATA_TOO_LONG');
    // Serials are never reused: a burned NFT keeps its number (the supply falls, the serials go on).
    const [{ lastSerial } = { lastSerial: 0 }] = await tx
      .select({ lastSerial: sql<number>`coalesce(max(${ledgerNfts.serialNumber}), 0)`.mapWith(Number) })
      .from(ledgerNfts)
      .where(eq(ledgerNfts.tokenId, tokenId));
    const serials = metadata.map((_item, index) => lastSerial + index + 1);
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
    await this.adjustTokenBalances(tx, [
      { accountId: token.treasuryAccount, tokenId, delta: metadata.length },
    ]);
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

  /** The token a mint or burn changes, signed with its supply key: the checks both make first. */
  private async supplyChange(tx: Tx, transaction: TokenMintTransaction | TokenBurnTransaction) {
    const tokenId = transaction.tokenId?.toString();
    const [token] = tokenId
      ? await tx.select().from(ledgerTokens).where(eq(ledgerTokens.tokenId, tokenId))
      : [];
    if (!tokenId || !token) return fail('INVALID_TOKEN_ID');
    if (!token.supplyKey || !token.supplyKeyType) return fail('TOKEN_HAS_NO_SUPPLY_KEY');
    if (!transactionSignedBy(publicKeyOf(token.supplyKey, token.supplyKeyType), transaction))
      fail('INVALID_SIGNATURE');
    return { tokenId, token };
  }

  /** Burns NFTs the treasury holds (signed with the supply key): they stay on the mirror node, deleted. */
  private async applyBurn(
    tx: Tx,
    transaction: TokenBurnTransaction,
    consensusTimestamp: string,
    nftTransfers: object[],
  ) {
    const { tokenId, token } = await this.supplyChange(tx, transaction);
    const serials = [...new Set(transaction.serials.map((serial) => serial.toNumber()))];
    if (serials.length === 0) fail('INVALID_TOKEN_BURN_METADATA');
    if (serials.length > MAX_NFTS_PER_TRANSACTION) fail('BATCH_SIZE_LIMIT_EXCEEDED');
    const rows = await tx
      .select({ serialNumber: ledgerNfts.serialNumber, owner: ledgerNfts.ownerAccount })
      .from(ledgerNfts)
      .where(and(eq(ledgerNfts.tokenId, tokenId), inArray(ledgerNfts.serialNumber, serials)));
    if (rows.length !== serials.length || rows.some((row) => row.owner === null)) fail('INVALID_NFT_ID');
    if (rows.some((row) => row.owner !== token.treasuryAccount)) fail('TREASURY_MUST_OWN_BURNED_NFT');
    await this.removeNfts(tx, token, serials, token.treasuryAccount, consensusTimestamp, nftTransfers);
  }

  /**
   * Takes NFTs out of a non-treasury account with the token's wipe key: as a burn, they stay on the
   * mirror node deleted, held by nobody, and the supply falls.
   */
  private async applyWipe(
    tx: Tx,
    transaction: TokenWipeTransaction,
    consensusTimestamp: string,
    nftTransfers: object[],
  ) {
    const tokenId = transaction.tokenId?.toString();
    const [token] = tokenId
      ? await tx.select().from(ledgerTokens).where(eq(ledgerTokens.tokenId, tokenId))
      : [];
    if (!tokenId || !token) return fail('INVALID_TOKEN_ID');
    if (!token.wipeKey || !token.wipeKeyType) return fail('TOKEN_HAS_NO_WIPE_KEY');
    if (!transactionSignedBy(publicKeyOf(token.wipeKey, token.wipeKeyType), transaction))
      fail('INVALID_SIGNATURE');
    const accountId = transaction.accountId?.toString();
    if (!accountId || !(await this.account(tx, accountId))) return fail('INVALID_ACCOUNT_ID');
    if (accountId === token.treasuryAccount) fail('CANNOT_WIPE_TOKEN_TREASURY_ACCOUNT');
    const serials = [...new Set((transaction.serials ?? []).map((serial) => serial.toNumber()))];
    if (serials.length === 0) fail('INVALID_WIPING_AMOUNT');
    if (serials.length > MAX_NFTS_PER_TRANSACTION) fail('BATCH_SIZE_LIMIT_EXCEEDED');
    const rows = await tx
      .select({ owner: ledgerNfts.ownerAccount })
      .from(ledgerNfts)
      .where(and(eq(ledgerNfts.tokenId, tokenId), inArray(ledgerNfts.serialNumber, serials)));
    if (rows.length !== serials.length || rows.some((row) => row.owner === null)) fail('INVALID_NFT_ID');
    if (rows.some((row) => row.owner !== accountId)) fail('ACCOUNT_DOES_NOT_OWN_WIPED_NFT');
    await this.removeNfts(tx, token, serials, accountId, consensusTimestamp, nftTransfers);
  }

  /** A burn's or wipe's effect: the NFTs leave their holder for nobody, and the supply falls. */
  private async removeNfts(
    tx: Tx,
    token: typeof ledgerTokens.$inferSelect,
    serials: number[],
    holder: string,
    consensusTimestamp: string,
    nftTransfers: object[],
  ) {
    const { tokenId } = token;
    await tx
      .update(ledgerNfts)
      .set({ ownerAccount: null, modifiedTimestamp: consensusTimestamp })
      .where(and(eq(ledgerNfts.tokenId, tokenId), inArray(ledgerNfts.serialNumber, serials)));
    await tx
      .update(ledgerTokens)
      .set({ totalSupply: token.totalSupply - serials.length })
      .where(eq(ledgerTokens.tokenId, tokenId));
    await this.adjustTokenBalances(tx, [{ accountId: holder, tokenId, delta: -serials.length }]);
    // As on the mirror node, a burn or wipe shows as an NFT transfer from the holder to nobody.
    for (const serial of serials) {
      nftTransfers.push({
        is_approval: false,
        receiver_account_id: null,
        sender_account_id: holder,
        serial_number: serial,
        token_id: tokenId,
      });
    }
  }

  /** Signature checks already made, per transaction and key: the payer's is asked for more than once. */
  private readonly signatureChecks = new WeakMap<Transaction, Map<string, boolean>>();

  private signedBy(transaction: Transaction, publicKey: string | null, keyType: string | null): boolean {
    if (!publicKey || !keyType) return false;
    let checks = this.signatureChecks.get(transaction);
    if (!checks) this.signatureChecks.set(transaction, (checks = new Map()));
    const known = checks.get(publicKey);
    if (known !== undefined) return known;
    let signed: boolean;
    try {
      signed = transactionSignedBy(publicKeyOf(publicKey, keyType), transaction);
    } catch {
      signed = false;
    }
    checks.set(publicKey, signed);
    return signed;
  }

  /** Account keys never change here and accounts are never deleted: each is read once per process. */
  private readonly accountKeys = new Map<string, { publicKey: string | null; keyType: string | null }>();

  private async accountKey(accountId: string) {
    const known = this.accountKeys.get(accountId);
    if (known) return known;
    const row = await this.account(this.db, accountId);
    if (!row) return null;
    const key = { publicKey: row.publicKey, keyType: row.keyType };
    if (this.accountKeys.size >= MAX_CACHED_ACCOUNT_KEYS) this.accountKeys.clear();
    this.accountKeys.set(accountId, key);
    return key;
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

  /** The accounts among `accountIds` that exist, by id, in one query. */
  private async accounts(tx: Tx, accountIds: string[]) {
    const nums = [...new Set(accountIds.map(accountNumOf).filter((num): num is number => num !== null))];
    const rows = nums.length
      ? await tx.select().from(ledgerAccounts).where(inArray(ledgerAccounts.accountNum, nums))
      : [];
    return new Map(rows.map((row) => [`0.0.${row.accountNum}`, row]));
  }

  /** Applies HBAR movements (account → tinybars, + or −) in one statement. */
  private async moveHbar(tx: Tx, movement: HbarMovement) {
    const changes = [...movement].filter(([, amount]) => amount !== 0n);
    if (changes.length === 0) return;
    const values = sql.join(
      changes.map(
        ([accountId, amount]) => sql`(${accountNumOf(accountId)}::bigint, ${amount.toString()}::bigint)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update ${ledgerAccounts} set balance_tinybars = ${ledgerAccounts}.balance_tinybars + change.amount
      from (values ${values}) as change(account_num, amount)
      where ${ledgerAccounts}.account_num = change.account_num`);
  }

  /** Adds to accounts' NFT counts of tokens, in one statement. */
  private async adjustTokenBalances(
    tx: Tx,
    changes: { accountId: string; tokenId: string; delta: number }[],
  ) {
    if (changes.length === 0) return;
    const values = sql.join(
      changes.map(({ accountId, tokenId, delta }) => sql`(${accountId}, ${tokenId}, ${delta}::bigint)`),
      sql`, `,
    );
    // One row per account and token: a relationship named twice gets the sum.
    await tx.execute(sql`
      update ${ledgerTokenRelationships} set balance = ${ledgerTokenRelationships}.balance + change.delta
      from (
        select account_id, token_id, sum(delta)::bigint as delta
        from (values ${values}) as entry(account_id, token_id, delta)
        group by account_id, token_id
      ) as change
      where ${ledgerTokenRelationships}.account_id = change.account_id
        and ${ledgerTokenRelationships}.token_id = change.token_id`);
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
      accountId,
    }));
  }

  async isAssociated(accountId: string, tokenId: string): Promise<boolean> {
    this.assertAvailable();
    const [row] = await this.db
      .select({ tokenId: ledgerTokenRelationships.tokenId })
      .from(ledgerTokenRelationships)
      .where(
        and(eq(ledgerTokenRelationships.accountId, accountId), eq(ledgerTokenRelationships.tokenId, tokenId)),
      );
    return Boolean(row);
  }

  async nftHolder(tokenId: string, serialNumber: number): Promise<string | null | undefined> {
    this.assertAvailable();
    const [row] = await this.db
      .select({ owner: ledgerNfts.ownerAccount })
      .from(ledgerNfts)
      .where(and(eq(ledgerNfts.tokenId, tokenId), eq(ledgerNfts.serialNumber, serialNumber)));
    return row?.owner;
  }

  async balanceTinybars(accountId: string): Promise<bigint | null> {
    const row = await this.account(this.db, accountId);
    return row ? row.balanceTinybars : null;
  }
}
