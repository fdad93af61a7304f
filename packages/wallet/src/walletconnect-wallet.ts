import { AccountId, type Transaction, TransactionId } from '@hashgraph/sdk';
import { bytesToBase64 } from './base64';
import type { DAppSigner } from '@hashgraph/hedera-wallet-connect/dist/lib/dapp/DAppSigner';
import { AccountWallet } from './account-wallet';
import { mirrorBalance, signerSignaturesToSignatureMap } from './signer-wallet';
import {
  APP_METADATA,
  CHAIN_OF,
  WalletConnectNotConfiguredError,
  type WalletConnectOptions,
} from './wallet-connect-options';
import { PAYMENT_RESULT, type PaymentOutcome } from './wallet-port';
import { mirrorTransactionResult, type MirrorResultOptions } from './mirror-transaction-result';
import { resultOfWalletError, SignInDeclinedError } from './wallet-errors';

export { resultOfWalletError, SignInDeclinedError };

/** What the adapter uses of the library's DAppSigner: HIP-820 requests to the paired wallet. */
export type Hip820Signer = Pick<
  DAppSigner,
  'getAccountId' | 'getLedgerId' | 'getNetwork' | 'sign' | 'request'
>;

/**
 * A paired WalletConnect session: the signers of its accounts (as the wallet last said: it may offer
 * other accounts later, e.g. when its user switches account), and how it ends.
 */
export type WalletConnectSession = {
  signers: Hip820Signer[];
  /** The accounts the wallet offers now. */
  currentSigners?(): Hip820Signer[];
  disconnect(): Promise<void>;
  onEnded(listener: () => void): void;
};

/** Opens (or, after a reload, restores) a session; the default is the library's DAppConnector. */
export type OpenWalletConnectSession = (options: WalletConnectOptions) => Promise<WalletConnectSession>;

export type WalletConnectTiming = MirrorResultOptions & {
  /** How long the wallet may take to answer one request (WalletConnect's own request expiry: 5 min). */
  requestTimeoutMs?: number;
};

const DEFAULT_REQUEST_TIMEOUT_MS = 5 * 60_000;
/** How many of the network's nodes a transaction is frozen for (the wallet submits to one of them). */
const NODES_PER_TRANSACTION = 5;

export class WalletNetworkMismatchError extends Error {
  constructor(expected: keyof typeof CHAIN_OF, found: string[]) {
    super(
      `The wallet offered ${found.join(', ') || 'no account'}; this registry runs on ${CHAIN_OF[expected]}. ` +
        `Switch the wallet to ${expected} and connect again.`,
    );
    this.name = 'WalletNetworkMismatchError';
  }
}

class WalletRequestTimeoutError extends Error {
  constructor(message = 'The wallet did not answer in time') {
    super(message);
    this.name = 'WalletRequestTimeoutError';
  }
}

function withTimeout<T>(work: Promise<T>, timeoutMs: number, message?: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new WalletRequestTimeoutError(message)), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Any HIP-820 wallet (HashPack, Kabila, Blade, …) through WalletConnect: sign-in by
 * `hedera_signMessage`, payments, associations and NFT transfers by `hedera_signAndExecuteTransaction`,
 * each result read back from the mirror node.
 */
export class WalletConnectWallet extends AccountWallet {
  readonly name = 'WalletConnect' as const;
  private session: WalletConnectSession | null = null;
  private signer: Hip820Signer | null = null;

  constructor(
    private readonly options: WalletConnectOptions,
    private readonly openSession: OpenWalletConnectSession = openDAppConnectorSession,
    private readonly timing: WalletConnectTiming = {},
  ) {
    super();
  }

  /**
   * The account the wallet offers now on the server's network: the one it paired with while it still
   * offers it, else the one it switched to (so the app sees the change before asking for anything).
   */
  accountId() {
    if (!this.signer || !this.session) return null;
    const paired = this.signer.getAccountId().toString();
    const offered = this.offeredAccounts();
    return offered.includes(paired) ? paired : (offered[0] ?? null);
  }

  private offeredAccounts(): string[] {
    const signers = this.session?.currentSigners?.() ?? this.session?.signers ?? [];
    return signers
      .filter((each) => each.getLedgerId().toString() === this.options.network)
      .map((each) => each.getAccountId().toString());
  }

  async connect() {
    if (!this.options.projectId) throw new WalletConnectNotConfiguredError('WalletConnect');
    const session = await this.openSession(this.options);
    // A wallet may approve accounts of several networks: only the server's network can pay it.
    const signer = session.signers.find((each) => each.getLedgerId().toString() === this.options.network);
    if (!signer) {
      await session.disconnect().catch(() => undefined);
      throw new WalletNetworkMismatchError(
        this.options.network,
        session.signers.map((each) => {
          const network = each.getLedgerId().toString() as keyof typeof CHAIN_OF;
          return `${CHAIN_OF[network] ?? `hedera:${network}`}:${each.getAccountId()}`;
        }),
      );
    }
    session.onEnded(() => this.ended());
    this.session = session;
    this.signer = signer;
    return { accountId: signer.getAccountId().toString() };
  }

  async disconnect() {
    const session = this.session;
    this.session = null;
    await session?.disconnect().catch(() => undefined);
    this.ended();
  }

  private ended() {
    if (!this.signer) return;
    this.signer = null;
    this.announceDisconnect();
  }

  async balance() {
    const account = this.accountId();
    if (!account) throw new Error('Wallet not connected');
    return mirrorBalance(this.options.mirrorNodeUrl, account);
  }

  async signMessage(message: string) {
    if (!this.signer) throw new Error('Wallet not connected');
    // The wallet adds the HIP-820 prefix before signing; the server checks the prefixed bytes.
    const signatures = await withTimeout(
      this.signer.sign([new TextEncoder().encode(message)]),
      this.timing.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    ).catch((error: unknown) => {
      // A wallet's refusal is a JSON-RPC error object, not an Error: say what happened.
      if (resultOfWalletError(error).result === PAYMENT_RESULT.failure) throw new SignInDeclinedError();
      throw error instanceof Error
        ? error
        : new Error((error as { message?: string })?.message ?? String(error));
    });
    return signerSignaturesToSignatureMap(signatures as never);
  }

  /** Freezes for the network's nodes, has the wallet sign and submit, and reads the outcome from the mirror. */
  protected async execute(transaction: Transaction): Promise<PaymentOutcome> {
    const signer = this.signer;
    if (!signer) return { result: PAYMENT_RESULT.noWallet };
    const account = signer.getAccountId().toString();
    // The wallet no longer offers the paired account: nothing is sent for it to sign.
    if (!this.offeredAccounts().includes(account)) return { result: PAYMENT_RESULT.noWallet };
    const nodes = [...new Set(Object.values(signer.getNetwork()).map((node) => node.toString()))]
      .slice(0, NODES_PER_TRANSACTION)
      .map((node) => AccountId.fromString(node));
    transaction.setTransactionId(TransactionId.generate(account)).setNodeAccountIds(nodes).freeze();
    const transactionId = transaction.transactionId!.toString();
    try {
      await withTimeout(
        signer.request({
          method: 'hedera_signAndExecuteTransaction',
          params: {
            signerAccountId: `${CHAIN_OF[this.options.network]}:${account}`,
            transactionList: bytesToBase64(transaction.toBytes()),
          },
        }),
        this.timing.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      );
    } catch (error) {
      return { ...resultOfWalletError(error), transactionId };
    }
    const status = await mirrorTransactionResult(this.options.mirrorNodeUrl, transactionId, this.timing);
    // Submitted but not yet seen: the registry's ledger watcher settles it either way.
    if (!status) return { result: PAYMENT_RESULT.exception, transactionId };
    return {
      result: status === 'SUCCESS' ? PAYMENT_RESULT.success : PAYMENT_RESULT.failure,
      transactionId,
      status,
    };
  }
}

/** How long the page waits for the WalletConnect relay before saying it cannot be reached. */
const RELAY_INIT_TIMEOUT_MS = 15_000;

/**
 * The library's DAppConnector: restores a session kept by WalletConnect (after a reload) or opens
 * its modal to pair any HIP-820 wallet. Loaded only here, so the modal and the relay client are a
 * chunk of their own.
 */
async function openDAppConnectorSession(options: WalletConnectOptions): Promise<WalletConnectSession> {
  const [{ DAppConnector }, { LedgerId }] = await Promise.all([
    import(
      /* webpackChunkName: "walletconnect-connector" */ '@hashgraph/hedera-wallet-connect/dist/lib/dapp/index.js'
    ),
    import('@hiero-ledger/sdk'),
  ]);
  const chain = CHAIN_OF[options.network];
  const connector = new DAppConnector(
    APP_METADATA,
    LedgerId.fromString(options.network),
    options.projectId!,
    undefined, // every HIP-820 method
    ['chainChanged', 'accountsChanged'],
    [chain],
    'error',
  );
  const unreachable = 'The WalletConnect relay could not be reached. Check the connection and try again.';
  await withTimeout(connector.init({ logger: 'error' }), RELAY_INIT_TIMEOUT_MS, unreachable);
  const client = connector.walletConnectClient;
  if (!client) throw new Error(unreachable);
  if (connector.signers.length === 0) {
    await connector.openModal(undefined, true).catch((error: unknown) => {
      if (error instanceof Error && error.message === 'User rejected pairing')
        throw new Error('No wallet was paired: the WalletConnect window was closed.');
      throw error;
    });
  }
  return {
    signers: connector.signers,
    // The connector replaces its signers when the wallet updates the session.
    currentSigners: () => connector.signers,
    disconnect: () => connector.disconnectAll(),
    onEnded(listener) {
      client.on('session_delete', listener);
      client.on('session_expire', listener);
    },
  };
}
