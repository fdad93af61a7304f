import { WalletProvider } from '@hashgraph/hedera-wallet-connect/dist/lib/wallet/index.js';
import { PrivateKey, Query, Transaction, Wallet } from '@hiero-ledger/sdk';
import { SignClient } from '@walletconnect/sign-client-2.11';
import {
  MemoryStorage,
  nextStoragePrefix,
  USER_DISCONNECTED,
  USER_REJECTED,
  WalletConnectWallet,
  type SessionProposal,
  type SessionRequest,
  type WalletOptions,
} from './walletconnect-wallet';

/** The session events blade-web3.js 1.3.1 proposes (`models/blade.js`). */
const WALLET_LOCKED = 'walletLocked';
const WALLET_UNLOCKED = 'walletUnlocked';

/** WalletConnect's codes for a chain or method the wallet does not offer (`getSdkError`). */
const UNSUPPORTED_CHAINS = { code: 5100, message: 'Unsupported chains.' };
const UNSUPPORTED_METHODS = { code: 5101, message: 'Unsupported methods.' };

/** What a wallet answers without asking its user. */
const READ_ONLY_METHODS = new Set(['getNetwork', 'getMirrorNetwork', 'getAccountKey']);

export type BladeStandInOptions = WalletOptions & {
  /** What `getMirrorNetwork` answers: the network's mirror node addresses. */
  mirrorNetwork: string[];
};

const bytesOf = (base64: string) => Buffer.from(base64, 'base64');
/** A `Uint8Array` the page's library sent: WalletConnect's JSON carries it as `{ "0": byte, … }`. */
const bytesOfJson = (value: Record<string, number> | number[]) => Uint8Array.from(Object.values(value));

/**
 * Blade as blade-web3.js 1.3.1 meets it over WalletConnect, played only from what that library sends and
 * how it decodes each answer (`lib/src/wallet-connect/wallet-connect.service.js` and `wc-signer.js`):
 * it approves the library's `hedera` namespace with Blade's eight methods and two events, answers
 * `getNetwork`, `getMirrorNetwork` and `getAccountKey`, signs and executes `hedera_executeTransaction`
 * and `hedera_signAndExecuteQuery` over gRPC against the local network, signs `signTransaction` and
 * `sign`. It speaks WalletConnect 2.11.0, the version the library pins: the library reads the session's
 * `requiredNamespaces` from the wallet's settlement, which later versions no longer send. Where the
 * library does not say how an answer looks on the wire, e2e/wallets/README.md names the assumption.
 */
export class BladeStandIn extends WalletConnectWallet {
  private locked = false;

  private constructor(
    private readonly wallet: InstanceType<typeof SignClient>,
    options: Required<WalletOptions>,
    private readonly mirrorNetwork: string[],
  ) {
    super(options);
    wallet.on('session_proposal', (proposal) => void this.onProposal(proposal as never));
    wallet.on('session_request', (event) => void this.onRequest(event as never));
  }

  static async start({ mirrorNetwork, ...options }: BladeStandInOptions): Promise<BladeStandIn> {
    const wallet = await SignClient.init({
      projectId: 'e2e-blade-wallet',
      relayUrl: options.relayUrl,
      customStoragePrefix: nextStoragePrefix(),
      storage: new MemoryStorage() as never,
      metadata: {
        name: 'Blade',
        description: 'Blade wallet stand-in, in the tests',
        url: 'http://127.0.0.1',
        icons: [],
      },
    });
    return new BladeStandIn(wallet, { chain: 'hedera:testnet', ...options }, mirrorNetwork);
  }

  async pair(uri: string) {
    await this.wallet.core.pairing.pair({ uri });
  }

  sessionTopics() {
    return this.wallet.session.getAll().map((session) => session.topic);
  }

  protected async endSession(topic: string) {
    await this.wallet.disconnect({ topic, reason: USER_DISCONNECTED });
  }

  protected async closeTransport() {
    await this.wallet.core.relayer.transportClose();
  }

  protected async rejectProposal(proposal: SessionProposal) {
    await this.wallet.reject({ id: proposal.id, reason: USER_REJECTED });
  }

  protected async rejectRequest(event: SessionRequest) {
    await this.wallet.respond({
      topic: event.topic,
      response: { id: event.id, jsonrpc: '2.0', error: USER_REJECTED },
    });
  }

  /**
   * Its user locks Blade (or closes it): it says so to every session (`walletLocked`), then answers
   * nothing, pings included, as a wallet that is not running.
   */
  async lock() {
    for (const topic of this.sessionTopics())
      await this.wallet.emit({
        topic,
        event: { name: WALLET_LOCKED, data: this.options.accountId },
        chainId: this.options.chain,
      });
    this.locked = true;
    await this.wallet.core.relayer.transportClose();
  }

  get isLocked() {
    return this.locked;
  }

  protected override asksUser(method: string) {
    return !READ_ONLY_METHODS.has(method);
  }

  protected async approve(proposal: SessionProposal) {
    const hedera = proposal.params.requiredNamespaces.hedera;
    if (!hedera?.chains?.includes(this.options.chain)) {
      await this.wallet.reject({ id: proposal.id, reason: UNSUPPORTED_CHAINS });
      return;
    }
    // Blade's own methods, approved as proposed: WalletConnect's namespace builder for HIP-820 refuses them.
    await this.wallet.approve({
      id: proposal.id,
      namespaces: {
        hedera: {
          chains: [this.options.chain],
          accounts: [`${this.options.chain}:${this.options.accountId}`],
          methods: hedera.methods,
          events: [WALLET_UNLOCKED, WALLET_LOCKED].filter((event) => hedera.events.includes(event)),
        },
      },
    });
  }

  protected async answer(event: SessionRequest) {
    const { method, params } = event.params.request as { method: string; params: Record<string, unknown> };
    const key = PrivateKey.fromStringDer(this.options.privateKey);
    const signer = new Wallet(this.options.accountId, key, new WalletProvider(this.client));
    let result: unknown;
    try {
      result = await this.resultOf(method, params, key, signer);
    } catch (error) {
      // wc-signer.js reads an answer with an `error` field as the request's failure.
      result = { error: error instanceof Error ? error.message : String(error) };
    }
    if (result === undefined) {
      await this.wallet.respond({
        topic: event.topic,
        response: { id: event.id, jsonrpc: '2.0', error: UNSUPPORTED_METHODS },
      });
      return;
    }
    await this.wallet.respond({
      topic: event.topic,
      response: { id: event.id, jsonrpc: '2.0', result },
    });
  }

  private async resultOf(
    method: string,
    params: Record<string, unknown>,
    key: PrivateKey,
    signer: Wallet,
  ): Promise<unknown> {
    switch (method) {
      case 'getNetwork':
        // `populateTransaction` takes the values as node accounts (`AccountId.fromString`).
        return this.options.nodes;
      case 'getMirrorNetwork':
        return this.mirrorNetwork;
      case 'getAccountKey':
        // Read with `PublicKey.fromString`.
        return key.publicKey.toStringDer();
      case 'hedera_executeTransaction': {
        // Frozen, unsigned bytes; the answer is read with `TransactionResponse.fromJSON`.
        const transaction = Transaction.fromBytes(bytesOf(String(params.transactionList)));
        if (transaction.transactionId?.accountId?.toString() !== this.options.accountId)
          throw new Error('The transaction is not paid by this account');
        await transaction.signWithSigner(signer);
        const response = await signer.call(transaction);
        return response.toJSON();
      }
      case 'hedera_signAndExecuteQuery': {
        // The answer's `response` is read with the result type's `fromBytes`.
        const query = Query.fromBytes(bytesOf(String(params.query)));
        const output = (await signer.call(query)) as { toBytes(): Uint8Array };
        return { response: Buffer.from(output.toBytes()).toString('base64') };
      }
      case 'signTransaction': {
        const transaction = Transaction.fromBytes(bytesOf(String(params.executable)));
        await transaction.sign(key);
        return Buffer.from(transaction.toBytes()).toString('base64');
      }
      case 'sign': {
        // The library types the answer `SignerSignature[]` and returns it undecoded: the SDK's objects,
        // as WalletConnect's JSON carries them.
        const messages = (params.messages as Record<string, number>[]).map(bytesOfJson);
        return signer.sign(messages);
      }
      default:
        // `handshake`: the registry proves accounts with `sign`, so this stand-in does not play it.
        return undefined;
    }
  }
}
