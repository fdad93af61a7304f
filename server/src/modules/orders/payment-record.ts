import type { MirrorTransaction } from '../../ledger/mirror-reader';

/**
 * Tinybars a transaction's payer sent the treasury: its credit, less any staking reward the network
 * paid the treasury with it (that is not the payer's money).
 */
export function creditTo(record: MirrorTransaction, treasuryAccountId: string): bigint {
  const toTreasury = (transfers: Array<{ account: string; amount: number }>) =>
    transfers
      .filter((transfer) => transfer.account === treasuryAccountId && transfer.amount > 0)
      .reduce((sum, transfer) => sum + BigInt(transfer.amount), 0n);
  return toTreasury(record.transfers) - toTreasury(record.staking_reward_transfers ?? []);
}

export const memoOf = (record: MirrorTransaction) =>
  record.memo_base64 ? Buffer.from(record.memo_base64, 'base64').toString('utf8') : '';
