import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { LedgerDb as Db } from './ledger-db';
import { registerAirdropRoutes } from './mirror-airdrop-routes';
import { registerAllowanceRoutes } from './mirror-allowance-routes';
import { registerScheduleRoutes } from './mirror-schedule-routes';
import {
  ledgerAccounts,
  ledgerNfts,
  ledgerTokenRelationships,
  ledgerTokens,
  ledgerTransactions,
} from './schema';
import { canonicalEntityId } from '@registry/contracts/account';
import { ENTITY_ID, normaliseTransactionId } from '@registry/contracts/hedera-ids';
import { accountNumOf } from './ledger-accounts';
import { mirrorCustomFees } from './custom-fees';
import type { LocalLedger } from './local-ledger';
import {
  mirrorError,
  mirrorKey,
  sendWithInt64,
  exchangeRates,
  type LocalRate,
  type PageQuery,
  parseLimit,
  parseOrder,
  entityNumSql,
  compare,
  nextLink,
  accountPaging,
  nftPage,
  toMirrorAccount,
  toMirrorNft,
  toMirrorTransaction,
} from './mirror-format';

import { registerAccountListRoute, registerBalancesRoute } from './mirror-balance-routes';

export type { LocalRate } from './mirror-format';

/**
 * The mirror node's REST routes (the subset the registry and wallets use), read from the ledger's tables,
 * under `/ledger/api/v1`.
 */
export async function registerMirrorRoutes(
  app: FastifyInstance,
  { db, ledger, rate }: { db: Db; ledger: LocalLedger; rate: LocalRate },
) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/ledger/api/') && ledger.isPaused()) {
      return mirrorError(reply, 503, 'Service Unavailable');
    }
  });
  // Like the mirror node, `0.0.0001098` names account 0.0.1098: entity ids are looked up canonically.
  app.addHook('preValidation', async (request) => {
    const params = request.params as { id?: string } | undefined;
    if (!request.url.startsWith('/ledger/api/') || typeof params?.id !== 'string') return;
    const canonical = canonicalEntityId(params.id);
    if (canonical) params.id = canonical;
  });

  registerAccountRoutes(app, db);
  registerBalancesRoute(app, db);
  registerAccountListRoute(app, db);
  registerTransactionRoutes(app, db);
  registerTokenRoutes(app, db);
  registerNetworkRoutes(app, rate);
}

/** An account asked for by its EVM address: 40 hex digits, with or without 0x. */
const EVM_ADDRESS = /^(?:0x)?([0-9a-fA-F]{40})$/;

/** An account, its NFTs, its token relationships and its allowances. */
function registerAccountRoutes(app: FastifyInstance, db: Db) {
  registerAccountRoute(app, db);
  registerAccountTokensRoute(app, db);
  registerAccountNftsRoute(app, db);
  registerAllowanceRoutes(app, db);
  registerAirdropRoutes(app, db);
  registerScheduleRoutes(app, db);
}

/** One account: its balance, token balances and latest transactions. */
function registerAccountRoute(app: FastifyInstance, db: Db) {
  app.get<{ Params: { id: string }; Querystring: PageQuery }>(
    '/ledger/api/v1/accounts/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const asked = request.params.id;
      const evm = EVM_ADDRESS.exec(asked)?.[1]?.toLowerCase();
      if (!ENTITY_ID.test(asked) && !evm)
        return mirrorError(reply, 400, 'Invalid parameter: idOrAliasOrEvmAddress');
      const limit = parseLimit(request.query.limit);
      const order = parseOrder(request.query.order, 'desc');
      if (limit === null) return mirrorError(reply, 400, 'Invalid parameter: limit');
      if (order === null) return mirrorError(reply, 400, 'Invalid parameter: order');
      // An EVM address names an account by its alias, or by its number in the long-zero form.
      const longZero = evm?.startsWith('000000000000000000000000') ? parseInt(evm, 16) : null;
      const num = evm ? longZero : accountNumOf(asked);
      const [account] =
        num !== null
          ? await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.accountNum, num))
          : evm
            ? await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.evmAddress, evm))
            : [];
      if (!account) return mirrorError(reply, 404, 'Not found');
      const id = `0.0.${account.accountNum}`;
      const tokens = await db
        .select({ token_id: ledgerTokenRelationships.tokenId, balance: ledgerTokenRelationships.balance })
        .from(ledgerTokenRelationships)
        .where(eq(ledgerTokenRelationships.accountId, id))
        .orderBy(asc(entityNumSql(sql`${ledgerTokenRelationships.tokenId}`)));
      const transactions = await db
        .select()
        .from(ledgerTransactions)
        .where(
          or(
            eq(ledgerTransactions.payerAccount, id),
            sql`${ledgerTransactions.transfers} @> ${JSON.stringify([{ account: id }])}::jsonb`,
          ),
        )
        .orderBy(order === 'asc' ? asc(ledgerTransactions.consensusNs) : desc(ledgerTransactions.consensusNs))
        .limit(limit);
      return sendWithInt64(reply, {
        ...toMirrorAccount(account, tokens, transactions[0]?.consensusTimestamp ?? account.createdTimestamp),
        transactions: transactions.map(toMirrorTransaction),
        links: { next: null },
      });
    },
  );
}

/** An account's token relationships, a page at a time. */
function registerAccountTokensRoute(app: FastifyInstance, db: Db) {
  app.get<{ Params: { id: string }; Querystring: PageQuery }>(
    '/ledger/api/v1/accounts/:id/tokens',
    { schema: { hide: true } },
    async (request, reply) => {
      const paging = await accountPaging(db, request.params.id, request.query, 'asc');
      if ('status' in paging) return mirrorError(reply, paging.status, paging.message);
      const { id, limit, order, tokenFilter } = paging;
      const tokenNum = entityNumSql(sql`${ledgerTokenRelationships.tokenId}`);
      const rows = await db
        .select({
          relationship: ledgerTokenRelationships,
          freezes: sql<boolean>`${ledgerTokens.freezeKey} is not null`,
          asksKyc: sql<boolean>`${ledgerTokens.kycKey} is not null`,
          decimals: ledgerTokens.decimals,
        })
        .from(ledgerTokenRelationships)
        .innerJoin(ledgerTokens, eq(ledgerTokens.tokenId, ledgerTokenRelationships.tokenId))
        .where(
          and(
            eq(ledgerTokenRelationships.accountId, id),
            tokenFilter ? compare(tokenFilter.op, tokenNum, accountNumOf(tokenFilter.id) ?? -1) : undefined,
          ),
        )
        .orderBy(order === 'asc' ? asc(tokenNum) : desc(tokenNum))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      // Balances are int64: sent as exact JSON numbers.
      return sendWithInt64(reply, {
        tokens: page.map(({ relationship: row, freezes, asksKyc, decimals }) => ({
          automatic_association: row.automaticAssociation,
          balance: row.balance,
          created_timestamp: row.createdTimestamp,
          decimals,
          freeze_status: !freezes ? 'NOT_APPLICABLE' : row.frozen ? 'FROZEN' : 'UNFROZEN',
          kyc_status: !asksKyc ? 'NOT_APPLICABLE' : row.kycGranted ? 'GRANTED' : 'REVOKED',
          token_id: row.tokenId,
        })),
        links: {
          next:
            rows.length > limit && last
              ? nextLink(`/api/v1/accounts/${id}/tokens`, {
                  limit: String(limit),
                  order,
                  'token.id': `${order === 'asc' ? 'gt' : 'lt'}:${last.relationship.tokenId}`,
                })
              : null,
        },
      });
    },
  );
}

/** The NFTs an account holds, a page at a time. */
function registerAccountNftsRoute(app: FastifyInstance, db: Db) {
  app.get<{ Params: { id: string }; Querystring: PageQuery }>(
    '/ledger/api/v1/accounts/:id/nfts',
    { schema: { hide: true } },
    async (request, reply) => {
      const serialFilter = request.query.serialnumber;
      const serialMatch =
        serialFilter === undefined ? undefined : /^(?:(eq|gt|gte|lt|lte):)?(\d{1,19})$/.exec(serialFilter);
      if (serialMatch === null) return mirrorError(reply, 400, 'Invalid parameter: serialnumber');
      const paging = await accountPaging(db, request.params.id, request.query, 'desc');
      if ('status' in paging) return mirrorError(reply, paging.status, paging.message);
      const { id, limit, order, tokenFilter } = paging;
      const tokenNum = entityNumSql(sql`${ledgerNfts.tokenId}`);
      const rows = await db
        .select()
        .from(ledgerNfts)
        .where(
          and(
            eq(ledgerNfts.ownerAccount, id),
            tokenFilter ? compare(tokenFilter.op, tokenNum, accountNumOf(tokenFilter.id) ?? -1) : undefined,
            serialMatch
              ? compare(
                  (serialMatch[1] ?? 'eq') as 'eq',
                  sql`${ledgerNfts.serialNumber}`,
                  Number(serialMatch[2]),
                )
              : undefined,
          ),
        )
        .orderBy(
          order === 'asc' ? asc(tokenNum) : desc(tokenNum),
          order === 'asc' ? asc(ledgerNfts.serialNumber) : desc(ledgerNfts.serialNumber),
        )
        .limit(limit + 1);
      return nftPage(rows, limit, `/api/v1/accounts/${id}/nfts`, (last) => ({
        limit: String(limit),
        order,
        'token.id': `${order === 'asc' ? 'gte' : 'lte'}:${last.tokenId}`,
        serialnumber: `${order === 'asc' ? 'gt' : 'lt'}:${last.serialNumber}`,
      }));
    },
  );
}

/** One transaction by its id. */
function registerTransactionRoutes(app: FastifyInstance, db: Db) {
  app.get<{ Params: { id: string }; Querystring: { nonce?: string; scheduled?: string } }>(
    '/ledger/api/v1/transactions/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const transactionId = normaliseTransactionId(request.params.id);
      if (!transactionId) return mirrorError(reply, 400, 'Invalid parameter: transactionId');
      const nonce = request.query.nonce;
      if (nonce !== undefined && !/^\d{1,5}$/.test(nonce))
        return mirrorError(reply, 400, 'Invalid parameter: nonce');
      if (request.query.scheduled !== undefined && !['true', 'false'].includes(request.query.scheduled)) {
        return mirrorError(reply, 400, 'Invalid parameter: scheduled');
      }
      // Every transaction of that id (a scheduled one, child records) unless the query names which.
      const scheduled = request.query.scheduled;
      const rows = await db
        .select()
        .from(ledgerTransactions)
        .where(
          and(
            eq(ledgerTransactions.transactionId, transactionId),
            nonce !== undefined ? eq(ledgerTransactions.nonce, Number(nonce)) : undefined,
            scheduled !== undefined ? eq(ledgerTransactions.scheduled, scheduled === 'true') : undefined,
          ),
        )
        .orderBy(asc(ledgerTransactions.consensusNs));
      if (rows.length === 0) return mirrorError(reply, 404, 'Not found');
      return { transactions: rows.map(toMirrorTransaction) };
    },
  );
}

/** A token and its NFTs. */
function registerTokenRoutes(app: FastifyInstance, db: Db) {
  app.get<{ Params: { id: string } }>(
    '/ledger/api/v1/tokens/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      if (!ENTITY_ID.test(request.params.id))
        return mirrorError(reply, 400, 'Invalid parameter: tokenIdOrAddress');
      const [token] = await db.select().from(ledgerTokens).where(eq(ledgerTokens.tokenId, request.params.id));
      if (!token) return mirrorError(reply, 404, 'Not found');
      return {
        admin_key: mirrorKey(token.adminKey, token.adminKeyType),
        auto_renew_account: null,
        auto_renew_period: null,
        created_timestamp: token.createdTimestamp,
        custom_fees: mirrorCustomFees(
          token.customFees,
          token.customFeesTimestamp ?? token.createdTimestamp,
          token.tokenType === 'FUNGIBLE_COMMON',
        ),
        decimals: String(token.decimals),
        deleted: token.deleted,
        expiry_timestamp: null,
        fee_schedule_key: mirrorKey(token.feeScheduleKey, token.feeScheduleKeyType),
        freeze_default: token.freezeDefault,
        freeze_key: mirrorKey(token.freezeKey, token.freezeKeyType),
        initial_supply: String(token.initialSupply),
        kyc_key: mirrorKey(token.kycKey, token.kycKeyType),
        max_supply: String(token.maxSupply),
        memo: token.memo,
        metadata: token.metadata,
        metadata_key: mirrorKey(token.metadataKey, token.metadataKeyType),
        modified_timestamp: token.createdTimestamp,
        name: token.name,
        pause_key: mirrorKey(token.pauseKey, token.pauseKeyType),
        pause_status: !token.pauseKey ? 'NOT_APPLICABLE' : token.paused ? 'PAUSED' : 'UNPAUSED',
        supply_key: mirrorKey(token.supplyKey, token.supplyKeyType),
        supply_type: token.supplyType,
        symbol: token.symbol,
        token_id: token.tokenId,
        total_supply: String(token.totalSupply),
        treasury_account_id: token.treasuryAccount,
        type: token.tokenType,
        wipe_key: mirrorKey(token.wipeKey, token.wipeKeyType),
      };
    },
  );

  app.get<{ Params: { id: string; serial: string } }>(
    '/ledger/api/v1/tokens/:id/nfts/:serial',
    { schema: { hide: true } },
    async (request, reply) => {
      if (!ENTITY_ID.test(request.params.id)) return mirrorError(reply, 400, 'Invalid parameter: tokenId');
      if (!/^\d{1,19}$/.test(request.params.serial))
        return mirrorError(reply, 400, 'Invalid parameter: serialnumber');
      const [nft] = await db
        .select()
        .from(ledgerNfts)
        .where(
          and(
            eq(ledgerNfts.tokenId, request.params.id),
            eq(ledgerNfts.serialNumber, Number(request.params.serial)),
          ),
        );
      if (!nft) return mirrorError(reply, 404, 'Not found');
      return toMirrorNft(nft);
    },
  );
}

/** The HBAR exchange rate, as the network states it. */
function registerNetworkRoutes(app: FastifyInstance, rate: LocalRate) {
  app.get('/ledger/api/v1/network/exchangerate', { schema: { hide: true } }, async (_request, reply) => {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const rates = exchangeRates(rate, nowSeconds);
    if (!rates) return mirrorError(reply, 503, 'Service Unavailable');
    return {
      current_rate: rates.current,
      next_rate: rates.next,
      timestamp: `${nowSeconds}.000000000`,
    };
  });
}
