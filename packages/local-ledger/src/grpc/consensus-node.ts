import { setTimeout as sleep } from 'node:timers/promises';
import * as grpc from '@grpc/grpc-js';
import { Transaction, TransferTransaction } from '@hashgraph/sdk';
import { LedgerUnavailableError } from '@registry/hedera-node/ledger-port';
import type { LedgerDb } from '../ledger-db';
import type { LocalLedger } from '../local-ledger';
import { grpcServerHandle, loadHapiServices, type GrpcServerHandle, type ServiceName } from './hapi-services';
import { QUERY_FEE_TINYBARS } from '../ledger-accounts';
import type { LocalRate } from '../mirror-format';
import { SYSTEM_FILE_NUMBERS, systemFileContents, type NodeEndpoint } from './system-files';
import {
  createQueryAnswers,
  type AccountId,
  type NftId,
  type ScheduleId,
  type TokenId,
  type TopicId,
  type TransactionId,
} from './query-answers';

/** The transactions this node takes, by service and method; every other one answers NOT_SUPPORTED. */
const SUPPORTED_TRANSACTIONS = new Set([
  'CryptoService.createAccount',
  'CryptoService.updateAccount',
  'CryptoService.cryptoDelete',
  'CryptoService.cryptoTransfer',
  'CryptoService.approveAllowances',
  'CryptoService.deleteAllowances',
  'TokenService.createToken',
  'TokenService.mintToken',
  'TokenService.associateTokens',
  'TokenService.dissociateTokens',
  'TokenService.wipeTokenAccount',
  'TokenService.burnToken',
  'TokenService.deleteToken',
  'TokenService.updateNfts',
  'TokenService.updateToken',
  'TokenService.pauseToken',
  'TokenService.unpauseToken',
  'TokenService.freezeTokenAccount',
  'TokenService.unfreezeTokenAccount',
  'TokenService.grantKycToTokenAccount',
  'TokenService.revokeKycFromTokenAccount',
  'TokenService.rejectToken',
  'TokenService.airdropTokens',
  'TokenService.claimAirdrop',
  'TokenService.cancelAirdrop',
  'TokenService.updateTokenFeeSchedule',
  'ScheduleService.createSchedule',
  'ScheduleService.signSchedule',
  'ScheduleService.deleteSchedule',
  'ConsensusService.createTopic',
  'ConsensusService.updateTopic',
  'ConsensusService.deleteTopic',
  'ConsensusService.submitMessage',
  'UtilService.prng',
  'UtilService.atomicBatch',
  'FileService.createFile',
  'FileService.appendContent',
  'FileService.updateFile',
  'FileService.deleteFile',
]);

/** How long a submission may wait for consensus before the node answers that it accepted it. */
const ACCEPTED_ANSWER_MS = 2_000;

/** The queries a node charges for, as on Hedera; receipts and balances are free. */
const PAID_QUERIES = new Set([
  'cryptoGetInfo',
  'transactionGetRecord',
  'tokenGetInfo',
  'tokenGetNftInfo',
  'networkGetVersionInfo',
  'consensusGetTopicInfo',
  'scheduleGetInfo',
  'fileGetContents',
  'fileGetInfo',
]);

/** A query's case and the field of the response that answers it, where their names differ. */
const RESPONSE_FIELD: Record<string, string> = { contractGetBytecode: 'contractGetBytecodeResponse' };

type Query = {
  query?: string;
  header?: { responseType?: string };
} & Record<string, unknown>;

type QueryHeader = { responseType?: string; payment?: object };
type QueryBody = {
  header?: QueryHeader;
  topicID?: TopicId;
  accountID?: AccountId;
  transactionID?: TransactionId;
  token?: TokenId;
  nftID?: NftId;
  fileID?: { fileNum?: string };
  scheduleID?: ScheduleId;
} & Record<string, unknown>;

type Unary = (request: unknown) => Promise<object>;

const requestTypeOf = (method: grpc.MethodDefinition<unknown, unknown>) =>
  (method as unknown as { requestType?: { type?: { name?: string } } }).requestType?.type?.name;

const unavailable = (details: string) => ({ code: grpc.status.UNAVAILABLE, details });

/**
 * A grpc-js handler around an async function; a failure the caller can retry is UNAVAILABLE, and so is
 * every call while the node plays being down.
 */
function unary(answer: Unary, isDown: () => boolean): grpc.handleUnaryCall<unknown, object> {
  return (call, callback) => {
    if (isDown()) return callback(unavailable('the node is down'));
    answer(call.request).then(
      (response) => callback(null, response),
      (error: unknown) => callback(unavailable(error instanceof Error ? error.message : String(error))),
    );
  };
}

export type ConsensusNode = GrpcServerHandle;

/**
 * A Hedera consensus node over gRPC (HAPI, from Hedera's own .proto files) in front of the local
 * ledger: the SDKs' `Client.forLocalNode()` and `Client.forNetwork({...})` reach it unchanged. A
 * transaction's bytes go to the same engine as the HTTP route's, so one state stands behind both.
 */
export function createConsensusNode({
  ledger,
  db,
  nodeAccountId = '0.0.3',
  rate,
  addressBook,
}: {
  ledger: LocalLedger;
  db: LedgerDb;
  /** Which of the network's nodes this one is (0.0.3 to 0.0.9). */
  nodeAccountId?: string;
  /** The HBAR rate the exchange rate and fee schedule files state. */
  rate: LocalRate;
  /** The network's nodes as the address book files list them (those listening so far). */
  addressBook: () => NodeEndpoint[];
}): ConsensusNode {
  const answers = createQueryAnswers(db, (transactionId) => ledger.isInFlight(transactionId));
  /**
   * A system file (0.0.101, 0.0.102, 0.0.111, 0.0.112) answered by `answer`; any other file is
   * INVALID_FILE_ID, and the rate files wait for a rate (PLATFORM_NOT_ACTIVE).
   */
  const systemFile = (
    id: QueryBody['fileID'],
    answer: (file: { fileID: object; contents: Buffer }) => Record<string, unknown>,
  ) => {
    const fileNum = Number(id?.fileNum ?? 0);
    const known = (SYSTEM_FILE_NUMBERS as readonly number[]).includes(fileNum);
    if (!known) return { precheck: 'INVALID_FILE_ID' };
    const nowSeconds = Math.floor(Date.now() / 1000);
    const contents = systemFileContents(fileNum, { rate, nodes: addressBook(), nowSeconds });
    if (!contents) return { precheck: 'PLATFORM_NOT_ACTIVE' };
    const fileID = { shardNum: '0', realmNum: '0', fileNum: String(fileNum) };
    return { precheck: 'OK', ...answer({ fileID, contents: Buffer.from(contents) }) };
  };
  const isSystemFile = (id: QueryBody['fileID']) =>
    (SYSTEM_FILE_NUMBERS as readonly number[]).includes(Number(id?.fileNum ?? 0));
  const server = new grpc.Server();
  const { faults } = ledger;
  const isDown = () => faults.isDown(nodeAccountId);

  async function submit(bytes: Buffer) {
    if (faults.takeBusy()) return { nodeTransactionPrecheckCode: 'BUSY' };
    let accepted = false;
    const submitted = ledger.submit(bytes, () => (accepted = true));
    try {
      // A node answers its precheck at once and consensus follows: a transaction accepted and still
      // queued behind others after a while is answered OK (its receipt is UNKNOWN until it lands), so
      // a client's deadline never runs out on a busy ledger and sends it again.
      const result = await Promise.race([submitted, sleep(ACCEPTED_ANSWER_MS, null, { ref: false })]);
      if (result === null && accepted) {
        submitted.catch(() => undefined);
        return { nodeTransactionPrecheckCode: 'OK' };
      }
      const final = result ?? (await submitted);
      // Refused before consensus: the precheck code; else OK, and the outcome is in the receipt.
      return { nodeTransactionPrecheckCode: final.consensusTimestamp === null ? final.status : 'OK' };
    } catch (error) {
      if (error instanceof LedgerUnavailableError)
        return { nodeTransactionPrecheckCode: 'PLATFORM_NOT_ACTIVE' };
      throw error;
    }
  }

  /**
   * A paid query's payment, as a node takes it: a transfer of at least the query's cost to this node,
   * signed by its payer, executed on the ledger. Answers OK, or the code that refuses the query.
   */
  async function takePayment(payment: object | undefined): Promise<string> {
    if (!payment) return 'INSUFFICIENT_TX_FEE';
    const bytes = serializeTransaction(payment);
    let transaction: Transaction;
    try {
      transaction = Transaction.fromBytes(bytes);
    } catch {
      return 'INVALID_TRANSACTION_BODY';
    }
    if (!(transaction instanceof TransferTransaction)) return 'INSUFFICIENT_TX_FEE';
    if (!transaction.nodeAccountIds?.some((node) => node.toString() === nodeAccountId))
      return 'INVALID_NODE_ACCOUNT';
    const paid = transaction.hbarTransfers.get(nodeAccountId);
    if (!paid || BigInt(paid.toTinybars().toString()) < QUERY_FEE_TINYBARS) return 'INSUFFICIENT_TX_FEE';
    try {
      const { status } = await ledger.submit(bytes);
      return status === 'SUCCESS' ? 'OK' : status;
    } catch (error) {
      if (error instanceof LedgerUnavailableError) return 'PLATFORM_NOT_ACTIVE';
      throw error;
    }
  }

  async function answer(query: Query) {
    const kind = query.query ?? '';
    const body = (query[kind] ?? {}) as QueryBody;
    const responseType = body.header?.responseType ?? 'ANSWER_ONLY';
    const field = RESPONSE_FIELD[kind] ?? kind;
    const cost = PAID_QUERIES.has(kind) ? QUERY_FEE_TINYBARS.toString() : '0';
    const header = (precheck: string) => ({ nodeTransactionPrecheckCode: precheck, responseType, cost });
    /** The answer's fields under the response's case, or only the header when the query is refused. */
    const respond = (found: { precheck: string } & Record<string, unknown>) => {
      const { precheck, ...fields } = found;
      return { [field]: { header: header(precheck), ...(precheck === 'OK' ? fields : {}) } };
    };
    if (PAID_QUERIES.has(kind)) {
      if (responseType === 'COST_ANSWER') return respond({ precheck: 'OK' });
      const paid = await takePayment(body.header?.payment);
      if (paid !== 'OK') return respond({ precheck: paid });
    }
    switch (kind) {
      case 'transactionGetReceipt':
        return respond(
          faults.receiptsUnknown()
            ? { precheck: 'OK', receipt: { status: 'UNKNOWN' } }
            : await answers.receipt(body.transactionID, Boolean(body.includeChildReceipts)),
        );
      case 'cryptogetAccountBalance':
        return respond(await answers.balance(body.accountID));
      case 'cryptoGetInfo':
        return respond(await answers.accountInfo(body.accountID));
      case 'transactionGetRecord':
        return respond(await answers.record(body.transactionID, Boolean(body.includeChildRecords)));
      case 'tokenGetInfo':
        return respond(await answers.tokenInfo(body.token));
      case 'tokenGetNftInfo':
        return respond(await answers.nftInfo(body.nftID));
      case 'consensusGetTopicInfo':
        return respond(await answers.topicInfo(body.topicID));
      case 'scheduleGetInfo':
        return respond(await answers.scheduleInfo(body.scheduleID));
      case 'networkGetVersionInfo':
        return respond({ precheck: 'OK', ...answers.version() });
      case 'fileGetContents':
        if (!isSystemFile(body.fileID))
          return respond(await answers.fileContents(Number(body.fileID?.fileNum)));
        return respond(
          systemFile(body.fileID, (file) => ({
            fileContents: { fileID: file.fileID, contents: file.contents },
          })),
        );
      case 'fileGetInfo':
        if (!isSystemFile(body.fileID)) return respond(await answers.fileInfo(Number(body.fileID?.fileNum)));
        return respond(
          systemFile(body.fileID, (file) => ({
            fileInfo: {
              fileID: file.fileID,
              size: String(file.contents.length),
              expirationTime: { seconds: '8000000000', nanos: 0 },
              deleted: false,
              keys: { keys: [] },
              memo: '',
              ledgerId: Buffer.from([3]),
            },
          })),
        );
      default:
        return { [field || 'transactionGetReceipt']: { header: header('NOT_SUPPORTED') } };
    }
  }

  const services = loadHapiServices();
  // A query's payment arrives decoded with the query; the ledger takes it as bytes again.
  const serializeTransaction = services.CryptoService.cryptoTransfer!.requestSerialize as (
    transaction: object,
  ) => Buffer;
  for (const [serviceName, service] of Object.entries(services) as [ServiceName, grpc.ServiceDefinition][]) {
    const definition: Record<string, grpc.MethodDefinition<unknown, unknown>> = {};
    const handlers: grpc.UntypedServiceImplementation = {};
    for (const [methodName, method] of Object.entries(service)) {
      if (requestTypeOf(method) === 'Transaction') {
        // The engine takes the transaction's bytes as signed: they are not decoded here.
        definition[methodName] = { ...method, requestDeserialize: (bytes: Buffer) => bytes };
        handlers[methodName] = unary(
          async (bytes) =>
            SUPPORTED_TRANSACTIONS.has(`${serviceName}.${methodName}`)
              ? submit(bytes as Buffer)
              : { nodeTransactionPrecheckCode: 'NOT_SUPPORTED' },
          isDown,
        );
      } else {
        definition[methodName] = method;
        handlers[methodName] = unary((query) => answer(query as Query), isDown);
      }
    }
    server.addService(definition, handlers);
  }

  return grpcServerHandle(server);
}
