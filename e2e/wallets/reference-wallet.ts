import { HederaWeb3Wallet, WalletProvider } from '@hashgraph/hedera-wallet-connect/dist/lib/wallet/index.js';
import { Wallet } from '@hiero-ledger/sdk';
import { Core } from '@walletconnect/core';
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

export type { Decision, SeenRequest } from './walletconnect-wallet';
export type ReferenceWalletOptions = WalletOptions;

/**
 * Hedera's reference wallet (`HederaWeb3Wallet` of `@hashgraph/hedera-wallet-connect`, on WalletConnect
 * 2.25's own `Core`) holding one funded account: it pairs through the test relay, approves or rejects
 * what the test tells it to, and signs and executes HIP-820's methods through the SDK against the local
 * network, as HashPack would.
 */
export class ReferenceWallet extends WalletConnectWallet {
  private constructor(
    private readonly wallet: HederaWeb3Wallet,
    options: Required<ReferenceWalletOptions>,
  ) {
    super(options);
    wallet.on('session_proposal', (proposal) => void this.onProposal(proposal));
    wallet.on('session_request', (event) => void this.onRequest(event));
  }

  static async start(options: ReferenceWalletOptions): Promise<ReferenceWallet> {
    const core = new Core({
      projectId: 'e2e-reference-wallet',
      customStoragePrefix: nextStoragePrefix(),
      relayUrl: options.relayUrl,
      storage: new MemoryStorage() as never,
    });
    const wallet = new HederaWeb3Wallet({
      core,
      metadata: {
        name: 'Reference wallet',
        description: "Hedera's reference WalletConnect wallet, in the tests",
        url: 'http://127.0.0.1',
        icons: [],
      },
    });
    await wallet.engine.init();
    return new ReferenceWallet(wallet, { chain: 'hedera:devnet', ...options });
  }

  async pair(uri: string) {
    await this.wallet.core.pairing.pair({ uri });
  }

  sessionTopics() {
    return Object.values(this.wallet.getActiveSessions()).map((session) => session.topic);
  }

  protected async endSession(topic: string) {
    await this.wallet.disconnectSession({ topic, reason: USER_DISCONNECTED });
  }

  protected async closeTransport() {
    await this.wallet.core.relayer.transportClose();
  }

  protected async rejectProposal(proposal: SessionProposal) {
    await this.wallet.rejectSession({ id: proposal.id, reason: USER_REJECTED });
  }

  protected async rejectRequest(event: SessionRequest) {
    await this.wallet.rejectSessionRequest(event, USER_REJECTED);
  }

  /**
   * Its user switches to another account: the wallet then offers only that one in every session (a
   * WalletConnect session update, as HashPack sends) and signs with its key.
   */
  async switchAccount(accountId: string, privateKey: string) {
    this.options.accountId = accountId;
    this.options.privateKey = privateKey;
    for (const session of Object.values(this.wallet.getActiveSessions())) {
      const namespaces = Object.fromEntries(
        Object.entries(session.namespaces).map(([key, namespace]) => [
          key,
          { ...namespace, accounts: [`${this.options.chain}:${accountId}`] },
        ]),
      );
      const { acknowledged } = await this.wallet.updateSession({ topic: session.topic, namespaces });
      await acknowledged();
    }
  }

  protected async approve(proposal: SessionProposal) {
    const account = `${this.options.chain}:${this.options.accountId}`;
    const proposed = Object.values({
      ...proposal.params.requiredNamespaces,
      ...proposal.params.optionalNamespaces,
    }).flatMap((namespace) => namespace.chains ?? []);
    if (proposed.includes(this.options.chain)) {
      await this.wallet.buildAndApproveSession([account], proposal);
      return;
    }
    // Set to a network the page did not ask for, it offers its account there, as a wallet switched to
    // that network does.
    const methods = Object.values(proposal.params.optionalNamespaces ?? {}).flatMap(
      (namespace) => namespace.methods,
    );
    await this.wallet.approveSession({
      id: proposal.id,
      namespaces: { hedera: { chains: [this.options.chain], accounts: [account], methods, events: [] } },
    });
  }

  protected async answer(event: SessionRequest) {
    // As the library's getHederaWallet builds it, on this network's client (it knows no `devnet`).
    const signer = new Wallet(
      this.options.accountId,
      this.options.privateKey,
      new WalletProvider(this.client),
    );
    await this.wallet.executeSessionRequest(event, signer);
  }
}
