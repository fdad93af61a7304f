import { TokenCreateTransaction, TokenType } from '@hashgraph/sdk';
import type { LedgerWriter } from '@registry/hedera-node/ledger-writer';
import type { TldService } from '../tlds/service';
import { RetryLater } from '../../jobs/job-queue';
import type { StoredTransaction, SubmitOnce } from './submit-once';

/** What the collections need of the top-level domains: their recorded collection and its creation. */
export type CollectionTlds = Pick<
  TldService,
  | 'collectionOf'
  | 'recordCollection'
  | 'collectionCreation'
  | 'keepCollectionCreation'
  | 'dropCollectionCreation'
>;

/** Another server recorded the collection while this one was preparing its creation. */
class CollectionRecorded extends Error {
  constructor(readonly tokenId: string) {
    super(`collection ${tokenId} recorded by another server`);
  }
}

/**
 * The NFT collection of each top-level domain, created on first use, once across servers: the creation
 * transaction is kept on the domain's row, and every server that needs the collection before it is
 * recorded submits that same transaction (the network takes it once).
 */
export function createCollections(writer: LedgerWriter, tlds: CollectionTlds, submitOnce: SubmitOnce) {
  const collectionsBeingCreated = new Map<string, Promise<string>>();
  const knownCollections = new Map<string, string>();

  async function createCollection(tld: string): Promise<string> {
    let standing: StoredTransaction | null = await tlds.collectionCreation(tld);
    const made = await submitOnce(
      standing ?? undefined,
      () =>
        new TokenCreateTransaction()
          .setTokenName(`${tld} domains`)
          .setTokenSymbol(tld.toUpperCase())
          .setTokenMemo(`.${tld} domain names`)
          .setTokenType(TokenType.NonFungibleUnique)
          .setTreasuryAccountId(writer.operatorId)
          .setSupplyKey(writer.operatorPublicKey)
          .setWipeKey(writer.operatorPublicKey)
          .setAdminKey(writer.operatorPublicKey),
      async (next) => {
        if (next) {
          standing = await tlds.keepCollectionCreation(tld, next);
          // None stands: the server whose creation stood recorded the collection (which clears the
          // creation) after this one looked, or dropped it. Submitting this one would make a second.
          if (!standing) {
            const recorded = await tlds.collectionOf(tld);
            if (recorded) throw new CollectionRecorded(recorded);
            throw new RetryLater('the collection’s creation was dropped meanwhile; asking again', 0);
          }
        } else if (standing) {
          await tlds.dropCollectionCreation(tld, standing.transactionId);
          standing = null;
        }
        return standing;
      },
    ).catch((error: unknown) => {
      if (error instanceof CollectionRecorded) return { entityId: error.tokenId, serials: [] };
      throw error;
    });
    if (!made.entityId) throw new Error('token create record has no entity id');
    return made.entityId;
  }

  return async function collectionOf(tld: string): Promise<string> {
    // A top-level domain's collection, once recorded, never changes: asked once per process.
    const remembered = knownCollections.get(tld);
    if (remembered) return remembered;
    const known = await tlds.collectionOf(tld);
    if (known === undefined) throw new Error(`unknown top-level domain ${tld}`);
    if (known) {
      knownCollections.set(tld, known);
      return known;
    }
    // Jobs run side by side: one creation per top-level domain in this process...
    let creating = collectionsBeingCreated.get(tld);
    if (!creating) {
      creating = createCollection(tld).finally(() => collectionsBeingCreated.delete(tld));
      collectionsBeingCreated.set(tld, creating);
    }
    const created = await creating;
    // ...and across servers they submit one transaction; the first to record its token wins.
    return tlds.recordCollection(tld, created);
  };
}
export type CollectionOf = ReturnType<typeof createCollections>;
