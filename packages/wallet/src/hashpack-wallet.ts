import { AccountId, LedgerId, type Signer } from '@hashgraph/sdk';
import { RemoteSignerWallet } from './remote-signer-wallet';
import { signerSignaturesToSignatureMap, WalletNotInstalledError } from './signer-wallet';
import { detectHashPack, HASHPACK_INSTALL_URL } from './detect-extension';
import { APP_METADATA, WalletConnectNotConfiguredError } from './wallet-connect-options';
import { signInSignature } from './wallet-errors';

export { detectHashPack };

type HashConnectInstance = InstanceType<typeof import('hashconnect').HashConnect>;

/** HashPack through HashConnect v3 (WalletConnect). */
export class HashPackWallet extends RemoteSignerWallet {
  readonly name = 'Hashpack' as const;
  private hashconnect: HashConnectInstance | null = null;

  async connect() {
    const { projectId, network, detectTimeoutMs } = this.options;
    if (!(await detectHashPack(detectTimeoutMs)))
      throw new WalletNotInstalledError('Hashpack', HASHPACK_INSTALL_URL);
    if (!projectId) throw new WalletConnectNotConfiguredError('Hashpack');
    const { HashConnect } = await import('hashconnect');
    const hashconnect = new HashConnect(
      LedgerId.fromString(network) as never,
      projectId,
      APP_METADATA,
      false,
    );
    const paired = new Promise<string>((resolve) => {
      hashconnect.pairingEvent.once((session) => resolve(session.accountIds[0]!));
    });
    hashconnect.disconnectionEvent.on(() => this.sessionEnded());
    await hashconnect.init();
    const existing = hashconnect.connectedAccountIds[0]?.toString();
    // The extension is there (checked above): it takes the pairing itself, as its one-click pairing does.
    // HashConnect 3.0.14 keeps that call private; its openPairingModal also hands the extension the
    // pairing but leaves its QR code window open over the page once the extension has paired.
    if (!existing) (hashconnect as unknown as { connectToExtension(): void }).connectToExtension();
    this.account = existing ?? (await paired);
    this.hashconnect = hashconnect;
    return { accountId: this.account };
  }

  async disconnect() {
    await this.hashconnect?.disconnect();
    this.hashconnect = null;
    this.sessionEnded();
  }

  async signMessage(message: string) {
    if (!this.account || !this.hashconnect) throw new Error('Wallet not connected');
    // HashConnect applies the HIP-820 prefix itself (its verifyMessageSignature checks prefixed bytes).
    const account = AccountId.fromString(this.account);
    const hashconnect = this.hashconnect;
    const signatures = await signInSignature(() => hashconnect.signMessages(account as never, message));
    return signerSignaturesToSignatureMap(signatures as never);
  }

  protected signer(): Signer | null {
    if (!this.account || !this.hashconnect) return null;
    return this.hashconnect.getSigner(AccountId.fromString(this.account) as never) as unknown as Signer;
  }
}
