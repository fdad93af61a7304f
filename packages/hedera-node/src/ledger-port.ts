/** What the registry reads from the ledger (the embedded local one or Hedera through its mirror node). */
export type AccountKey = {
  /** DER-encoded hex public key, as the mirror node's `key.key` gives it. */
  key: string;
  type: 'ED25519' | 'ECDSA_SECP256K1';
};

export type LedgerNft = { tokenId: string; serialNumber: number; accountId: string };

export interface LedgerReader {
  /** The account's public key, or null when the account does not exist (or has a complex key). */
  getAccountKey(accountId: string): Promise<AccountKey | null>;
  /** NFTs of one token held by an account. */
  listAccountNfts(accountId: string, tokenId: string): Promise<LedgerNft[]>;
  /** Whether an account exists and has associated a token (so it can receive its NFTs). */
  isAssociated(accountId: string, tokenId: string): Promise<boolean>;
  /** Who holds an NFT: an account, null once burned or wiped, undefined when the ledger never knew it. */
  nftHolder(tokenId: string, serialNumber: number): Promise<string | null | undefined>;
  /** False while the network cannot be reached (the spec's 'HCS-DOWN'). */
  isAvailable(): Promise<boolean>;
}

export class LedgerUnavailableError extends Error {
  constructor() {
    super('HCS-DOWN');
    this.name = 'LedgerUnavailableError';
  }
}
