import { AccountId, LedgerId } from '@hiero-ledger/sdk';
import { type PrivateKey, Transaction, Wallet } from '@hashgraph/sdk';
import { DAppSigner } from '@hashgraph/hedera-wallet-connect/dist/lib/dapp/DAppSigner.js';
import { stringToSignerMessage } from '@hashgraph/hedera-wallet-connect/dist/lib/shared/utils.js';
import { proto } from '@hiero-ledger/proto';
import { LocalLedgerProvider, LocalLedgerStatusError } from '../local-ledger-provider';
import type { WalletConnectSession } from '../walletconnect-wallet';

/** How the wallet's user answers each request. */
export type Hip820Answer = 'approve' | 'reject' | 'ignore';

type SessionRequest = { topic: string; request: { method: string; params: Record<string, string> } };

/**
 * The wallet's side of a WalletConnect session, in process: what HashPack or Kabila do with a
 * HIP-820 request, signing with a real SDK key and submitting to the local ledger. It stands in for
 * the WalletConnect relay (unreachable here) behind the library's own DAppSigner, so the dApp side
 * runs the library's code unchanged.
 */
export function hip820TestWallet(options: {
  accountId: string;
  key: PrivateKey;
  /** Origin of a server with the local ledger. */
  ledgerOrigin: string;
  network?: 'testnet' | 'mainnet';
}) {
  const topic = `session-${options.accountId}`;
  const sdkWallet = new Wallet(
    options.accountId,
    options.key,
    new LocalLedgerProvider(options.ledgerOrigin, fetch),
  );
  const state = { answer: 'approve' as Hip820Answer, alive: true, requests: [] as string[] };
  const endedListeners: (() => void)[] = [];

  const signClient = {
    metadata: { name: 'HIP-820 test wallet', description: '', url: 'http://wallet.test', icons: [] },
    session: { get: (asked: string) => (state.alive && asked === topic ? { topic } : undefined) },
    emit: () => true,
    async request({ request: { method, params } }: SessionRequest) {
      state.requests.push(method);
      if (state.answer === 'ignore') return new Promise(() => undefined);
      if (state.answer === 'reject') throw { code: 5000, message: 'User rejected.' };
      return answer(method, params);
    },
  };

  async function answer(method: string, params: Record<string, string>) {
    switch (method) {
      case 'hedera_signMessage': {
        const signatures = await sdkWallet.sign(stringToSignerMessage(params.message!));
        const sigPair = signatures.map((each) => ({
          pubKeyPrefix: each.publicKey.toBytesRaw(),
          ed25519: each.signature,
        }));
        return {
          signatureMap: Buffer.from(proto.SignatureMap.encode({ sigPair }).finish()).toString('base64'),
        };
      }
      case 'hedera_signAndExecuteTransaction': {
        const transaction = Transaction.fromBytes(Buffer.from(params.transactionList!, 'base64'));
        await transaction.signWithSigner(sdkWallet);
        try {
          const response = await sdkWallet.call(transaction);
          return response.toJSON();
        } catch (error) {
          if (error instanceof LocalLedgerStatusError)
            throw { code: 9000, message: `precheck failed with status: ${error.status}`, data: error.status };
          throw error;
        }
      }
      default:
        throw { code: 10001, message: `Unsupported method: ${method}` };
    }
  }

  const signer = new DAppSigner(
    AccountId.fromString(options.accountId),
    signClient as never,
    topic,
    options.network === 'mainnet' ? LedgerId.MAINNET : LedgerId.TESTNET,
    undefined,
    'off',
  );

  return {
    state,
    signer,
    /** A WalletConnect session as the DAppConnector would give it, for the adapter. */
    session(): WalletConnectSession {
      return {
        signers: [signer],
        disconnect: async () => {
          state.alive = false;
        },
        onEnded: (listener) => void endedListeners.push(listener),
      };
    },
    /** The wallet ends the session from its side. */
    endFromWallet() {
      state.alive = false;
      for (const listener of endedListeners) listener();
    },
  };
}
