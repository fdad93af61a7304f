export { describeKey, publicKeyOf, type KeyType } from '@registry/hedera-node/hedera-keys';

/** System accounts, numbered as on Hedera. */
export const GENESIS_ACCOUNT = '0.0.2';
export const NODE_ACCOUNTS = ['0.0.3', '0.0.4', '0.0.5', '0.0.6', '0.0.7', '0.0.8', '0.0.9'];
export const FEE_ACCOUNT = '0.0.98';
/** All HBAR exists from the start, on the genesis account (50 billion HBAR). */
export const TOTAL_SUPPLY_TINYBARS = 50_000_000_000n * 100_000_000n;
/** What every transaction costs on the local ledger: 0.001 HBAR, paid to 0.0.98. */
export const TRANSACTION_FEE_TINYBARS = 100_000n;
/** What a paid query (account, token or NFT info, a record, the version) costs: 0.001 HBAR to its node. */
export const QUERY_FEE_TINYBARS = 100_000n;

export function accountNumOf(accountId: string): number | null {
  const match = /^0\.0\.(\d{1,15})$/.exec(accountId);
  return match ? Number(match[1]) : null;
}
