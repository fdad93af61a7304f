import { Long } from '@hashgraph/sdk';
import { proto } from '@hiero-ledger/proto';
import { TRANSACTION_FEE_TINYBARS } from '../ledger-accounts';
import { exchangeRates, type LocalRate } from '../mirror-format';

/** A consensus node as the address book lists it. */
export type NodeEndpoint = { nodeAccountId: string; host: string; port: number };

/** The system files every SDK may read, by number: address books, fee schedules, exchange rates. */
export const SYSTEM_FILE_NUMBERS = [101, 102, 111, 112] as const;

/** The transactions the ledger serves, as the fee schedule prices them (all alike). */
const PRICED = [
  proto.HederaFunctionality.CryptoTransfer,
  proto.HederaFunctionality.CryptoCreate,
  proto.HederaFunctionality.CryptoUpdate,
  proto.HederaFunctionality.CryptoDelete,
  proto.HederaFunctionality.TokenCreate,
  proto.HederaFunctionality.TokenMint,
  proto.HederaFunctionality.TokenBurn,
  proto.HederaFunctionality.TokenAccountWipe,
  proto.HederaFunctionality.TokenAssociateToAccount,
  proto.HederaFunctionality.TokenDelete,
  proto.HederaFunctionality.TokenUpdate,
  proto.HederaFunctionality.TokenUpdateNfts,
  proto.HederaFunctionality.TokenPause,
  proto.HederaFunctionality.TokenUnpause,
  proto.HederaFunctionality.TokenFreezeAccount,
  proto.HederaFunctionality.TokenUnfreezeAccount,
  proto.HederaFunctionality.TokenGrantKycToAccount,
  proto.HederaFunctionality.TokenRevokeKycFromAccount,
  proto.HederaFunctionality.ConsensusCreateTopic,
  proto.HederaFunctionality.ConsensusUpdateTopic,
  proto.HederaFunctionality.ConsensusDeleteTopic,
  proto.HederaFunctionality.ConsensusSubmitMessage,
  proto.HederaFunctionality.UtilPrng,
  proto.HederaFunctionality.FileCreate,
  proto.HederaFunctionality.FileAppend,
  proto.HederaFunctionality.FileUpdate,
  proto.HederaFunctionality.FileDelete,
];

/** An IPv4 address as 4 bytes; anything else goes by name. */
function endpointOf({ host, port }: NodeEndpoint): proto.IServiceEndpoint {
  // A node listening on every interface is reached on this machine.
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const parts = reachable.split('.').map(Number);
  const ipv4 = parts.length === 4 && parts.every((part) => Number.isInteger(part) && part >= 0 && part < 256);
  return ipv4 ? { ipAddressV4: Uint8Array.from(parts), port } : { domainName: reachable, port };
}

/** The nodes as the address book lists them (the files 0.0.101 and 0.0.102, the mirror's `getNodes`). */
export function addressBookEntries(nodes: NodeEndpoint[]): proto.INodeAddress[] {
  return nodes.map((node) => {
    const accountNum = Number(node.nodeAccountId.split('.')[2]);
    return {
      nodeId: Long.fromNumber(accountNum - 3),
      nodeAccountId: { shardNum: Long.ZERO, realmNum: Long.ZERO, accountNum: Long.fromNumber(accountNum) },
      serviceEndpoint: [endpointOf(node)],
      description: `local ledger node ${node.nodeAccountId}`,
    };
  });
}

function addressBook(nodes: NodeEndpoint[]) {
  return proto.NodeAddressBook.encode({ nodeAddress: addressBookEntries(nodes) }).finish();
}

/**
 * Every transaction costs the ledger's flat fee: here in the schedule's unit (thousandths of a
 * tinycent), at the current rate.
 */
function feeSchedules(centsPerHbar: number, expiry: number) {
  const tinycents = (Number(TRANSACTION_FEE_TINYBARS) / 100_000_000) * centsPerHbar * 100_000_000;
  const schedule = (seconds: number): proto.IFeeSchedule => ({
    transactionFeeSchedule: PRICED.map((hederaFunctionality) => ({
      hederaFunctionality,
      fees: [
        {
          subType: proto.SubType.DEFAULT,
          nodedata: { constant: Long.ZERO },
          networkdata: { constant: Long.ZERO },
          servicedata: { constant: Long.fromNumber(Math.round(tinycents * 1000)) },
        },
      ],
    })),
    expiryTime: { seconds: Long.fromNumber(seconds) },
  });
  return proto.CurrentAndNextFeeSchedule.encode({
    currentFeeSchedule: schedule(expiry),
    nextFeeSchedule: schedule(expiry + 3600),
  }).finish();
}

/** A system file's bytes, or null when the ledger has none of that number (or no rate to state). */
export function systemFileContents(
  fileNum: number,
  { rate, nodes, nowSeconds }: { rate: LocalRate; nodes: NodeEndpoint[]; nowSeconds: number },
): Uint8Array | null {
  if (fileNum === 101 || fileNum === 102) return addressBook(nodes);
  const rates = exchangeRates(rate, nowSeconds);
  if (!rates) return null;
  const { current, next } = rates;
  if (fileNum === 112)
    return proto.ExchangeRateSet.encode({
      currentRate: {
        hbarEquiv: current.hbar_equivalent,
        centEquiv: current.cent_equivalent,
        expirationTime: { seconds: Long.fromNumber(current.expiration_time) },
      },
      nextRate: {
        hbarEquiv: next.hbar_equivalent,
        centEquiv: next.cent_equivalent,
        expirationTime: { seconds: Long.fromNumber(next.expiration_time) },
      },
    }).finish();
  if (fileNum === 111)
    return feeSchedules(current.cent_equivalent / current.hbar_equivalent, current.expiration_time);
  return null;
}
