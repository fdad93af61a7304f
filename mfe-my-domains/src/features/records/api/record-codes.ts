import type { RecordField } from '@registry/contracts/records';

/** A failure the records flow can meet, in its order: update, fee payment, activation. */
export type RecordFailure =
  'no-wallet' | 'payment' | 'fee' | 'activation' | 'update-bad-answer' | 'update-status' | 'update-network';

export type RecordMessage = { title: string; message: string };

const SOMETHING = 'Something went wrong';

/** Spec section 8: the web2 address row of an owned domain. */
const WEB2_ASSET: Record<Exclude<RecordFailure, 'no-wallet'>, RecordMessage> = {
  // The spec's spelling and trailing spaces, letter for letter.
  payment: { title: 'Some thing went wrong [TR-478232] ', message: '' },
  activation: { title: 'Some thing went wrong [TR-409232] ', message: '' },
  'update-bad-answer': { title: SOMETHING, message: '[W2A-73483]' },
  'update-status': { title: SOMETHING, message: '[W2A-73903]' },
  fee: { title: SOMETHING, message: '[W2A-70483]' },
  'update-network': { title: SOMETHING, message: '[W2A-06483]' },
};

/** The other rows share one family of codes: OAST3 on owned domains, OAST on other providers' domains. */
function assetCodes(family: 'OAST' | 'OAST3'): Record<Exclude<RecordFailure, 'no-wallet'>, RecordMessage> {
  const code = (suffix: string) => ({ title: SOMETHING, message: `[${family}-${suffix}]` });
  return {
    payment: code('478232'),
    activation: code('409232'),
    'update-bad-answer': code('73483'),
    'update-status': code('73903'),
    fee: code('73903'),
    'update-network': code('06483'),
  };
}

export const NO_WALLET_MESSAGE: RecordMessage = { title: 'Please check wallet connection', message: '' };

/** The message for a failure of editing `field` on an owned domain or another provider's one. */
export function recordFailureMessage(
  failure: RecordFailure,
  field: RecordField,
  provider: 'own' | 'other',
): RecordMessage {
  if (failure === 'no-wallet') return NO_WALLET_MESSAGE;
  if (provider === 'other') return assetCodes('OAST')[failure];
  return field === 'siteAddress' ? WEB2_ASSET[failure] : assetCodes('OAST3')[failure];
}
