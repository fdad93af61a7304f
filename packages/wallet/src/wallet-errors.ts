import { PAYMENT_RESULT, type PaymentOutcome } from './wallet-port';

export class SignInDeclinedError extends Error {
  constructor() {
    super('The wallet declined to sign in. Connect again to try once more.');
    this.name = 'SignInDeclinedError';
  }
}

/** The wallet offers another account than the signed-in one (its user switched account in it). */
export class WalletAccountChangedError extends Error {
  constructor(offered: string | null, signedIn: string | null) {
    super(
      `Your wallet switched to ${offered ?? 'no account'}; you signed in as ${signedIn}. Nothing was paid: switch it back or connect again.`,
    );
    this.name = 'WalletAccountChangedError';
  }
}

/** HIP-820 error codes a wallet answers with (WalletConnect's and Hedera's). */
const USER_REJECTED = 5000;
const HEDERA_PRECHECK_FAILED = 9000;

/** The spec's result for a wallet's refusal or failure of one request. */
export function resultOfWalletError(error: unknown): Pick<PaymentOutcome, 'result' | 'status'> {
  if ((error as { name?: string })?.name === 'SessionNotFoundError')
    return { result: PAYMENT_RESULT.noWallet };
  const { code, data, message } = (error ?? {}) as { code?: number; data?: unknown; message?: string };
  if (code === USER_REJECTED || /reject/i.test(message ?? '')) return { result: PAYMENT_RESULT.failure };
  if (code === HEDERA_PRECHECK_FAILED) {
    const status =
      /status:? ([A-Z_]+)/.exec(message ?? '')?.[1] ?? (data === undefined ? undefined : String(data));
    return { result: PAYMENT_RESULT.failure, ...(status ? { status } : {}) };
  }
  return { result: PAYMENT_RESULT.exception };
}

/** A wallet's signature of the sign-in message, or SignInDeclinedError when its user said no. */
export async function signInSignature<T>(sign: () => Promise<T>): Promise<T> {
  try {
    return await sign();
  } catch (error) {
    if (resultOfWalletError(error).result === PAYMENT_RESULT.failure) throw new SignInDeclinedError();
    throw error;
  }
}
