import { HttpError, notFound } from '../../../http-error';
import { line } from '../lines';
import { done, type PaidKind } from '../paid-kind';

/** The fee for a change of a subscribed domain's records; used up when the change is activated. */
export const recordFeeKind: PaidKind<'record-fee'> = {
  kind: 'record-fee',
  holdsNames: false,
  async price(accountId, request, { domains, priceList }) {
    const ownership = await domains.ownership(accountId, request.itemName);
    if (!ownership) throw notFound(`You do not own ${request.itemName}`);
    if (!ownership.subscribed)
      throw new HttpError(403, 'NOT_SUBSCRIBED', 'Managing records needs an active subscription');
    const { recordChangeHbar } = await priceList.current();
    return [line(request.itemName, 0, recordChangeHbar)];
  },
  // The paid order itself is what the records module looks for when the change is activated.
  async settle({ tx, lines, order, payment }, { journal }) {
    await journal.append(
      tx,
      lines.map((item) => ({
        name: item.itemName,
        event: { e: 'record-fee', d: { order: order.id, payment } },
      })),
    );
    return done;
  },
};
