import { paths } from '@registry/contracts/routes';
import { CHECKOUT_MESSAGES } from './checkout-messages';

/**
 * Where the buyer goes once the order is confirmed (spec section 4): one delivered name → its detail
 * page; one still on its way → the Pending list with a note; several → home when all were delivered,
 * else the Pending list.
 */
export function destinationAfterPurchase(
  names: string[],
  delivered: string[],
): { to: string; message?: string } {
  const all = names.every((name) => delivered.includes(name));
  if (names.length === 1) {
    return all
      ? { to: paths.domainDetail('web3', names[0]!) }
      : { to: paths.pending, message: CHECKOUT_MESSAGES.deliverySoon };
  }
  return all ? { to: paths.home } : { to: paths.pending };
}
