import {
  Client,
  PrecheckStatusError,
  PrivateKey,
  ReceiptStatusError,
  Transaction,
  TransactionId,
} from '@hashgraph/sdk';
import { toMirrorTransactionId } from '@registry/contracts/hedera-ids';
import type { LedgerReceipt, LedgerWriter, PreparedTransaction } from '@registry/hedera-node/ledger-writer';

/** The real network (LEDGER=hedera): an SDK client with the registry's operator. */
export class HederaLedgerWriter implements LedgerWriter {
  private readonly client: Client;
  private readonly operatorKey: PrivateKey;

  /**
   * `network`: a public network by name, `local` for Client.forLocalNode() (127.0.0.1:50211 as 0.0.3),
   * or a map of consensus nodes (`{ 'host:port': '0.0.3' }`).
   */
  constructor(
    network: 'testnet' | 'mainnet' | 'local' | Record<string, string>,
    readonly operatorId: string,
    operatorKey: string,
  ) {
    this.operatorKey = PrivateKey.fromString(operatorKey);
    const client =
      typeof network !== 'string'
        ? Client.forNetwork(network)
        : network === 'local'
          ? Client.forLocalNode()
          : Client.forName(network);
    this.client = client.setOperator(operatorId, this.operatorKey);
  }

  get operatorPublicKey() {
    return this.operatorKey.publicKey;
  }

  async prepare(transaction: Transaction): Promise<PreparedTransaction> {
    if (!transaction.transactionId) transaction.setTransactionId(TransactionId.generate(this.operatorId));
    transaction.freezeWith(this.client);
    await transaction.sign(this.operatorKey);
    return {
      bytes: transaction.toBytes(),
      transactionId: toMirrorTransactionId(transaction.transactionId!.toString()),
    };
  }

  async submit(bytes: Uint8Array): Promise<LedgerReceipt> {
    try {
      const response = await Transaction.fromBytes(bytes).execute(this.client);
      const receipt = await response.getReceipt(this.client);
      return {
        status: receipt.status.toString(),
        ...(receipt.tokenId ? { entityId: receipt.tokenId.toString() } : {}),
        ...(receipt.topicId ? { entityId: receipt.topicId.toString() } : {}),
        ...(receipt.topicSequenceNumber && !receipt.topicSequenceNumber.isZero()
          ? { topicSequenceNumber: receipt.topicSequenceNumber.toNumber() }
          : {}),
        ...(receipt.serials.length ? { serials: receipt.serials.map((serial) => serial.toNumber()) } : {}),
      };
    } catch (error) {
      if (error instanceof ReceiptStatusError || error instanceof PrecheckStatusError)
        return { status: error.status.toString() };
      throw error;
    }
  }

  close() {
    this.client.close();
  }
}
