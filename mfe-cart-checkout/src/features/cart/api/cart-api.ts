import { ApiRequestError, createApiClient } from '@registry/api-client/client';

const api = createApiClient();

/** Spec section 8: the cart's load errors, after the 'Something went wrong :' prefix. */
export const CART_LOAD_ERRORS = {
  prefix: 'Something went wrong :',
  network: '[RESV:CR-9001]',
  badResponse: '[RESV:CR-9002]',
} as const;

export type TakenCheck =
  | { ok: true; taken: string[]; premiums: Array<{ itemName: string; hbar: number; usd: number }> }
  | { ok: false; message: string };

/**
 * Which of the cart's names someone else bought (the server's taken-check, spec section 7), and the
 * release premiums of the others as they stand now.
 */
export async function checkCartNames(names: string[]): Promise<TakenCheck> {
  try {
    const { taken, premiums = [] } = await api.findTakenNames(names);
    return {
      ok: true,
      taken: taken.map((each) => each.itemName),
      premiums: premiums.map(({ itemName, price, priceUsd }) => ({ itemName, hbar: price, usd: priceUsd })),
    };
  } catch (error) {
    // The server answered, but not with a list: a bad response. No answer at all: the network.
    const code = error instanceof ApiRequestError ? CART_LOAD_ERRORS.badResponse : CART_LOAD_ERRORS.network;
    return { ok: false, message: `${CART_LOAD_ERRORS.prefix}${code}` };
  }
}
