import {
  AccountId,
  Hbar,
  NftId,
  TokenId,
  type Signer,
  type SignerSignature,
  TokenAssociateTransaction,
  type Transaction,
  TransferTransaction,
} from '@hashgraph/sdk';
import { bytesToBase64 } from './base64';
import { mirrorTransactionResult, type MirrorResultOptions } from './mirror-transaction-result';
import { resultOfWalletError } from './wallet-errors';
import { proto } from '@hiero-ledger/proto';
import {
  PAYMENT_RESULT,
  type NftTransferRequest,
  type PaymentOutcome,
  type PaymentRequest,
} from './wallet-port';
import { tinybarsToHbar } from '@registry/contracts/hbar';

export class WalletNotInstalledError extends Error {
  constructor(
    readonly walletName: string,
    readonly installUrl: string,
  ) {
    super(`${walletName} is not installed`);
    this.name = 'WalletNotInstalledError';
  }
}

/** The signatures a wallet returns for a message, as one base64 SignatureMap (the same shape as every adapter). */
export function signerSignaturesToSignatureMap(signatures: SignerSignature[]): string {
  const sigPair = signatures.map((item) => {
    const isEd25519 = item.publicKey.toStringDer().startsWith('302a300506032b6570');
    return {
      pubKeyPrefix: item.publicKey.toBytesRaw(),
      ...(isEd25519 ? { ed25519: item.signature } : { ECDSASecp256k1: item.signature }),
    };
  });
  const bytes = proto.SignatureMap.encode({ sigPair }).finish();
  return bytesToBase64(bytes);
}

/**
 * Freezes, has the wallet sign and execute, and reads the outcome from the mirror node: the spec's
 * 1 / 0 / -9 (a payment counts only with SUCCESS, receipt code 22). The mirror node, not the signer's
 * receipt query: the libraries' signers ask the named network's nodes themselves (HashConnect builds
 * `Client.forName`), which a page may not reach, and the server reads the same record to settle.
 */
export async function executeWithWallet(
  signer: Signer,
  transaction: Transaction,
  mirrorNodeUrl: string,
  timing: MirrorResultOptions = {},
): Promise<PaymentOutcome> {
  let transactionId: string;
  try {
    await transaction.freezeWithSigner(signer);
    const response = await transaction.executeWithSigner(signer);
    transactionId = response.transactionId.toString();
  } catch (error) {
    // A wallet user declining is a failure; anything else is an exception.
    if (/denied/i.test((error as { message?: string } | null)?.message ?? ''))
      return { result: PAYMENT_RESULT.failure };
    return resultOfWalletError(error);
  }
  const status = await mirrorTransactionResult(mirrorNodeUrl, transactionId, timing);
  // Submitted but not yet seen: the registry's ledger watcher settles it either way.
  if (!status) return { result: PAYMENT_RESULT.exception, transactionId };
  return {
    result: status === 'SUCCESS' ? PAYMENT_RESULT.success : PAYMENT_RESULT.failure,
    transactionId,
    status,
  };
}

export function paymentTransaction(
  from: string,
  { to, amountTinybars, memo }: PaymentRequest,
): TransferTransaction {
  return new TransferTransaction()
    .addHbarTransfer(AccountId.fromString(from), Hbar.fromTinybars((-amountTinybars).toString()))
    .addHbarTransfer(AccountId.fromString(to), Hbar.fromTinybars(amountTinybars.toString()))
    .setTransactionMemo(memo);
}

export function nftTransferTransaction(
  from: string,
  { tokenId, serialNumber, to }: NftTransferRequest,
): TransferTransaction {
  return new TransferTransaction().addNftTransfer(
    new NftId(TokenId.fromString(tokenId), serialNumber),
    AccountId.fromString(from),
    AccountId.fromString(to),
  );
}

export function associateTransaction(accountId: string, tokenId: string): TokenAssociateTransaction {
  return new TokenAssociateTransaction().setAccountId(accountId).setTokenIds([tokenId]);
}

/** Balance in HBAR from the mirror node. */
export async function mirrorBalance(
  mirrorNodeUrl: string,
  accountId: string,
  fetchImpl: typeof fetch = fetch,
): Promise<number> {
  const response = await fetchImpl(
    `${mirrorNodeUrl.replace(/\/$/, '')}/api/v1/accounts/${accountId}?limit=1`,
  );
  if (!response.ok) throw new Error(`The mirror node answered ${response.status}`);
  const body = (await response.json()) as { balance: { balance: number } };
  return tinybarsToHbar(body.balance.balance);
}
