import type { Signer } from '@hashgraph/sdk';
import { prefixMessageToSign } from '@registry/contracts/auth';
import {
  associateTransaction,
  executeWithWallet,
  mirrorBalance,
  paymentTransaction,
  signerSignaturesToSignatureMap,
  waitFor,
  WalletNotInstalledError,
} from './signer-wallet';
import {
  APP_METADATA,
  EXTENSION_DETECT_TIMEOUT_MS,
  WalletConnectNotConfiguredError,
  type WalletConnectOptions,
} from './wallet-connect-options';
import {
  createDisconnectEvent,
  PAYMENT_RESULT,
  type PaymentOutcome,
  type PaymentRequest,
  type WalletPort,
} from './wallet-port';

export const BLADE_INSTALL_URL = 'https://bladewallet.io/';

/** The Blade extension publishes `window.bladeConnect`. */
export function detectBlade(
  timeoutMs = EXTENSION_DETECT_TIMEOUT_MS,
  target: { bladeConnect?: unknown } = window,
): Promise<boolean> {
  return waitFor(() => Boolean(target.bladeConnect), timeoutMs);
}

type BladeConnectorInstance = Awaited<
  ReturnType<typeof import('@bladelabs/blade-web3.js').BladeConnector.init>
>;

/** Blade through its web3 connector (WalletConnect). A payment counts only with receipt status 22. */
export class BladeWallet implements WalletPort {
  readonly name = 'Blade' as const;
  private connector: BladeConnectorInstance | null = null;
  private account: string | null = null;
  private readonly disconnected = createDisconnectEvent();

  constructor(private readonly options: WalletConnectOptions) {}

  accountId() {
    return this.account;
  }

  async connect() {
    const { projectId, network, detectTimeoutMs } = this.options;
    if (!projectId) throw new WalletConnectNotConfiguredError('Blade');
    if (!(await detectBlade(detectTimeoutMs))) throw new WalletNotInstalledError('Blade', BLADE_INSTALL_URL);
    const { BladeConnector, ConnectorStrategy, HederaNetwork } = await import('@bladelabs/blade-web3.js');
    const connector = await BladeConnector.init(ConnectorStrategy.AUTO, APP_METADATA, projectId);
    const [accountId] = await connector.createSession({
      network: network === 'mainnet' ? HederaNetwork.Mainnet : HederaNetwork.Testnet,
    });
    if (!accountId) throw new Error('Blade paired no account');
    connector.onSessionDisconnect(() => this.handleRemoteDisconnect());
    this.connector = connector;
    this.account = accountId;
    return { accountId };
  }

  async disconnect() {
    await this.connector?.killSession();
    this.connector = null;
    this.handleRemoteDisconnect();
  }

  onDisconnect(listener: () => void) {
    return this.disconnected.on(listener);
  }

  private handleRemoteDisconnect() {
    this.account = null;
    this.disconnected.emit();
  }

  async balance() {
    if (!this.account) throw new Error('Wallet not connected');
    return mirrorBalance(this.options.mirrorNodeUrl, this.account);
  }

  async pay(request: PaymentRequest): Promise<PaymentOutcome> {
    if (!this.account || !this.connector) return { result: PAYMENT_RESULT.noWallet };
    return executeWithWallet(this.signer(), paymentTransaction(this.account, request));
  }

  async associateToken(tokenId: string): Promise<PaymentOutcome> {
    if (!this.account || !this.connector) return { result: PAYMENT_RESULT.noWallet };
    return executeWithWallet(this.signer(), associateTransaction(this.account, tokenId));
  }

  async signMessage(message: string) {
    if (!this.connector) throw new Error('Wallet not connected');
    // Blade signs the bytes it is given: the HIP-820 prefix is added here.
    const bytes = new TextEncoder().encode(prefixMessageToSign(message));
    const signatures = await this.connector.getSigners()[0]!.sign([bytes]);
    return signerSignaturesToSignatureMap(signatures as never);
  }

  private signer(): Signer {
    return this.connector!.getSigners()[0] as unknown as Signer;
  }
}
