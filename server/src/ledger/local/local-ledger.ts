import { PublicKey } from '@hashgraph/sdk';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ledgerAccounts, ledgerNfts } from '../../db/schema';
import { LedgerUnavailableError, type AccountKey, type LedgerNft, type LedgerReader } from '../ledger-port';

/** New accounts are numbered after the system accounts, as on Hedera. */
const FIRST_USER_ACCOUNT = 1001;

function accountNum(accountId: string): number | null {
  const match = /^0\.0\.(\d{1,15})$/.exec(accountId);
  return match ? Number(match[1]) : null;
}

/** The embedded ledger, stored in the registry's database. */
export class LocalLedger implements LedgerReader {
  private paused = false;

  constructor(private readonly db: Db) {}

  pause() {
    this.paused = true;
  }

  resume() {
    this.paused = false;
  }

  private assertAvailable() {
    if (this.paused) throw new LedgerUnavailableError();
  }

  async isAvailable(): Promise<boolean> {
    return !this.paused;
  }

  /** Opens an account for a public key (DER or raw hex) and returns its id. */
  async createAccount(publicKey: PublicKey, initialTinybars = 0n): Promise<string> {
    this.assertAvailable();
    const type = publicKey.toStringDer().startsWith('302a300506032b6570') ? 'ED25519' : 'ECDSA_SECP256K1';
    const [row] = await this.db
      .insert(ledgerAccounts)
      .values({
        accountNum: sql`greatest(${FIRST_USER_ACCOUNT}, (select coalesce(max(account_num), 0) + 1 from ledger_accounts))`,
        publicKey: publicKey.toStringDer(),
        keyType: type,
        balanceTinybars: initialTinybars,
      })
      .returning({ accountNum: ledgerAccounts.accountNum });
    return `0.0.${row!.accountNum}`;
  }

  async getAccountKey(accountId: string): Promise<AccountKey | null> {
    this.assertAvailable();
    const num = accountNum(accountId);
    if (num === null) return null;
    const [row] = await this.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.accountNum, num));
    if (!row?.publicKey || !row.keyType) return null;
    return { key: row.publicKey, type: row.keyType as AccountKey['type'] };
  }

  /** Puts an NFT in an account (the registry's mint and transfer, in one step). */
  async mintNftTo(tokenId: string, accountId: string, metadata: string): Promise<LedgerNft> {
    this.assertAvailable();
    const [row] = await this.db
      .insert(ledgerNfts)
      .values({
        tokenId,
        serialNumber: sql`(select coalesce(max(serial_number), 0) + 1 from ledger_nfts where token_id = ${tokenId})`,
        ownerAccount: accountId,
        metadata,
      })
      .returning();
    return { tokenId, serialNumber: row!.serialNumber, accountId };
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
}
