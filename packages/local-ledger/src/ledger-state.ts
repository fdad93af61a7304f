import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '@hashgraph/sdk';
import type { LedgerDb as Db } from './ledger-db';
import { ledgerAccounts, ledgerTokenRelationships, ledgerTokens } from './schema';
import { accountNumOf } from './ledger-accounts';
import { signedWithStored } from './ledger-keys';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type HbarMovement = Map<string, bigint>;

/** The network's limits: NFTs minted by one TokenMint, NFTs moved by one transfer, metadata bytes. */
export const MAX_NFTS_PER_TRANSACTION = 10;
export const MAX_METADATA_BYTES = 100;
const MAX_CACHED_ACCOUNT_KEYS = 100_000;

export { fail, Outcome } from './outcome';

/** The ledger's accounts, keys and token relationships as the transactions read and change them. */
export class LedgerState {
  constructor(private readonly db: Db) {}

  /** Signature checks already made, per transaction and key: the payer's is asked for more than once. */
  private readonly signatureChecks = new WeakMap<Transaction, Map<string, boolean>>();

  signedBy(transaction: Transaction, publicKey: string | null, keyType: string | null): boolean {
    if (!publicKey || !keyType) return false;
    let checks = this.signatureChecks.get(transaction);
    if (!checks) this.signatureChecks.set(transaction, (checks = new Map()));
    const known = checks.get(publicKey);
    if (known !== undefined) return known;
    const signed = signedWithStored(transaction, publicKey, keyType);
    checks.set(publicKey, signed);
    return signed;
  }

  /** Account keys change only by an account update, which forgets them here: each is read once per process. */
  private readonly accountKeys = new Map<
    string,
    { publicKey: string | null; keyType: string | null; evmAddress: string | null }
  >();

  async accountKey(accountId: string) {
    const known = this.accountKeys.get(accountId);
    if (known) return known;
    const row = await this.account(this.db, accountId);
    if (!row) return null;
    const key = { publicKey: row.publicKey, keyType: row.keyType, evmAddress: row.evmAddress };
    if (this.accountKeys.size >= MAX_CACHED_ACCOUNT_KEYS) this.accountKeys.clear();
    this.accountKeys.set(accountId, key);
    return key;
  }

  /** After an account update: its key is read again. */
  forgetAccountKey(accountId: string) {
    this.accountKeys.delete(accountId);
  }

  /**
   * Tokens known to have no custom fees: these change only by a fee schedule update, which forgets
   * them here, so they are read once per process. Tokens with fees are read each time: their treasury,
   * which is exempt, may change.
   */
  private readonly tokensWithoutFees = new Set<string>();

  /** After a fee schedule update: the token's fees are read again. */
  forgetCustomFees(tokenId: string) {
    this.tokensWithoutFees.delete(tokenId);
  }

  /** The treasury and custom fees of those of `tokenIds` that have fees. */
  async customFeesOf(tx: Tx, tokenIds: string[]) {
    const unknown = tokenIds.filter((tokenId) => !this.tokensWithoutFees.has(tokenId));
    if (unknown.length === 0) return [];
    const rows = await tx
      .select({
        tokenId: ledgerTokens.tokenId,
        treasury: ledgerTokens.treasuryAccount,
        fees: ledgerTokens.customFees,
      })
      .from(ledgerTokens)
      .where(inArray(ledgerTokens.tokenId, unknown));
    if (this.tokensWithoutFees.size >= MAX_CACHED_ACCOUNT_KEYS) this.tokensWithoutFees.clear();
    for (const row of rows) if (row.fees.length === 0) this.tokensWithoutFees.add(row.tokenId);
    return rows.filter((row) => row.fees.length > 0);
  }

  async account(tx: Tx | Db, accountId: string) {
    const num = accountNumOf(accountId);
    if (num === null) return null;
    const [row] = await tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.accountNum, num));
    return row ?? null;
  }

  async relationship(tx: Tx, accountId: string, tokenId: string) {
    const [row] = await tx
      .select()
      .from(ledgerTokenRelationships)
      .where(
        and(eq(ledgerTokenRelationships.accountId, accountId), eq(ledgerTokenRelationships.tokenId, tokenId)),
      );
    return row ?? null;
  }

  /** The accounts among `accountIds` that exist, by id, in one query. */
  async accounts(tx: Tx, accountIds: string[]) {
    const nums = [...new Set(accountIds.map(accountNumOf).filter((num): num is number => num !== null))];
    const rows = nums.length
      ? await tx.select().from(ledgerAccounts).where(inArray(ledgerAccounts.accountNum, nums))
      : [];
    return new Map(rows.map((row) => [`0.0.${row.accountNum}`, row]));
  }

  /** Applies HBAR movements (account → tinybars, + or −) in one statement. */
  async moveHbar(tx: Tx, movement: HbarMovement) {
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
  async adjustTokenBalances(tx: Tx, changes: { accountId: string; tokenId: string; delta: bigint }[]) {
    if (changes.length === 0) return;
    const values = sql.join(
      changes.map(
        ({ accountId, tokenId, delta }) => sql`(${accountId}, ${tokenId}, ${delta.toString()}::bigint)`,
      ),
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
}
