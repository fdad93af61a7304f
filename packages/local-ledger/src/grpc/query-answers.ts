import { proto } from '@hiero-ledger/proto';
import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { LedgerDb } from '../ledger-db';
import { accountNumOfAlias, aliasOfBytes } from '../alias-accounts';
import type { FixedAmount, StoredFee } from '../custom-fee-types';
import { accountNumOf } from '../ledger-accounts';
import { protoKeyOf } from '../ledger-keys';
import { stakedTo } from '../staking';
import {
  ledgerAccounts,
  ledgerFiles,
  ledgerNfts,
  ledgerSchedules,
  ledgerTokenRelationships,
  ledgerTokens,
  ledgerTopics,
  ledgerTransactions,
} from '../schema';
import { RUNNING_HASH_VERSION } from '../topic-transactions';

/** An entity id as HAPI carries it (shard, realm, number; 64-bit numbers as strings). */
type EntityId = { shardNum?: string; realmNum?: string };
/** An account by number, or by alias (`alias`: a key alias or a 20-byte EVM address). */
export type AccountId = EntityId & { accountNum?: string; alias?: Uint8Array };
export type TokenId = EntityId & { tokenNum?: string };
export type TransactionId = {
  accountID?: AccountId;
  transactionValidStart?: { seconds?: string; nanos?: number };
  scheduled?: boolean;
  /** A child record's: 1 onwards. */
  nonce?: number;
};
export type ScheduleId = EntityId & { scheduleNum?: string };
/** HAPI's `NftID`: its `token_ID` keeps its case (protobuf's camel case only joins lower-case letters). */
export type NftId = { token_ID?: TokenId; serialNumber?: string };

/** The HAPI version this node says it speaks (the proto package's). */
const HAPI_VERSION = { major: 0, minor: 64, patch: 0 };
/** The ledger id a local network answers with (the SDK's `LedgerId.LOCAL_NODE`). */
const LOCAL_LEDGER_ID = Buffer.from([3]);
/** Accounts and tokens live 90 days between renewals, as on Hedera; nothing expires here. */
const AUTO_RENEW_SECONDS = '7776000';
const NEVER_EXPIRES = { seconds: '8000000000', nanos: 0 };
const NOBODY = '0.0.0';

const entity = (id: string) => {
  const [shardNum, realmNum, num] = id.split('.');
  return { shardNum: shardNum!, realmNum: realmNum!, num: num! };
};
const accountIdOf = (id: string): AccountId => {
  const { shardNum, realmNum, num } = entity(id);
  return { shardNum, realmNum, accountNum: num };
};
export type TopicId = EntityId & { topicNum?: string };
const topicIdOf = (id: string): TopicId => {
  const { shardNum, realmNum, num } = entity(id);
  return { shardNum, realmNum, topicNum: num };
};
const fileIdOf = (id: string) => {
  const { shardNum, realmNum, num } = entity(id);
  return { shardNum, realmNum, fileNum: num };
};
const scheduleIdOf = (id: string): ScheduleId => {
  const { shardNum, realmNum, num } = entity(id);
  return { shardNum, realmNum, scheduleNum: num };
};
/** A scheduled transaction's id, from the mirror's form of its schedule's creation id. */
const scheduledIdOf = (mirrorId: string): TransactionId => {
  const [payer = '0.0.0', seconds = '0', nanos = '0'] = mirrorId.split('-');
  return {
    accountID: accountIdOf(payer),
    transactionValidStart: { seconds, nanos: Number(nanos) },
    scheduled: true,
  };
};
const tokenIdOf = (id: string): TokenId => {
  const { shardNum, realmNum, num } = entity(id);
  return { shardNum, realmNum, tokenNum: num };
};
const timestampOf = (text: string) => {
  const [seconds = '0', nanos = '0'] = text.split('.');
  return { seconds, nanos: Number(nanos.padEnd(9, '0').slice(0, 9)) };
};
/** A public key as HAPI's `Key`, from the raw hex and type the ledger keeps. */
const keyOf = (raw: string | null, type: string | null) =>
  raw === null || type === null ? undefined : protoKeyOf(raw, type);
/** An account's EVM address in its long-zero form, as `contractAccountID` carries it without an alias. */
const longZeroAddress = (num: number) => num.toString(16).padStart(40, '0');

export const accountIdText = (id: AccountId | undefined) =>
  id ? `${id.shardNum ?? '0'}.${id.realmNum ?? '0'}.${id.accountNum ?? '0'}` : null;
const tokenIdText = (id: TokenId | undefined) =>
  id?.tokenNum ? `${id.shardNum ?? '0'}.${id.realmNum ?? '0'}.${id.tokenNum}` : null;

/** The mirror node's form of a transaction id (`0.0.1001-1700000000-000000001`), the ledger's key. */
function transactionIdText(id: TransactionId | undefined): string | null {
  const payer = accountIdText(id?.accountID);
  if (!payer || !id?.transactionValidStart) return null;
  const { seconds = '0', nanos = 0 } = id.transactionValidStart;
  return `${payer}-${seconds}-${String(nanos).padStart(9, '0')}`;
}

/** A fixed fee's amount in HAPI's `FixedFee`. */
const protoFixedFee = (fee: FixedAmount) => ({
  amount: fee.amount,
  ...(fee.tokenId ? { denominatingTokenId: tokenIdOf(fee.tokenId) } : {}),
});

/** A token's custom fees in HAPI's form, as the token info query gives them. */
function protoCustomFees(fees: StoredFee[]) {
  const fixed = protoFixedFee;
  return fees.map((fee) => ({
    feeCollectorAccountId: accountIdOf(fee.collector),
    allCollectorsAreExempt: fee.allCollectorsExempt,
    ...(fee.kind === 'fixed'
      ? { fixedFee: fixed(fee) }
      : fee.kind === 'fractional'
        ? {
            fractionalFee: {
              fractionalAmount: { numerator: fee.numerator, denominator: fee.denominator },
              minimumAmount: fee.minimum,
              maximumAmount: fee.maximum,
              netOfTransfers: fee.netOfTransfers,
            },
          }
        : {
            royaltyFee: {
              exchangeValueFraction: { numerator: fee.numerator, denominator: fee.denominator },
              ...(fee.fallback ? { fallbackFee: fixed(fee.fallback) } : {}),
            },
          }),
  }));
}

type TransactionRow = typeof ledgerTransactions.$inferSelect;
type MirrorNftTransfer = {
  sender_account_id: string | null;
  receiver_account_id: string | null;
  serial_number: number;
  token_id: string;
  is_approval?: boolean;
};
type MirrorTransfer = { account: string; amount: number; is_approval?: boolean };
type MirrorTokenTransfer = MirrorTransfer & { token_id: string };

/** `scheduledTransactionId`: a schedule create's or sign's receipt names the transaction it holds. */
function receiptOf(row: TransactionRow, scheduledTransactionId?: string) {
  const serials = (row.nftTransfers as MirrorNftTransfer[])
    .filter((transfer) => row.name === 'TOKENMINT' && transfer.sender_account_id === null)
    .map((transfer) => String(transfer.serial_number));
  return {
    status: row.result,
    ...(row.name === 'CRYPTOCREATEACCOUNT' && row.entityId ? { accountID: accountIdOf(row.entityId) } : {}),
    ...(row.name === 'TOKENCREATION' && row.entityId ? { tokenID: tokenIdOf(row.entityId) } : {}),
    ...(row.name === 'CONSENSUSCREATETOPIC' && row.entityId ? { topicID: topicIdOf(row.entityId) } : {}),
    ...(row.name === 'FILECREATE' && row.entityId ? { fileID: fileIdOf(row.entityId) } : {}),
    ...(row.name === 'SCHEDULECREATE' && row.entityId ? { scheduleID: scheduleIdOf(row.entityId) } : {}),
    ...(scheduledTransactionId ? { scheduledTransactionID: scheduledIdOf(scheduledTransactionId) } : {}),
    ...(row.topicSequenceNumber !== null && row.topicRunningHash
      ? {
          topicSequenceNumber: String(row.topicSequenceNumber),
          topicRunningHash: Buffer.from(row.topicRunningHash, 'base64'),
          topicRunningHashVersion: String(RUNNING_HASH_VERSION),
        }
      : {}),
    ...(serials.length > 0 ? { serialNumbers: serials } : {}),
    ...(row.newTotalSupply !== null ? { newTotalSupply: row.newTotalSupply.toString() } : {}),
  };
}

/** A transaction's record as the network gives it: its receipt, hash, time, fee and what it moved. */
function recordOf(row: TransactionRow, id: TransactionId, scheduledTransactionId?: string) {
  const nftTransfers = row.nftTransfers as MirrorNftTransfer[];
  const tokenTransfers = row.tokenTransfers as MirrorTokenTransfer[];
  const tokens = [...new Set([...tokenTransfers, ...nftTransfers].map((transfer) => transfer.token_id))];
  return {
    receipt: receiptOf(row, scheduledTransactionId),
    transactionHash: Buffer.from(row.transactionHash, 'base64'),
    consensusTimestamp: timestampOf(row.consensusTimestamp),
    transactionID: id,
    ...(row.parentConsensusTimestamp
      ? { parentConsensusTimestamp: timestampOf(row.parentConsensusTimestamp) }
      : {}),
    memo: row.memoBase64 ? Buffer.from(row.memoBase64, 'base64').toString('utf8') : '',
    transactionFee: String(row.chargedTxFee),
    // A PRNG transaction's result, in the record's `entropy` oneof.
    ...(row.prng && 'bytes' in row.prng ? { prngBytes: Buffer.from(row.prng.bytes, 'base64') } : {}),
    ...(row.prng && 'number' in row.prng ? { prngNumber: row.prng.number } : {}),
    transferList: {
      accountAmounts: (row.transfers as MirrorTransfer[]).map((transfer) => ({
        accountID: accountIdOf(transfer.account),
        amount: String(transfer.amount),
        isApproval: transfer.is_approval ?? false,
      })),
    },
    assessedCustomFees: (row.assessedCustomFees ?? []).map((fee) => ({
      amount: String(fee.amount),
      ...(fee.token_id ? { tokenId: tokenIdOf(fee.token_id) } : {}),
      feeCollectorAccountId: accountIdOf(fee.collector_account_id),
      effectivePayerAccountId: fee.effective_payer_account_ids.map(accountIdOf),
    })),
    newPendingAirdrops: (row.newPendingAirdrops ?? []).map((airdrop) => ({
      pendingAirdropId: {
        senderId: accountIdOf(airdrop.sender),
        receiverId: accountIdOf(airdrop.receiver),
        ...(airdrop.serial === null
          ? { fungibleTokenType: tokenIdOf(airdrop.token) }
          : {
              nonFungibleToken: { token_ID: tokenIdOf(airdrop.token), serialNumber: String(airdrop.serial) },
            }),
      },
      ...(airdrop.serial === null ? { pendingAirdropValue: { amount: airdrop.amount } } : {}),
    })),
    tokenTransferLists: tokens.map((token) => ({
      token: tokenIdOf(token),
      transfers: tokenTransfers
        .filter((transfer) => transfer.token_id === token)
        .map((transfer) => ({
          accountID: accountIdOf(transfer.account),
          amount: String(transfer.amount),
          isApproval: transfer.is_approval ?? false,
        })),
      nftTransfers: nftTransfers
        .filter((transfer) => transfer.token_id === token)
        .map((transfer) => ({
          // A mint comes from nobody and a burn or wipe goes to nobody: 0.0.0, as the network says.
          senderAccountID: accountIdOf(transfer.sender_account_id ?? NOBODY),
          receiverAccountID: accountIdOf(transfer.receiver_account_id ?? NOBODY),
          serialNumber: String(transfer.serial_number),
          isApproval: transfer.is_approval ?? false,
        })),
    })),
  };
}

/** What the ledger's records answer to the queries a node serves from its state. */
export function createQueryAnswers(
  db: LedgerDb,
  /** Whether a transaction (by its mirror id) was accepted and waits for consensus. */
  isInFlight: (transactionId: string) => boolean = () => false,
) {
  async function transactionRow(id: TransactionId | undefined) {
    const key = transactionIdText(id);
    if (!key) return null;
    const [row] = await db
      .select()
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.transactionId, key),
          eq(ledgerTransactions.scheduled, Boolean(id?.scheduled)),
          eq(ledgerTransactions.nonce, id?.nonce ?? 0),
        ),
      );
    return row ?? null;
  }

  /** The id of the transaction a schedule create or sign (that went through) holds. */
  async function scheduledTransactionIdOf(row: TransactionRow) {
    if (!row.entityId) return undefined;
    if (row.name === 'SCHEDULECREATE' && row.result === 'SUCCESS') return row.transactionId;
    const named =
      (row.name === 'SCHEDULESIGN' && row.result === 'SUCCESS') ||
      (row.name === 'SCHEDULECREATE' && row.result === 'IDENTICAL_SCHEDULE_ALREADY_CREATED');
    if (!named) return undefined;
    const [schedule] = await db
      .select({ id: ledgerSchedules.scheduledTransactionId })
      .from(ledgerSchedules)
      .where(eq(ledgerSchedules.scheduleId, row.entityId));
    return schedule?.id;
  }

  async function accountRow(id: AccountId | undefined) {
    const alias = id?.alias?.length ? aliasOfBytes(id.alias) : null;
    if (id?.alias?.length && !alias) return null;
    const num = alias ? await accountNumOfAlias(db, alias) : accountNumOf(accountIdText(id) ?? '');
    if (num === null) return null;
    const [row] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.accountNum, num));
    return row ? { ...row, id: `0.0.${row.accountNum}` } : null;
  }

  /** The child records of a transaction (by its id, nonce 0), in nonce order. */
  async function childRows(id: TransactionId | undefined) {
    return db
      .select()
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.transactionId, transactionIdText(id)!),
          eq(ledgerTransactions.scheduled, Boolean(id?.scheduled)),
          gt(ledgerTransactions.nonce, 0),
        ),
      )
      .orderBy(asc(ledgerTransactions.nonce));
  }

  return {
    /** A transaction's receipt: its status and what it created (an account, a token, serials). */
    async receipt(id: TransactionId | undefined, includeChildren = false) {
      if (!transactionIdText(id)) return { precheck: 'INVALID_TRANSACTION_ID' as const };
      const row = await transactionRow(id);
      // Accepted and not through consensus yet: as on Hedera, its receipt is UNKNOWN for now.
      if (!row && isInFlight(transactionIdText(id)!))
        return { precheck: 'OK' as const, receipt: { status: 'UNKNOWN' } };
      if (!row) return { precheck: 'RECEIPT_NOT_FOUND' as const };
      const children = includeChildren && !id?.nonce ? await childRows(id) : [];
      return {
        precheck: 'OK' as const,
        receipt: receiptOf(row, await scheduledTransactionIdOf(row)),
        ...(children.length ? { childTransactionReceipts: children.map((child) => receiptOf(child)) } : {}),
      };
    },

    /** A transaction's record: HBAR and NFT transfers, consensus time, fee. */
    async record(id: TransactionId | undefined, includeChildren = false) {
      if (!transactionIdText(id)) return { precheck: 'INVALID_TRANSACTION_ID' as const };
      const row = await transactionRow(id);
      if (!row) return { precheck: 'RECORD_NOT_FOUND' as const };
      const children = includeChildren && !id?.nonce ? await childRows(id) : [];
      return {
        precheck: 'OK' as const,
        transactionRecord: recordOf(row, id!, await scheduledTransactionIdOf(row)),
        ...(children.length
          ? {
              childTransactionRecords: children.map((child) =>
                recordOf(child, { ...id, nonce: child.nonce }),
              ),
            }
          : {}),
      };
    },

    /** An account's HBAR balance in tinybars. */
    async balance(id: AccountId | undefined) {
      const row = await accountRow(id);
      if (!row) return { precheck: 'INVALID_ACCOUNT_ID' as const };
      // Deprecated in HAPI, still given by hiero-local-node's nodes and read by the SDK's examples.
      const tokens = await db
        .select({
          tokenId: ledgerTokenRelationships.tokenId,
          balance: ledgerTokenRelationships.balance,
          decimals: ledgerTokens.decimals,
        })
        .from(ledgerTokenRelationships)
        .innerJoin(ledgerTokens, eq(ledgerTokens.tokenId, ledgerTokenRelationships.tokenId))
        .where(eq(ledgerTokenRelationships.accountId, row.id));
      return {
        precheck: 'OK' as const,
        accountID: accountIdOf(row.id),
        balance: row.balanceTinybars.toString(),
        tokenBalances: tokens.map((token) => ({
          tokenId: tokenIdOf(token.tokenId),
          balance: token.balance.toString(),
          decimals: token.decimals,
        })),
      };
    },

    /** An account's key, balance, memo and how many NFTs it holds. */
    async accountInfo(id: AccountId | undefined) {
      const row = await accountRow(id);
      if (!row) return { precheck: 'INVALID_ACCOUNT_ID' as const };
      if (row.deleted) return { precheck: 'ACCOUNT_DELETED' as const };
      const [owned] = await db
        .select({ nfts: count() })
        .from(ledgerNfts)
        .where(eq(ledgerNfts.ownerAccount, row.id));
      return {
        precheck: 'OK' as const,
        accountInfo: {
          accountID: accountIdOf(row.id),
          contractAccountID: row.evmAddress ?? longZeroAddress(row.accountNum),
          deleted: false,
          // A hollow account (made for an EVM address) has no key yet: an empty key list, as on Hedera.
          key: keyOf(row.publicKey, row.keyType) ?? { keyList: { keys: [] } },
          ...(row.aliasKey ? { alias: Buffer.from(row.aliasKey, 'hex') } : {}),
          balance: row.balanceTinybars.toString(),
          receiverSigRequired: false,
          expirationTime: NEVER_EXPIRES,
          autoRenewPeriod: { seconds: AUTO_RENEW_SECONDS },
          memo: row.memo,
          ownedNfts: String(owned?.nfts ?? 0),
          maxAutomaticTokenAssociations: row.maxAutomaticTokenAssociations,
          ledgerId: LOCAL_LEDGER_ID,
          stakingInfo: {
            declineReward: row.declineReward,
            pendingReward: '0',
            stakedToMe: (await stakedTo(db, row.id)).toString(),
            ...(row.stakePeriodStart ? { stakePeriodStart: timestampOf(row.stakePeriodStart) } : {}),
            ...(row.stakedAccountId ? { stakedAccountId: accountIdOf(row.stakedAccountId) } : {}),
            ...(row.stakedNodeId !== null ? { stakedNodeId: String(row.stakedNodeId) } : {}),
          },
        },
      };
    },

    /** A collection's names, keys, treasury and supply. */
    async tokenInfo(id: TokenId | undefined) {
      const tokenId = tokenIdText(id);
      if (!tokenId) return { precheck: 'INVALID_TOKEN_ID' as const };
      const [row] = await db.select().from(ledgerTokens).where(eq(ledgerTokens.tokenId, tokenId));
      if (!row) return { precheck: 'INVALID_TOKEN_ID' as const };
      return {
        precheck: 'OK' as const,
        tokenInfo: {
          tokenId: tokenIdOf(row.tokenId),
          name: row.name,
          symbol: row.symbol,
          decimals: row.decimals,
          totalSupply: row.totalSupply.toString(),
          treasury: accountIdOf(row.treasuryAccount),
          adminKey: keyOf(row.adminKey, row.adminKeyType),
          wipeKey: keyOf(row.wipeKey, row.wipeKeyType),
          supplyKey: keyOf(row.supplyKey, row.supplyKeyType),
          freezeKey: keyOf(row.freezeKey, row.freezeKeyType),
          kycKey: keyOf(row.kycKey, row.kycKeyType),
          pauseKey: keyOf(row.pauseKey, row.pauseKeyType),
          metadataKey: keyOf(row.metadataKey, row.metadataKeyType),
          feeScheduleKey: keyOf(row.feeScheduleKey, row.feeScheduleKeyType),
          customFees: protoCustomFees(row.customFees),
          metadata: Buffer.from(row.metadata, 'base64'),
          defaultFreezeStatus: !row.freezeKey
            ? 'FreezeNotApplicable'
            : row.freezeDefault
              ? 'Frozen'
              : 'Unfrozen',
          defaultKycStatus: row.kycKey ? 'Revoked' : 'KycNotApplicable',
          deleted: row.deleted,
          autoRenewPeriod: { seconds: AUTO_RENEW_SECONDS },
          expiry: NEVER_EXPIRES,
          memo: row.memo,
          tokenType: row.tokenType === 'NON_FUNGIBLE_UNIQUE' ? 'NON_FUNGIBLE_UNIQUE' : 'FUNGIBLE_COMMON',
          supplyType: row.supplyType,
          maxSupply: row.maxSupply.toString(),
          pauseStatus: !row.pauseKey ? 'PauseNotApplicable' : row.paused ? 'Paused' : 'Unpaused',
          ledgerId: LOCAL_LEDGER_ID,
        },
      };
    },

    /** One NFT: who holds it, when it was minted, its metadata. A burned or wiped NFT is gone. */
    async nftInfo(id: NftId | undefined) {
      const tokenId = tokenIdText(id?.token_ID);
      if (!tokenId) return { precheck: 'INVALID_TOKEN_ID' as const };
      const serial = Number(id?.serialNumber ?? 0);
      if (!Number.isSafeInteger(serial) || serial <= 0)
        return { precheck: 'INVALID_TOKEN_NFT_SERIAL_NUMBER' as const };
      const [row] = await db
        .select()
        .from(ledgerNfts)
        .where(and(eq(ledgerNfts.tokenId, tokenId), eq(ledgerNfts.serialNumber, serial)));
      if (!row || row.ownerAccount === null) return { precheck: 'INVALID_NFT_ID' as const };
      return {
        precheck: 'OK' as const,
        nft: {
          nftID: { token_ID: tokenIdOf(tokenId), serialNumber: String(serial) },
          accountID: accountIdOf(row.ownerAccount),
          creationTime: timestampOf(row.createdTimestamp ?? '0.0'),
          metadata: Buffer.from(row.metadata, 'base64'),
          ledgerId: LOCAL_LEDGER_ID,
        },
      };
    },

    /** A topic's memo, keys, sequence number and running hash. */
    async topicInfo(id: TopicId | undefined) {
      const topicId = id?.topicNum ? `${id.shardNum ?? 0}.${id.realmNum ?? 0}.${id.topicNum}` : null;
      if (!topicId) return { precheck: 'INVALID_TOPIC_ID' as const };
      const [row] = await db.select().from(ledgerTopics).where(eq(ledgerTopics.topicId, topicId));
      if (!row || row.deleted) return { precheck: 'INVALID_TOPIC_ID' as const };
      return {
        precheck: 'OK' as const,
        topicID: topicIdOf(row.topicId),
        topicInfo: {
          memo: row.memo,
          runningHash: row.runningHash ? Buffer.from(row.runningHash, 'base64') : Buffer.alloc(48),
          sequenceNumber: String(row.sequenceNumber),
          expirationTime: NEVER_EXPIRES,
          adminKey: keyOf(row.adminKey, row.adminKeyType),
          submitKey: keyOf(row.submitKey, row.submitKeyType),
          autoRenewPeriod: { seconds: String(row.autoRenewPeriod ?? AUTO_RENEW_SECONDS) },
          ...(row.autoRenewAccount ? { autoRenewAccount: accountIdOf(row.autoRenewAccount) } : {}),
          ledgerId: LOCAL_LEDGER_ID,
          feeScheduleKey: keyOf(row.feeScheduleKey, row.feeScheduleKeyType),
          feeExemptKeyList: row.feeExemptKeys.map((key) => protoKeyOf(key.key, key.type)),
          customFees: row.customFees.map((fee) => ({
            fixedFee: protoFixedFee(fee),
            feeCollectorAccountId: accountIdOf(fee.collector),
          })),
        },
      };
    },

    /** A schedule: its transaction body, who signed, and when it ran or was deleted. */
    async scheduleInfo(id: ScheduleId | undefined) {
      const scheduleId = id?.scheduleNum ? `${id.shardNum ?? 0}.${id.realmNum ?? 0}.${id.scheduleNum}` : null;
      const [row] = scheduleId
        ? await db.select().from(ledgerSchedules).where(eq(ledgerSchedules.scheduleId, scheduleId))
        : [];
      // As on Hedera, a schedule is gone from the node's state once it expired (the mirror keeps it).
      if (!row || row.expirationNs <= BigInt(Date.now()) * 1_000_000n)
        return { precheck: 'INVALID_SCHEDULE_ID' as const };
      return {
        precheck: 'OK' as const,
        scheduleInfo: {
          scheduleID: scheduleIdOf(row.scheduleId),
          ...(row.deletedTimestamp ? { deletionTime: timestampOf(row.deletedTimestamp) } : {}),
          ...(row.executedTimestamp ? { executionTime: timestampOf(row.executedTimestamp) } : {}),
          expirationTime: {
            seconds: (row.expirationNs / 1_000_000_000n).toString(),
            nanos: Number(row.expirationNs % 1_000_000_000n),
          },
          scheduledTransactionBody: proto.SchedulableTransactionBody.decode(row.body),
          memo: row.memo,
          adminKey: keyOf(row.adminKey, row.adminKeyType),
          signers: {
            keys: row.signatories.map((signatory) => protoKeyOf(signatory.publicKey, signatory.type)),
          },
          creatorAccountID: accountIdOf(row.creatorAccount),
          payerAccountID: accountIdOf(row.payerAccount),
          scheduledTransactionID: scheduledIdOf(row.scheduledTransactionId),
          ledgerId: LOCAL_LEDGER_ID,
          waitForExpiry: row.waitForExpiry,
        },
      };
    },

    /** A file's contents (a deleted file has none: FILE_DELETED). */
    async fileContents(fileNum: number) {
      const [row] = Number.isSafeInteger(fileNum)
        ? await db.select().from(ledgerFiles).where(eq(ledgerFiles.fileNum, fileNum))
        : [];
      if (!row) return { precheck: 'INVALID_FILE_ID' as const };
      if (row.deleted) return { precheck: 'FILE_DELETED' as const };
      const fileID = fileIdOf(`0.0.${fileNum}`);
      return { precheck: 'OK' as const, fileContents: { fileID, contents: row.contents } };
    },

    /** A file's size, expiry, keys, memo and whether it was deleted. */
    async fileInfo(fileNum: number) {
      const [row] = Number.isSafeInteger(fileNum)
        ? await db.select().from(ledgerFiles).where(eq(ledgerFiles.fileNum, fileNum))
        : [];
      if (!row) return { precheck: 'INVALID_FILE_ID' as const };
      const keys = keyOf(row.keys, row.keysType);
      return {
        precheck: 'OK' as const,
        fileInfo: {
          fileID: fileIdOf(`0.0.${fileNum}`),
          size: String(row.contents.length),
          expirationTime: { seconds: String(row.expirationSeconds), nanos: 0 },
          deleted: row.deleted,
          keys: keys?.keyList ?? { keys: [] },
          memo: row.memo,
          ledgerId: LOCAL_LEDGER_ID,
        },
      };
    },

    version() {
      return { hapiProtoVersion: HAPI_VERSION, hederaServicesVersion: HAPI_VERSION };
    },
  };
}
export type QueryAnswers = ReturnType<typeof createQueryAnswers>;
