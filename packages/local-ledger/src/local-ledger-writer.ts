import {
  AccountCreateTransaction,
  AccountId,
  Hbar,
  PrivateKey,
  type PublicKey,
  TokenAssociateTransaction,
  TokenBurnTransaction,
  TokenWipeTransaction,
  TokenCreateTransaction,
  TokenMintTransaction,
  TokenType,
  type Transaction,
  TransactionId,
  TransferTransaction,
  NftId,
  TokenId,
} from '@hashgraph/sdk';
import type { LedgerReceipt, LedgerWriter, PreparedTransaction } from '@registry/hedera-node/ledger-writer';
import { signTransaction } from '@registry/hedera-node/ed25519';
import { toMirrorTransactionId } from '@registry/contracts/hedera-ids';
import { GENESIS_ACCOUNT } from './ledger-accounts';
import type { LocalLedger, SubmitResult } from './local-ledger';

export class LedgerTransactionError extends Error {
  constructor(readonly result: SubmitResult) {
    super(`ledger answered ${result.status}`);
    this.name = 'LedgerTransactionError';
  }
}

/**
 * Builds, signs and submits SDK transactions to the local ledger the way a client with an operator
 * does on Hedera. The operator is the genesis account: it pays and funds new accounts.
 */
export class LocalLedgerWriter implements LedgerWriter {
  readonly operatorId = GENESIS_ACCOUNT;
  get operatorPublicKey() {
    return this.operatorKey.publicKey;
  }
  private readonly operator = AccountId.fromString(GENESIS_ACCOUNT);

  constructor(
    private readonly ledger: LocalLedger,
    readonly operatorKey: PrivateKey,
  ) {}

  /** Freezes with the operator as payer (unless the transaction has its own id), signs and submits. */
  async execute(transaction: Transaction, signers: PrivateKey[] = []): Promise<SubmitResult> {
    if (!transaction.isFrozen()) {
      if (!transaction.transactionId) transaction.setTransactionId(TransactionId.generate(this.operator));
      transaction.setNodeAccountIds([new AccountId(3)]).freeze();
    }
    const payerIsOperator = transaction.transactionId?.accountId?.toString() === GENESIS_ACCOUNT;
    for (const key of payerIsOperator ? [this.operatorKey, ...signers] : signers)
      await signTransaction(transaction, key);
    const result = await this.ledger.submit(transaction.toBytes());
    if (result.status !== 'SUCCESS') throw new LedgerTransactionError(result);
    return result;
  }

  async prepare(transaction: Transaction): Promise<PreparedTransaction> {
    if (!transaction.transactionId) transaction.setTransactionId(TransactionId.generate(this.operator));
    transaction.setNodeAccountIds([new AccountId(3)]).freeze();
    await signTransaction(transaction, this.operatorKey);
    return {
      bytes: transaction.toBytes(),
      transactionId: toMirrorTransactionId(transaction.transactionId!.toString()),
    };
  }

  async submit(bytes: Uint8Array): Promise<LedgerReceipt> {
    const { status, entityId, serials, topicSequenceNumber } = await this.ledger.submit(bytes);
    return {
      status,
      ...(entityId ? { entityId } : {}),
      ...(serials ? { serials } : {}),
      ...(topicSequenceNumber ? { topicSequenceNumber } : {}),
    };
  }

  /**
   * Opens an account for a key, funded from genesis (the faucet); `evmAlias` gives it its ECDSA key's EVM
   * address as its alias, as a wallet that made the account from that address would.
   */
  async createAccount(
    publicKey: PublicKey,
    initialHbar = 0,
    { evmAlias = false }: { evmAlias?: boolean } = {},
  ): Promise<string> {
    const create = new AccountCreateTransaction().setKey(publicKey).setInitialBalance(new Hbar(initialHbar));
    if (evmAlias) create.setAlias(publicKey.toEvmAddress());
    const result = await this.execute(create);
    return result.entityId!;
  }

  async transferHbar(
    from: string,
    fromKey: PrivateKey,
    to: string,
    tinybars: bigint,
    memo = '',
  ): Promise<SubmitResult> {
    const transfer = new TransferTransaction()
      .addHbarTransfer(from, Hbar.fromTinybars((-tinybars).toString()))
      .addHbarTransfer(to, Hbar.fromTinybars(tinybars.toString()))
      .setTransactionMemo(memo)
      .setTransactionId(TransactionId.generate(from));
    return this.execute(transfer, [fromKey]);
  }

  /**
   * An NFT collection with the operator as treasury and supply key; `wipable` gives the operator its
   * wipe key too (the registry's own collections have none: a holder's name cannot be taken back).
   */
  async createNftCollection(
    name: string,
    symbol: string,
    memo = '',
    { wipable = false } = {},
  ): Promise<string> {
    const create = new TokenCreateTransaction()
      .setTokenName(name)
      .setTokenSymbol(symbol)
      .setTokenMemo(memo)
      .setTokenType(TokenType.NonFungibleUnique)
      .setTreasuryAccountId(this.operator)
      .setSupplyKey(this.operatorKey.publicKey)
      .setAdminKey(this.operatorKey.publicKey);
    if (wipable) create.setWipeKey(this.operatorKey.publicKey);
    const result = await this.execute(create);
    return result.entityId!;
  }

  async associate(accountId: string, accountKey: PrivateKey, tokenId: string): Promise<SubmitResult> {
    return this.execute(
      new TokenAssociateTransaction()
        .setAccountId(accountId)
        .setTokenIds([tokenId])
        .setTransactionId(TransactionId.generate(accountId)),
      [accountKey],
    );
  }

  async mint(tokenId: string, metadata: string): Promise<number> {
    const result = await this.execute(
      new TokenMintTransaction().setTokenId(tokenId).setMetadata([Buffer.from(metadata, 'utf8')]),
    );
    return result.serials![0]!;
  }

  async transferNft(tokenId: string, serial: number, to: string): Promise<SubmitResult> {
    return this.execute(
      new TransferTransaction().addNftTransfer(
        new NftId(TokenId.fromString(tokenId), serial),
        this.operatorId,
        AccountId.fromString(to),
      ),
    );
  }

  /** Burns NFTs the treasury holds back (signed with the supply key, the operator's). */
  async burn(tokenId: string, serials: number[]): Promise<SubmitResult> {
    return this.execute(new TokenBurnTransaction().setTokenId(tokenId).setSerials(serials));
  }

  /** Takes NFTs out of an account with the collection's wipe key (the operator's). */
  async wipe(tokenId: string, accountId: string, serials: number[]): Promise<SubmitResult> {
    return this.execute(
      new TokenWipeTransaction().setTokenId(tokenId).setAccountId(accountId).setSerials(serials),
    );
  }

  /** Mints one NFT and delivers it to an account (associating it first with the account's key). */
  async mintTo(
    tokenId: string,
    accountId: string,
    accountKey: PrivateKey,
    metadata: string,
  ): Promise<number> {
    await this.associate(accountId, accountKey, tokenId).catch((error: unknown) => {
      if (!(
        error instanceof LedgerTransactionError &&
        error.result.status === 'TOKEN_ALREADY_ASSOCIATED_TO_ACCOUNT'
      ))
        throw error;
    });
    const serial = await this.mint(tokenId, metadata);
    await this.transferNft(tokenId, serial, accountId);
    return serial;
  }
}
