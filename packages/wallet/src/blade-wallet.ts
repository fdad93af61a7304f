import type { Signer } from '@hashgraph/sdk';
import { prefixMessageToSign } from '@registry/contracts/auth';
import { RemoteSignerWallet } from './remote-signer-wallet';
import { BLADE_INSTALL_URL, detectBlade } from './detect-extension';
import { bladeSignaturesToSignatureMap } from './blade-signatures';
import { WalletNotInstalledError } from './signer-wallet';
import { APP_METADATA, WalletConnectNotConfiguredError } from './wallet-connect-options';
import { signInSignature } from './wallet-errors';

export { detectBlade };

type BladeConnectorInstance = Awaited<
  ReturnType<typeof import('@bladelabs/blade-web3.js').BladeConnector.init>
>;

export class BladeLockedError extends Error {
  constructor() {
    super('Blade is locked or closed. Open and unlock it, then try again.');
    this.name = 'BladeLockedError';
  }
}

/** blade-web3.js gives up on a wallet that stops answering its pings (`WalletIsClosedOrLocked`). */
async function whenUnlocked<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if ((error as { name?: string } | null)?.name === 'WalletIsClosedOrLocked') throw new BladeLockedError();
    throw error;
  }
}

/** Blade through its web3 connector (WalletConnect). A payment counts only with receipt status 22. */
export class BladeWallet extends RemoteSignerWallet {
  readonly name = 'Blade' as const;
  private connector: BladeConnectorInstance | null = null;

  async connect() {
    const { projectId, network, detectTimeoutMs } = this.options;
    if (!(await detectBlade(detectTimeoutMs))) throw new WalletNotInstalledError('Blade', BLADE_INSTALL_URL);
    if (!projectId) throw new WalletConnectNotConfiguredError('Blade');
    // Blade's library names only these two networks (a local network has no Blade).
    if (network !== 'mainnet' && network !== 'testnet')
      throw new Error('Blade works on Hedera testnet and mainnet only; connect with WalletConnect here');
    const { BladeConnector, ConnectorStrategy, HederaNetwork } = await import('@bladelabs/blade-web3.js');
    const connector = await BladeConnector.init(ConnectorStrategy.AUTO, APP_METADATA, projectId);
    const [accountId] = await whenUnlocked(() =>
      connector.createSession({
        network: network === 'mainnet' ? HederaNetwork.Mainnet : HederaNetwork.Testnet,
      }),
    );
    if (!accountId) throw new Error('Blade paired no account');
    connector.onSessionDisconnect(() => this.sessionEnded());
    this.connector = connector;
    this.account = accountId;
    return { accountId };
  }

  async disconnect() {
    await this.connector?.killSession();
    this.connector = null;
    this.sessionEnded();
  }

  async signMessage(message: string) {
    if (!this.connector) throw new Error('Wallet not connected');
    // Blade signs the bytes it is given: the HIP-820 prefix is added here.
    const bytes = new TextEncoder().encode(prefixMessageToSign(message));
    const signer = this.connector.getSigners()[0]!;
    const answer: unknown = await signInSignature(() => whenUnlocked(() => signer.sign([bytes])));
    return bladeSignaturesToSignatureMap(answer);
  }

  protected signer(): Signer | null {
    if (!this.account || !this.connector) return null;
    return this.connector.getSigners()[0] as unknown as Signer;
  }
}
