import { TokenCreateTransaction, TokenType } from '@hashgraph/sdk';
import type { LedgerWriter } from '@registry/hedera-node/ledger-writer';
import type { TldService } from '../../modules/tlds/service';
import type { StoredTransaction, SubmitOnce } from './submit-once';

/** Where the creation of a collection is kept, so a retry finds (or resubmits) the same transaction. */
type SaveCollection = (collection: StoredTransaction | undefined) => Promise<void>;

/** The NFT collection of each top-level domain, created on first use, once across servers. */
export function createCollections(
  writer: LedgerWriter,
  tlds: Pick<TldService, 'collectionOf' | 'recordCollection'>,
  submitOnce: SubmitOnce,
) {
  const collectionsBeingCreated = new Map<string, Promise<string>>();
  const knownCollections = new Map<string, string>();

  async function createCollection(tld: string, stored: StoredTransaction | undefined, save: SaveCollection) {
    const made = await submitOnce(
      stored,
      () =>
        new TokenCreateTransaction()
          .setTokenName(`${tld} domains`)
          .setTokenSymbol(tld.toUpperCase())
          .setTokenMemo(`.${tld} domain names`)
          .setTokenType(TokenType.NonFungibleUnique)
          .setTreasuryAccountId(writer.operatorId)
          .setSupplyKey(writer.operatorPublicKey)
          .setAdminKey(writer.operatorPublicKey),
      save,
    );
    if (!made.entityId) throw new Error('token create record has no entity id');
    return made.entityId;
  }

  return async function collectionOf(
    tld: string,
    stored: StoredTransaction | undefined,
    save: SaveCollection,
  ): Promise<string> {
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
      creating = createCollection(tld, stored, save).finally(() => collectionsBeingCreated.delete(tld));
      collectionsBeingCreated.set(tld, creating);
    }
    const created = await creating;
    // ...and across servers the first recorded collection wins; a later one stays empty.
    return tlds.recordCollection(tld, created);
  };
}
export type CollectionOf = ReturnType<typeof createCollections>;
