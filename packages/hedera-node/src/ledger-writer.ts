import type { PublicKey, Transaction } from '@hashgraph/sdk';

/** A transaction frozen and signed by the registry's operator, ready to submit (and to store first). */
export type PreparedTransaction = { bytes: Uint8Array; transactionId: string };

/** What the network answers for a transaction that reached consensus, or why it did not. */
export type LedgerReceipt = {
  status: string;
  /** The entity a create made (a collection's token id). */
  entityId?: string;
  /** The serials a mint made. */
  serials?: number[];
  /** The sequence number a topic gave the message submitted. */
  topicSequenceNumber?: number;
};

/** What the registry writes to the ledger. Both adapters take the same SDK transactions. */
export interface LedgerWriter {
  /** Pays fees, is treasury of the domain collections, and receives payments. */
  readonly operatorId: string;
  /** Supply and admin key of the domain collections. */
  readonly operatorPublicKey: PublicKey;
  /** Freezes with the operator as payer and signs. */
  prepare(transaction: Transaction): Promise<PreparedTransaction>;
  /** Submits prepared bytes and answers the receipt (status SUCCESS, DUPLICATE_TRANSACTION, …). */
  submit(bytes: Uint8Array): Promise<LedgerReceipt>;
}
