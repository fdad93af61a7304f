// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BladeWallet, detectBlade } from './blade-wallet';
import { detectHashPack, HashPackWallet } from './hashpack-wallet';
import { WalletNotInstalledError } from './signer-wallet';
import { PAYMENT_RESULT } from './wallet-port';

const options = {
  projectId: 'test-project-id',
  network: 'testnet' as const,
  mirrorNodeUrl: 'http://mirror.test',
  detectTimeoutMs: 2000,
};

afterEach(() => {
  vi.useRealTimers();
  delete (window as { bladeConnect?: unknown }).bladeConnect;
});

describe('extension detection', () => {
  it("gives up after 2 s: 'Hashpack is not installed' with the install link", async () => {
    vi.useFakeTimers();
    const connecting = new HashPackWallet(options).connect();
    const outcome = connecting.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1999);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(WalletNotInstalledError);
    expect(error).toMatchObject({
      message: 'Hashpack is not installed',
      installUrl: 'https://www.hashpack.app/download',
    });
  });

  it("gives up after 2 s: 'Blade is not installed'", async () => {
    vi.useFakeTimers();
    const outcome = new BladeWallet(options).connect().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(2100);
    expect(await outcome).toMatchObject({
      message: 'Blade is not installed',
      installUrl: 'https://bladewallet.io/',
    });
  });

  it('finds HashPack when its extension answers, and Blade when it publishes bladeConnect', async () => {
    const answer = (event: MessageEvent) => {
      if (event.data?.type === 'hashconnect-query-extension')
        window.postMessage({ type: 'hashconnect-query-extension-response' }, '*');
    };
    window.addEventListener('message', answer);
    await expect(detectHashPack(2000)).resolves.toBe(true);
    window.removeEventListener('message', answer);
    setTimeout(() => Object.assign(window, { bladeConnect: {} }), 300);
    await expect(detectBlade(2000)).resolves.toBe(true);
  });

  it('with the extension there, explains a missing WalletConnect project id instead of trying', async () => {
    const answer = (event: MessageEvent) => {
      if (event.data?.type === 'hashconnect-query-extension')
        window.postMessage({ type: 'hashconnect-query-extension-response' }, '*');
    };
    window.addEventListener('message', answer);
    Object.assign(window, { bladeConnect: {} });
    try {
      await expect(new HashPackWallet({ ...options, projectId: null }).connect()).rejects.toThrow(
        'WALLETCONNECT_PROJECT_ID',
      );
      await expect(new BladeWallet({ ...options, projectId: null }).connect()).rejects.toThrow(
        'WALLETCONNECT_PROJECT_ID',
      );
    } finally {
      window.removeEventListener('message', answer);
    }
  });

  it('answers -1 to a payment before connecting', async () => {
    expect(
      (await new HashPackWallet(options).pay({ to: '0.0.2', amountTinybars: 1n, memo: 'm' })).result,
    ).toBe(PAYMENT_RESULT.noWallet);
    expect((await new BladeWallet(options).pay({ to: '0.0.2', amountTinybars: 1n, memo: 'm' })).result).toBe(
      PAYMENT_RESULT.noWallet,
    );
  });
});
