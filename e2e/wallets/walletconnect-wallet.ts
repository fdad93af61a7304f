import type { HederaWeb3Wallet } from '@hashgraph/hedera-wallet-connect/dist/lib/wallet/index.js';
import { AccountId, Client } from '@hiero-ledger/sdk';

/** What the wallet does with the next proposal or request: approve it, or reject it as its user would. */
export type Decision = 'approve' | 'reject';

/** A session request the wallet received: its method and what it answered. */
export type SeenRequest = { method: string; decision: Decision; params: unknown };

export type SessionProposal = Parameters<HederaWeb3Wallet['buildAndApproveSession']>[1];
export type SessionRequest = Parameters<HederaWeb3Wallet['executeSessionRequest']>[0];

let walletCount = 0;
/** A storage prefix of its own: WalletConnect keeps one Core per prefix in a process. */
export const nextStoragePrefix = () => `e2e-wallet-${(walletCount += 1)}`;

/** WalletConnect's error codes (`getSdkError`), the same in every version the harness speaks. */
export const USER_REJECTED = { code: 5000, message: 'User rejected.' };
export const USER_DISCONNECTED = { code: 6000, message: 'User disconnected.' };

/** WalletConnect's storage kept in memory: each wallet of a test starts empty and leaves nothing behind. */
export class MemoryStorage {
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

export type WalletOptions = {
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
 * A wallet holding one funded account of the local network: it pairs through the test relay and approves
 * or rejects what the test tells it to. Its WalletConnect engine and its dialect (the methods it approves
 * and how it answers them) are its subclass's.
 */
export abstract class WalletConnectWallet {
  /** Every request the wallet received, in order. */
  readonly requests: SeenRequest[] = [];
  /** What it answered each session proposal (each pairing) it received, in order. */
  readonly proposals: Decision[] = [];
  /** A decision, or one its user takes later (a request held on the wallet's screen). */
  private readonly decisions: (Decision | (() => Promise<Decision>))[] = [];
  private proposalDecision: Decision = 'approve';
  protected readonly client: Client;

  protected constructor(protected readonly options: Required<WalletOptions>) {
    this.client = Client.forNetwork(
      Object.fromEntries(
        Object.entries(options.nodes).map(([address, id]) => [address, AccountId.fromString(id)]),
      ),
    );
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
  abstract pair(uri: string): Promise<void>;

  /** The topics of the sessions it holds open. */
  abstract sessionTopics(): string[];

  /** How many sessions it holds open. */
  activeSessions() {
    return this.sessionTopics().length;
  }

  /** Ends every session from the wallet's side, as its user would. */
  async disconnectAll() {
    for (const topic of this.sessionTopics()) await this.endSession(topic);
  }

  async close() {
    this.client.close();
    await this.closeTransport().catch(() => undefined);
  }

  protected abstract endSession(topic: string): Promise<void>;
  protected abstract closeTransport(): Promise<void>;
  protected abstract rejectProposal(proposal: SessionProposal): Promise<void>;
  protected abstract rejectRequest(event: SessionRequest): Promise<void>;

  /** Approves a proposal the test let through: with the methods and chain of the wallet's dialect. */
  protected abstract approve(proposal: SessionProposal): Promise<void>;

  /** Answers an approved request. */
  protected abstract answer(event: SessionRequest): Promise<void>;

  protected async onProposal(proposal: SessionProposal) {
    const decision = this.proposalDecision;
    this.proposalDecision = 'approve';
    this.proposals.push(decision);
    if (decision === 'reject') {
      await this.rejectProposal(proposal);
      return;
    }
    await this.approve(proposal);
  }

  /** Whether a request waits for its user's yes (reading the network or the account's key does not). */
  protected asksUser(_method: string) {
    return true;
  }

  protected async onRequest(event: SessionRequest) {
    const next = this.asksUser(event.params.request.method)
      ? (this.decisions.shift() ?? 'approve')
      : 'approve';
    const decision = typeof next === 'function' ? await next() : next;
    this.requests.push({
      method: event.params.request.method,
      decision,
      params: event.params.request.params,
    });
    if (decision === 'reject') {
      await this.rejectRequest(event);
      return;
    }
    await this.answer(event);
  }
}
