import { eq } from 'drizzle-orm';
import type { LedgerDb } from '../ledger-db';
import { accountNumOf } from '../ledger-accounts';
import { ledgerAccounts, ledgerTransactions } from '../schema';

/** An entity id as HAPI carries it (shard, realm, number; 64-bit numbers as strings). */
type EntityId = { shardNum?: string; realmNum?: string };
export type AccountId = EntityId & { accountNum?: string };
type TransactionId = {
  accountID?: AccountId;
  transactionValidStart?: { seconds?: string; nanos?: number };
};

/** The HAPI version this node says it speaks (the proto package's). */
const HAPI_VERSION = { major: 0, minor: 64, patch: 0 };

const entity = (id: string) => {
  const [shardNum, realmNum, num] = id.split('.');
  return { shardNum: shardNum!, realmNum: realmNum!, num: num! };
};
const accountIdOf = (id: string): AccountId => {
  const { shardNum, realmNum, num } = entity(id);
  return { shardNum, realmNum, accountNum: num };
};
const tokenIdOf = (id: string) => {
  const { shardNum, realmNum, num } = entity(id);
  return { shardNum, realmNum, tokenNum: num };
};

export const accountIdText = (id: AccountId | undefined) =>
  id ? `${id.shardNum ?? '0'}.${id.realmNum ?? '0'}.${id.accountNum ?? '0'}` : null;

/** The mirror node's form of a transaction id (`0.0.1001-1700000000-000000001`), the ledger's key. */
function transactionIdText(id: TransactionId | undefined): string | null {
  const payer = accountIdText(id?.accountID);
  if (!payer || !id?.transactionValidStart) return null;
  const { seconds = '0', nanos = 0 } = id.transactionValidStart;
  return `${payer}-${seconds}-${String(nanos).padStart(9, '0')}`;
}

/** What the ledger's records answer to the queries a node serves from its state. */
export function createQueryAnswers(db: LedgerDb) {
  return {
    /** A transaction's receipt: its status and what it created (an account, a token, serials). */
    async receipt(id: TransactionId | undefined) {
      const key = transactionIdText(id);
      if (!key) return { precheck: 'INVALID_TRANSACTION_ID' as const };
      const [row] = await db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.transactionId, key));
      if (!row) return { precheck: 'RECEIPT_NOT_FOUND' as const };
      const serials = (row.nftTransfers as Array<{ sender_account_id: string | null; serial_number: number }>)
        .filter((transfer) => row.name === 'TOKENMINT' && transfer.sender_account_id === null)
        .map((transfer) => String(transfer.serial_number));
      return {
        precheck: 'OK' as const,
        receipt: {
          status: row.result,
          ...(row.name === 'CRYPTOCREATEACCOUNT' && row.entityId
            ? { accountID: accountIdOf(row.entityId) }
            : {}),
          ...(row.name === 'TOKENCREATION' && row.entityId ? { tokenID: tokenIdOf(row.entityId) } : {}),
          ...(serials.length > 0 ? { serialNumbers: serials } : {}),
        },
      };
    },

    /** An account's HBAR balance in tinybars. */
    async balance(id: AccountId | undefined) {
      const text = accountIdText(id);
      const num = text ? accountNumOf(text) : null;
      if (num === null) return { precheck: 'INVALID_ACCOUNT_ID' as const };
      const [row] = await db
        .select({ balance: ledgerAccounts.balanceTinybars })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.accountNum, num));
      if (!row) return { precheck: 'INVALID_ACCOUNT_ID' as const };
      return { precheck: 'OK' as const, accountID: accountIdOf(text!), balance: row.balance.toString() };
    },

    version() {
      return { hapiProtoVersion: HAPI_VERSION, hederaServicesVersion: HAPI_VERSION };
    },
  };
}
export type QueryAnswers = ReturnType<typeof createQueryAnswers>;
