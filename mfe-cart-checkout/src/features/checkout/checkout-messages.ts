/** The checkout's own texts (spec sections 2, 4 and 8). */
export const CHECKOUT_MESSAGES = {
  minted: 'Congratulation! Your domain(s) has been minted',
  deliverySoon: 'Very soon your booked domain will be transferd to your wallet',
  confirmFailed: 'Something went wrong [PY-879]',
} as const;

/** The success dialog stays this long before the cart is cleared and the buyer moves on. */
export const SUCCESS_DIALOG_MS = 5000;
