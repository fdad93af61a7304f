import { and, eq, sum } from 'drizzle-orm';
import { accountNumOf, NODE_ACCOUNTS } from './ledger-accounts';
import { fail, type LedgerState, type Tx } from './ledger-state';
import { ledgerAccounts } from './schema';

// Staking as Hedera records it: an account names another account or a node to stake to, and may decline
// rewards. The local ledger keeps and shows it; it pays no rewards (each is 0).

type StakingFields = Pick<
  typeof ledgerAccounts.$inferInsert,
  'stakedAccountId' | 'stakedNodeId' | 'declineReward' | 'stakePeriodStart'
>;

/** A staking period is a UTC day: when a node stake starts, as its `stake_period_start`. */
const periodStartOf = (consensusTimestamp: string) => {
  const seconds = Number(consensusTimestamp.split('.')[0]);
  return `${seconds - (seconds % 86_400)}.000000000`;
};

/**
 * What a creation or an update states about staking, checked: an existing other account, or a node of
 * the network. `0.0.0` and node -1 clear a stake, as the SDK's `clearStaked…` send them.
 */
export async function stakingChanges(
  state: LedgerState,
  tx: Tx,
  accountId: string | null,
  stated: {
    stakedAccountId: { toString(): string } | null;
    stakedNodeId: { toNumber(): number } | null;
    declineStakingRewards: boolean | null;
  },
  consensusTimestamp: string,
): Promise<StakingFields> {
  const changes: StakingFields = {};
  const stakedAccount = stated.stakedAccountId?.toString() ?? null;
  const stakedNode = stated.stakedNodeId?.toNumber() ?? null;
  if (stakedAccount !== null && stakedNode !== null) fail('INVALID_STAKING_ID');
  if (stakedAccount === '0.0.0' || stakedNode === -1) {
    Object.assign(changes, { stakedAccountId: null, stakedNodeId: null, stakePeriodStart: null });
  } else if (stakedAccount !== null) {
    if (stakedAccount === accountId) fail('SELF_STAKING_IS_NOT_ALLOWED');
    const target = accountNumOf(stakedAccount) === null ? null : await state.account(tx, stakedAccount);
    if (!target || target.deleted) fail('INVALID_STAKING_ID');
    Object.assign(changes, { stakedAccountId: stakedAccount, stakedNodeId: null, stakePeriodStart: null });
  } else if (stakedNode !== null) {
    // Node ids 0 to 6 are the nodes 0.0.3 to 0.0.9.
    if (stakedNode < 0 || stakedNode >= NODE_ACCOUNTS.length) fail('INVALID_STAKING_ID');
    Object.assign(changes, {
      stakedAccountId: null,
      stakedNodeId: stakedNode,
      stakePeriodStart: periodStartOf(consensusTimestamp),
    });
  }
  if (stated.declineStakingRewards !== null) changes.declineReward = stated.declineStakingRewards;
  return changes;
}

/** The HBAR other accounts stake to an account, in tinybars. */
export async function stakedTo(db: Pick<Tx, 'select'>, accountId: string): Promise<bigint> {
  const [row] = await db
    .select({ total: sum(ledgerAccounts.balanceTinybars) })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.stakedAccountId, accountId), eq(ledgerAccounts.deleted, false)));
  return BigInt(row?.total ?? 0);
}
