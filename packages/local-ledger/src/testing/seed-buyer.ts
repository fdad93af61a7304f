import { PrivateKey } from '@hashgraph/sdk';
import type { LocalLedgerWriter } from '../local-ledger-writer';

/** A buyer holding three names of a collection and one payment of 1.5 HBAR to 0.0.2 (memo 'quote 42'). */
export async function seedBuyerWithDomains(writer: LocalLedgerWriter) {
  const key = PrivateKey.generateED25519();
  const buyer = { key, accountId: await writer.createAccount(key.publicKey, 50) };
  const tokenId = await writer.createNftCollection('hbar domains', 'HBAR', 'domains');
  for (const name of ['a.hbar', 'b.hbar', 'c.hbar'])
    await writer.mintTo(tokenId, buyer.accountId, buyer.key, name);
  const payment = await writer.transferHbar(buyer.accountId, buyer.key, '0.0.2', 150_000_000n, 'quote 42');
  return { buyer, tokenId, transferId: payment.transactionId! };
}
