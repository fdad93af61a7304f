import { HederaWeb3Wallet, WalletProvider } from '@hashgraph/hedera-wallet-connect/dist/lib/wallet/index.js';
import { AccountId, Client, Wallet } from '@hiero-ledger/sdk';
import { Core } from '@walletconnect/core';
import { getSdkError } from '@walletconnect/utils';

/** What the wallet does with the next proposal or request: approve it, or reject it as its user would. */
export type Decision = 'approve' | 'reject';

/** A session request the wallet received: its HIP-820 method and what it answered. */
export type SeenRequest = { method: string; decision: Decision; params: unknown };

let walletCount = 0;

/** WalletConnect's storage kept in memory: each wallet of a test starts empty and leaves nothing behind. */
class MemoryStorage {
  private readonly items = new Map<string, unknown>();
  async getKeys() {
    return [...this.items.keys()];
  }
  async getEntries() {
    return [...this.items.entries()] as [string, never][];
  }
  async getItem<T>(key: string) {
    return this.items.get(key) as T | undefined;
  }
  async setItem<T>(key: string, value: T) {
    this.items.set(key, value);
  }
  async removeItem(key: string) {
    this.items.delete(key);
  }
}

export type ReferenceWalletOptions = {
  /** The test relay's WebSocket URL. */
  relayUrl: string;
  /** The account it holds, on the local network. */
  accountId: string;
  /** Its private key, DER hex. */
  privateKey: string;
  /** The network's consensus nodes, `host:port` → node account. */
  nodes: Record<string, string>;
  /** The CAIP-2 chain it offers its account on (`hedera:devnet` is a local network). */
  chain?: string;
};

/**
 * Hedera's reference wallet (`HederaWeb3Wallet` of `@hashgraph/hedera-wallet-connect`) holding one
 * funded account: it pairs through the test relay, approves or rejects what the test tells it to, and
 * signs and executes through the SDK against the local network, as HashPack or Blade would.
 */
export class ReferenceWallet {
  /** Every request the wallet received, in order. */
  readonly requests: SeenRequest[] = [];
  /** What it answered each session proposal (each pairing) it received, in order. */
  readonly proposals: Decision[] = [];
  /** A decision, or one its user takes later (a request held on the wallet's screen). */
  private readonly decisions: (Decision | (() => Promise<Decision>))[] = [];
  private proposalDecision: Decision = 'approve';
  private readonly client: Client;

  private constructor(
    private readonly wallet: HederaWeb3Wallet,
    private readonly options: Required<ReferenceWalletOptions>,
  ) {
    this.client = Client.forNetwork(
      Object.fromEntries(
        Object.entries(options.nodes).map(([address, id]) => [address, AccountId.fromString(id)]),
      ),
    );
    wallet.on('session_proposal', (proposal) => void this.onProposal(proposal));
    wallet.on('session_request', (event) => void this.onRequest(event));
  }

  static async start(options: ReferenceWalletOptions): Promise<ReferenceWallet> {
    const core = new Core({
      projectId: 'e2e-reference-wallet',
      // WalletConnect keeps one Core per prefix in a process: each wallet of a test has its own.
      customStoragePrefix: `reference-wallet-${(walletCount += 1)}`,
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

  get accountId() {
    return this.options.accountId;
  }

  /** The key of the account it holds now, DER hex. */
  get privateKeyDer() {
    return this.options.privateKey;
  }

  /** The next session proposal is approved (the default) or rejected. */
  onNextProposal(decision: Decision) {
    this.proposalDecision = decision;
  }

  /** The next requests are answered in this order; once the list runs out, every request is approved. */
  onNextRequests(...decisions: Decision[]) {
    this.decisions.push(...decisions);
  }

  /**
   * The next request waits on the wallet's screen, as when its user takes their time: `arrived` resolves
   * once it is there, `answer` approves or rejects it.
   */
  holdNextRequest() {
    let arrive!: () => void;
    let answer!: (decision: Decision) => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const decided = new Promise<Decision>((resolve) => (answer = resolve));
    this.decisions.push(() => {
      arrive();
      return decided;
    });
    return { arrived, answer };
  }

  /** Pairs with a dApp from its `wc:` URI (what scanning its QR code does). */
  async pair(uri: string) {
    await this.wallet.core.pairing.pair({ uri });
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

  /** Ends every session from the wallet's side, as its user would. */
  async disconnectAll() {
    for (const session of Object.values(this.wallet.getActiveSessions()))
      await this.wallet.disconnectSession({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') });
  }

  async close() {
    this.client.close();
    await this.wallet.core.relayer.transportClose().catch(() => undefined);
  }

  private async onProposal(proposal: Parameters<HederaWeb3Wallet['buildAndApproveSession']>[1]) {
    const decision = this.proposalDecision;
    this.proposalDecision = 'approve';
    this.proposals.push(decision);
    if (decision === 'reject') {
      await this.wallet.rejectSession({ id: proposal.id, reason: getSdkError('USER_REJECTED') });
      return;
    }
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

  private async onRequest(event: Parameters<HederaWeb3Wallet['executeSessionRequest']>[0]) {
    const next = this.decisions.shift() ?? 'approve';
    const decision = typeof next === 'function' ? await next() : next;
    this.requests.push({
      method: event.params.request.method,
      decision,
      params: event.params.request.params,
    });
    if (decision === 'reject') {
      await this.wallet.rejectSessionRequest(event, getSdkError('USER_REJECTED'));
      return;
    }
    // As the library's getHederaWallet builds it, on this network's client (it knows no `devnet`).
    const signer = new Wallet(
      this.options.accountId,
      this.options.privateKey,
      new WalletProvider(this.client),
    );
    await this.wallet.executeSessionRequest(event, signer);
  }
}
