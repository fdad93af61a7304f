import { PrivateKey, type Transaction, Wallet } from '@hashgraph/sdk';
import { AccountWallet } from './account-wallet';
import { LocalLedgerProvider, LocalLedgerStatusError } from './local-ledger-provider';
import { signMessageToSignatureMap } from './signature-map';
import { PAYMENT_RESULT, type PaymentOutcome } from './wallet-port';
import { tinybarsToHbar } from '@registry/contracts/hbar';

const STORAGE_KEY = 'local-wallet';

type StoredAccount = { accountId: string; privateKey: string };

export type LocalWalletOptions = {
  /** Origin of the registry server (its /ledger routes); the page's own by default. */
  baseUrl?: string;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  fetch?: typeof fetch;
};

/**
 * A development wallet for the local ledger: an ED25519 key kept per browser profile, an account
 * opened and funded by the ledger's faucet, and transactions signed with the SDK like a real wallet.
 */
export class LocalWallet extends AccountWallet {
  readonly name = 'Local Wallet' as const;
  private account: { accountId: string; key: PrivateKey; wallet: Wallet } | null = null;
  private readonly baseUrl: string;
  private readonly storage: NonNullable<LocalWalletOptions['storage']>;
  private readonly fetchImpl: typeof fetch;

  constructor(options: LocalWalletOptions = {}) {
    super();
    this.baseUrl = options.baseUrl ?? globalThis.location?.origin ?? '';
    this.storage = options.storage ?? globalThis.localStorage;
    this.fetchImpl = options.fetch ?? ((...args) => fetch(...args));
  }

  accountId() {
    return this.account?.accountId ?? null;
  }

  async connect() {
    const stored = this.storage.getItem(STORAGE_KEY);
    if (stored) {
      const { accountId, privateKey } = JSON.parse(stored) as StoredAccount;
      this.account = this.open(accountId, PrivateKey.fromStringDer(privateKey));
      return { accountId };
    }
    const key = PrivateKey.generateED25519();
    const response = await this.fetchImpl(`${this.baseUrl}/ledger/faucet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ publicKey: key.publicKey.toStringDer() }),
    });
    if (!response.ok) throw new Error(`The local ledger's faucet answered ${response.status}`);
    const { accountId } = (await response.json()) as { accountId: string };
    this.storage.setItem(
      STORAGE_KEY,
      JSON.stringify({ accountId, privateKey: key.toStringDer() } satisfies StoredAccount),
    );
    this.account = this.open(accountId, key);
    return { accountId };
  }

  /** The SDK's Wallet with a provider that posts to the local ledger: it signs like a real wallet. */
  private open(accountId: string, key: PrivateKey) {
    return {
      accountId,
      key,
      wallet: new Wallet(accountId, key, new LocalLedgerProvider(this.baseUrl, this.fetchImpl)),
    };
  }

  async disconnect() {
    // The key stays in this browser profile: connecting again finds the same account.
    this.account = null;
    this.announceDisconnect();
  }

  async balance() {
    const account = this.requireAccount();
    const response = await this.fetchImpl(
      `${this.baseUrl}/ledger/api/v1/accounts/${account.accountId}?limit=1`,
    );
    if (!response.ok) throw new Error(`The local ledger answered ${response.status}`);
    const body = (await response.json()) as { balance: { balance: number } };
    return tinybarsToHbar(body.balance.balance);
  }

  async signMessage(message: string) {
    return signMessageToSignatureMap(this.requireAccount().key, message);
  }

  protected async execute(transaction: Transaction): Promise<PaymentOutcome> {
    const { wallet } = this.requireAccount();
    let transactionId: string | undefined;
    try {
      await transaction.freezeWithSigner(wallet);
      await transaction.signWithSigner(wallet);
      transactionId = transaction.transactionId!.toString();
      await wallet.call(transaction);
      return { result: PAYMENT_RESULT.success, transactionId, status: 'SUCCESS' };
    } catch (error) {
      if (error instanceof LocalLedgerStatusError)
        return { result: PAYMENT_RESULT.failure, transactionId, status: error.status };
      return { result: PAYMENT_RESULT.exception, ...(transactionId ? { transactionId } : {}) };
    }
  }

  private requireAccount() {
    if (!this.account) throw new Error('Wallet not connected');
    return this.account;
  }
}
