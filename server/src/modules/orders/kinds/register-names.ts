import { PAID_STATUS } from '@registry/contracts/orders';
import { splitDomainName } from '@registry/contracts/domain-name';
import {
  MINT_JOB,
  WIPE_RELEASED_JOB,
  wipeJobKey,
  type MintPayload,
  type WipePayload,
} from '../../delivery/payloads';
import { monthsAfter, type Effect, type KindDeps, type Settlement } from '../paid-kind';
import * as repo from '../repo';

/** Outlasts the settling transaction, which releases these holds before it commits. */
const HOLD_WHILE_SETTLING_MS = 60_000;

/**
 * The effect of the kinds that sell names (domains, claim, subdomain): each name is registered to the
 * buyer and its mint queued. A live quote's names are its own; an expired one's only if nobody else
 * took them meanwhile, and an expired quote that lost a name registers none (it is refunded whole).
 */
export async function registerNames(
  { tx, order, lines, paidAt, expired, payment }: Settlement,
  { domains, queue }: KindDeps,
): Promise<Effect> {
  const names = lines.map((item) => item.itemName);
  const held = await repo.holdNames(
    tx,
    {
      orderId: order.id,
      accountId: order.accountId,
      clientAddress: null,
      expiresAt: new Date(paidAt.getTime() + HOLD_WHILE_SETTLING_MS),
      now: paidAt,
      ttlMs: HOLD_WHILE_SETTLING_MS,
    },
    names,
  );
  const refused = new Set(held.refused);
  const registered = await domains.registeredAmong(tx, names);
  const lost = names.filter((name) => refused.has(name) || registered.has(name));
  const jobKeys: string[] = [];
  if (!(expired && lost.length > 0)) {
    for (const item of lines) {
      if (lost.includes(item.itemName)) continue;
      const { tld, labels } = splitDomainName(item.itemName);
      const registration = await domains.registerPaid(
        tx,
        {
          name: item.itemName,
          tld,
          parentName: item.isSub === 1 ? labels.slice(1).join('.') : null,
          isSub: item.isSub,
          ownerAccount: order.accountId,
          months: item.months,
          price: item.price,
          purchasedAt: paidAt,
          expiresAt: monthsAfter(paidAt, item.months),
          webProtection: item.isWebProtectionOn,
          status: PAID_STATUS,
          orderId: order.id,
        },
        { order: order.id, payment },
      );
      // Someone registered it first.
      if (registration === null) {
        lost.push(item.itemName);
        continue;
      }
      // A released name's old NFT is taken back before the new one counts (if no sweep did yet).
      if (registration.released) {
        const wipe: WipePayload = { ...registration.released };
        await queue.enqueue(WIPE_RELEASED_JOB, wipeJobKey(wipe), wipe, tx);
        jobKeys.push(wipeJobKey(wipe));
      }
      const payload: MintPayload = { domainId: registration.id };
      // Keyed by order too: a name released after its grace period is minted again for its next owner.
      const key = `mint:${item.itemName}:${order.id}`;
      await queue.enqueue(MINT_JOB, key, payload, tx);
      jobKeys.push(key);
    }
  }
  await repo.releaseHolds(tx, order.id);
  return { lost, jobKeys };
}
