import { afterAll, beforeAll } from 'vitest';
import type { ApiClient } from '@registry/api-client/client';
import type { WalletPort } from '@registry/wallet/wallet-port';
import { startTestApp, type TestApp } from './test-app';

/**
 * A test app listening on a free local port for the whole suite, for clients that talk HTTP (wallets,
 * the typed client). Read `t` and `origin` inside tests: they are set before the first one runs.
 */
export function listeningTestApp(...args: Parameters<typeof startTestApp>) {
  const suite = {} as { t: TestApp; origin: string };
  beforeAll(async () => {
    suite.t = await startTestApp(...args);
    suite.origin = await suite.t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    suite.t.app.server.closeAllConnections();
    await suite.t.close();
  });
  return suite;
}

/** Signs in as the shell does: the wallet signs the server's one-time message. */
export async function signInWithWallet(
  api: ApiClient,
  wallet: Pick<WalletPort, 'signMessage'>,
  accountId: string,
) {
  const challenge = await api.createSignInChallenge(accountId);
  return api.verifySignIn({
    accountId,
    nonce: challenge.nonce,
    signatureMap: await wallet.signMessage(challenge.message),
  });
}
