import { splitDomainName } from '@registry/contracts/domain-name';
import { parseJournalMessage, type JournalMessage } from '@registry/contracts/journal';
import { PAID_STATUS } from '@registry/contracts/orders';
import { normaliseTransactionId, payerOf } from '@registry/contracts/hedera-ids';
import type { Db, Executor } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import type { MirrorReader, MirrorTopicMessage } from '../../ledger/mirror-reader';
import { MINT_JOB, type MintPayload } from '../delivery/payloads';
import type { DomainService } from '../domains/service';
import type { IdentityService } from '../identity/service';
import type { JournalService } from '../journal/service';
import type { OrderRecords } from '../orders/service';
import type { RecordService } from '../records/service';
import type { TldService } from '../tlds/service';
import { backfillJournal } from './backfill';

type Deps = {
  db: Db;
  mirror: Pick<MirrorReader, 'topicMessagesPage' | 'getTransaction' | 'getNft'>;
  journal: Pick<
    JournalService,
    'topicId' | 'adoptTopic' | 'status' | 'knownEntries' | 'recordSent' | 'append' | 'recordEvent' | 'isEmpty'
  >;
  domains: Pick<DomainService, 'restore'>;
  records: Pick<RecordService, 'restore' | 'restoreActive' | 'storedOf'>;
  identity: Pick<IdentityService, 'restorePrimaryName' | 'storedPrimaryNames'>;
  orders: Pick<OrderRecords, 'restorePayment' | 'paymentsOf'>;
  tlds: Pick<TldService, 'collectionOf' | 'recordCollection'>;
  queue: JobQueue;
  treasuryAccountId: string;
  /** The journal to rebuild from when the database has none (an empty database, `JOURNAL_TOPIC_ID`). */
  configuredTopicId?: string | null;
  log?: (message: string) => void;
};

export type RecoveryState = {
  phase: 'idle' | 'catching-up' | 'level';
  /** Journal messages read from the topic in this catch-up, and those the database did not hold. */
  read: number;
  applied: number;
  /** The topic's sequence number read up to. */
  sequenceNumber: number;
};

/**
 * Brings the database level with the ledger before the server takes writes: after a restore (or on an
 * empty database given the journal's topic) it reads the journal from the last message the database
 * knows, puts back each change it does not hold (registrations, mints, extensions, records, primary
 * names, and the payments behind them, so the ledger watcher neither settles nor refunds them again),
 * and queues the delivery of every paid name not delivered yet (which finds a live NFT before minting).
 */
export function createRecovery(deps: Deps) {
  const state: RecoveryState = { phase: 'idle', read: 0, applied: 0, sequenceNumber: 0 };

  /**
   * A payment the journal names, read from the ledger; recorded as settled (inside the change's
   * transaction) with what the ledger shows of it.
   */
  async function paymentRestore(payment: string, order: string, at: string) {
    const transactionId = normaliseTransactionId(payment) ?? payment;
    const record = await deps.mirror.getTransaction(transactionId);
    if (!record) throw new Error(`payment ${payment} is not on the mirror node`);
    const credited = record.transfers
      .filter((transfer) => transfer.account === deps.treasuryAccountId && transfer.amount > 0)
      .reduce((sum, transfer) => sum + BigInt(transfer.amount), 0n);
    return (tx: Executor) =>
      deps.orders.restorePayment(tx, {
        transactionId,
        consensusTimestamp: record.consensus_timestamp,
        payerAccount: payerOf(transactionId) ?? '',
        amountTinybars: credited,
        orderId: order,
        paidAt: new Date(at),
      });
  }

  /**
   * What putting a change back takes: the ledger is read first (a payment, an NFT's holder), then the
   * change is written in one transaction (which must not wait on anything else: the embedded database
   * has one connection).
   */
  async function restoreOf(message: JournalMessage): Promise<(tx: Executor) => Promise<unknown>> {
    const name = message.uid;
    const withPayment = async (
      d: { payment: string; order: string },
      change: (tx: Executor) => Promise<unknown>,
    ) => {
      const payment = await paymentRestore(d.payment, d.order, message.t);
      return async (tx: Executor) => {
        await change(tx);
        await payment(tx);
      };
    };
    switch (message.e) {
      case 'registered': {
        const { tld } = splitDomainName(name);
        return withPayment(message.d, (tx) =>
          deps.domains.restore.registration(tx, {
            name,
            tld,
            parentName: message.d.parent,
            isSub: message.d.parent ? 1 : 0,
            ownerAccount: message.d.holder,
            months: message.d.months,
            price: message.d.price,
            purchasedAt: new Date(message.t),
            ownerSince: new Date(message.t),
            expiresAt: new Date(message.d.expires),
            webProtection: message.d.webProtection,
            status: PAID_STATUS,
            orderId: message.d.order,
          }),
        );
      }
      case 'minted': {
        const { token, serial } = message.d;
        const tld = splitDomainName(name).tld;
        if ((await deps.tlds.collectionOf(tld)) === null) await deps.tlds.recordCollection(tld, token);
        const nft = await deps.mirror.getNft(token, serial);
        const holder = nft && !nft.deleted ? nft.account_id : null;
        return (tx) =>
          deps.domains.restore.mint(tx, name, {
            tokenId: token,
            serialNo: serial,
            deliveredTo: holder && holder !== deps.treasuryAccountId ? holder : null,
          });
      }
      case 'extended': {
        const { expires, months } = message.d;
        return withPayment(message.d, (tx) =>
          deps.domains.restore.expiry(tx, name, new Date(expires), months),
        );
      }
      case 'expiry': {
        const { expires } = message.d;
        return (tx) => deps.domains.restore.expiry(tx, name, new Date(expires));
      }
      case 'web-protection':
        return withPayment(message.d, (tx) => deps.domains.restore.webProtection(tx, name));
      case 'subscribed': {
        const { until } = message.d;
        return withPayment(message.d, (tx) => deps.domains.restore.subscription(tx, name, new Date(until)));
      }
      case 'record-fee':
        return withPayment(message.d, async () => undefined);
      case 'record': {
        const record = message.d;
        // A value journaled by its hash alone cannot come back (docs/deploy.md lists it).
        if (!('value' in record)) {
          deps.log?.(`journal: ${name}'s ${record.field} was journaled by its hash and is not restored`);
          return async () => undefined;
        }
        return (tx) => deps.records.restore(tx, name, record.field, record.value);
      }
      case 'record-active': {
        const { flag } = message.d;
        return (tx) => deps.records.restoreActive(tx, name, flag);
      }
      case 'primary': {
        const { account } = message.d;
        return (tx) => deps.identity.restorePrimaryName(tx, account, name);
      }
      case 'primary-cleared': {
        const { account } = message.d;
        return (tx) => deps.identity.restorePrimaryName(tx, account, null);
      }
      case 'burned': {
        const { token, serial } = message.d;
        return (tx) => deps.domains.restore.burn(tx, token, serial);
      }
    }
  }

  /** One page of topic messages: each the database does not hold is put back with its change, in order. */
  async function applyPage(messages: MirrorTopicMessage[]) {
    const parsed = messages.map((item) => ({
      item,
      text: Buffer.from(item.message, 'base64').toString('utf8'),
    }));
    const journaled = parsed
      .map(({ item, text }) => ({ item, text, message: parseJournalMessage(text) }))
      .filter((each): each is { item: MirrorTopicMessage; text: string; message: JournalMessage } =>
        Boolean(each.message),
      );
    const known = await deps.journal.knownEntries(
      deps.db,
      journaled.map((each) => each.message.id),
    );
    for (const { item, text, message } of journaled) {
      state.read += 1;
      const sent = {
        id: message.id,
        name: message.uid,
        event: message.e,
        message: text,
        sequenceNumber: item.sequence_number,
        consensusTimestamp: item.consensus_timestamp,
      };
      // An entry the database holds made its change already; only its number may be missing. The entry
      // is recorded first, so of two servers catching up at once one puts the change back.
      const change = known.has(message.id) ? null : await restoreOf(message);
      const applied = await deps.db.transaction(async (tx) => {
        if (!(await deps.journal.recordSent(tx, sent)) || !change) return false;
        await change(tx);
        return true;
      });
      if (applied) state.applied += 1;
    }
    for (const item of messages) state.sequenceNumber = Math.max(state.sequenceNumber, item.sequence_number);
  }

  return {
    state: (): RecoveryState => ({ ...state }),
    /** Writes wait while the database catches up with the ledger. */
    isCatchingUp: () => state.phase === 'catching-up',

    /** Reads the journal from the last message the database knows and puts back what it lacks. */
    async catchUp(): Promise<RecoveryState> {
      state.phase = 'catching-up';
      let topicId = await deps.journal.topicId();
      if (!topicId && deps.configuredTopicId) topicId = await deps.journal.adoptTopic(deps.configuredTopicId);
      if (topicId) {
        const after = (await deps.journal.status()).lastSequenceNumber ?? 0;
        state.sequenceNumber = after;
        let page = await deps.mirror.topicMessagesPage({ topicId, afterSequence: after });
        for (;;) {
          await applyPage(page.items);
          if (!page.next) break;
          page = await deps.mirror.topicMessagesPage({ next: page.next });
        }
        // Paid names not delivered (their mint job may be gone with the backup): each is finished once.
        for (const domain of await deps.domains.restore.undelivered()) {
          const payload: MintPayload = { domainId: domain.id };
          await deps.queue.enqueue(MINT_JOB, `mint:${domain.name}:${domain.orderId}`, payload);
        }
      }
      if (state.applied > 0) deps.log?.(`journal: ${state.applied} changes put back from the ledger`);
      // A registry that ran before its journal journals what it holds, once.
      const backfilled = await backfillJournal(deps);
      if (backfilled > 0)
        deps.log?.(`journal: ${backfilled} entries journaled from the names held before the journal`);
      state.phase = 'level';
      return { ...state };
    },
  };
}
export type Recovery = ReturnType<typeof createRecovery>;
