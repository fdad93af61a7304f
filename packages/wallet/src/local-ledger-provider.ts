import { AccountId, LedgerId, type Provider, Transaction, TransactionResponse } from '@hashgraph/sdk';
import { bytesToBase64 } from './base64';

/** The local ledger refused a transaction: carries its Hedera status (INSUFFICIENT_PAYER_BALANCE, …). */
export class LocalLedgerStatusError extends Error {
  constructor(readonly status: string) {
    super(`the local ledger answered ${status}`);
    this.name = 'LocalLedgerStatusError';
  }
}

/**
 * An SDK Provider for the embedded ledger: transactions go as bytes to `POST /ledger/transactions`,
 * balances are read from its mirror routes. Queries it does not know are refused.
 */
export class LocalLedgerProvider implements Provider {
  constructor(
    private readonly baseUrl: string,
    private readonly fetchImpl: typeof fetch,
  ) {}

  getLedgerId() {
    return LedgerId.LOCAL_NODE;
  }

  getNetwork() {
    return { 'local-ledger': new AccountId(3) };
  }

  getMirrorNetwork() {
    return [`${this.baseUrl}/ledger`];
  }

  getAccountBalance(): never {
    throw new Error('read balances from the mirror routes');
  }

  getAccountInfo(): never {
    throw new Error('not offered by the local ledger');
  }

  getAccountRecords(): never {
    throw new Error('not offered by the local ledger');
  }

  getTransactionReceipt(): never {
    throw new Error('not offered by the local ledger: its answer to a submission is final');
  }

  waitForReceipt(): never {
    throw new Error('not offered by the local ledger: its answer to a submission is final');
  }

  /** Submits a signed transaction; anything but SUCCESS is thrown as a LocalLedgerStatusError. */
  async call<RequestT, ResponseT, OutputT>(request: unknown): Promise<OutputT> {
    if (!(request instanceof Transaction)) throw new Error('The local ledger takes transactions only');
    const bytes = request.toBytes();
    const response = await this.fetchImpl(`${this.baseUrl}/ledger/transactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bytes: bytesToBase64(bytes) }),
    });
    if (!response.ok) throw new Error(`The local ledger answered ${response.status}`);
    const { status } = (await response.json()) as { status: string };
    if (status !== 'SUCCESS') throw new LocalLedgerStatusError(status);
    const hash = new Uint8Array(await crypto.subtle.digest('SHA-384', new Uint8Array(bytes)));
    return new TransactionResponse({
      nodeId: new AccountId(3),
      transactionHash: hash,
      transactionId: request.transactionId!,
    }) as unknown as OutputT & RequestT & ResponseT;
  }
}
