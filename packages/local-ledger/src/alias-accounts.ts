import { PublicKey, type AccountId, type Transaction, type TransferTransaction } from '@hashgraph/sdk';
import { proto } from '@hiero-ledger/proto';
import { eq, sql } from 'drizzle-orm';
import { describeKey } from './ledger-accounts';
import { ecdsaSignersOf } from '@registry/hedera-node/ed25519';
import { keySatisfied } from './ledger-keys';
import { fail, type Tx } from './ledger-state';
import { ledgerAccounts } from './schema';

// Accounts named by alias, as Hedera resolves them: a key alias (HIP-32: an Ed25519 or ECDSA public
// key) or an EVM address (HIP-583). A transfer to an alias no account has makes that account first,
// in a child record of the transfer; an EVM address makes a hollow account (no key) that its ECDSA key
// completes by paying for a transaction.

/** How many accounts one transfer may make (Hedera's limit of preceding child records). */
export const MAX_CHILD_RECORDS = 3;
/** The memos Hedera gives accounts made by a transfer. */
const AUTO_CREATED_MEMO = 'auto-created account';
const LAZY_CREATED_MEMO = 'lazy-created account';

/** An alias as the ledger looks it up: a key alias (hex of HAPI's Key) or an EVM address (hex). */
export type Alias = { aliasKey: string; evmAddress: string | null } | { aliasKey: null; evmAddress: string };

/** An account a transfer made for an alias: its child record names it. */
export type AliasAccount = { accountId: string };

/** HAPI's Key of a public key, serialized, in hex: the alias an account made from it keeps. */
export const aliasKeyOf = (key: PublicKey) =>
  Buffer.from(proto.Key.encode(key._toProtobufKey()).finish()).toString('hex');

/** An EVM address whose first 12 bytes are zero names the account of that number. */
function longZeroNum(evmAddress: string): number | null {
  if (!/^0{24}[0-9a-f]{16}$/.test(evmAddress)) return null;
  const num = BigInt(`0x${evmAddress.slice(24)}`);
  return num <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(num) : null;
}

/** The alias an SDK account id names, or null when it names an account by number. */
export function aliasOfId(id: AccountId): Alias | null {
  if (!id.num.isZero()) return null;
  if (id.aliasKey) {
    const evmAddress = id.aliasKey.type === 'secp256k1' ? id.aliasKey.toEvmAddress().toLowerCase() : null;
    return { aliasKey: aliasKeyOf(id.aliasKey), evmAddress };
  }
  if (id.evmAddress) return { aliasKey: null, evmAddress: id.evmAddress.toString().toLowerCase() };
  return null;
}

/** The alias a HAPI AccountID's `alias` bytes hold: 20 bytes are an EVM address, else a Key. */
export function aliasOfBytes(bytes: Uint8Array): Alias | null {
  if (bytes.length === 20) return { aliasKey: null, evmAddress: Buffer.from(bytes).toString('hex') };
  try {
    const key = proto.Key.decode(bytes);
    const ecdsa = key.ECDSASecp256k1?.length ? PublicKey.fromBytesECDSA(key.ECDSASecp256k1) : null;
    if (!ecdsa && !key.ed25519?.length) return null;
    return {
      aliasKey: Buffer.from(bytes).toString('hex'),
      evmAddress: ecdsa ? ecdsa.toEvmAddress().toLowerCase() : null,
    };
  } catch {
    return null;
  }
}

/**
 * The account an alias names: by its key alias, else by the EVM address (an ECDSA key's, or given),
 * an address of the long-zero form naming the account of that number.
 */
export async function accountNumOfAlias(tx: Pick<Tx, 'select'>, alias: Alias): Promise<number | null> {
  if (alias.aliasKey) {
    const [row] = await tx
      .select({ num: ledgerAccounts.accountNum })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.aliasKey, alias.aliasKey));
    if (row) return row.num;
  }
  if (!alias.evmAddress) return null;
  const longZero = alias.aliasKey ? null : longZeroNum(alias.evmAddress);
  if (longZero !== null) return longZero;
  const [row] = await tx
    .select({ num: ledgerAccounts.accountNum })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.evmAddress, alias.evmAddress));
  return row?.num ?? null;
}

type Named = { id: AccountId; receives: boolean };

/** Every account a transfer names, and whether it receives (HBAR, units or an NFT). */
function accountsNamed(transaction: TransferTransaction): Named[] {
  const named: Named[] = transaction.hbarTransfersList.map((transfer) => ({
    id: transfer.accountId,
    receives: !transfer.amount.isNegative() && !transfer.amount.toTinybars().isZero(),
  }));
  // The SDK keeps each fungible transfer's account id (alias and all) only on its (protected) list.
  const { _tokenTransfers: units } = transaction as unknown as {
    _tokenTransfers: Array<{ accountId: AccountId; amount: { isNegative(): boolean; isZero(): boolean } }>;
  };
  for (const transfer of units)
    named.push({
      id: transfer.accountId,
      receives: !transfer.amount.isNegative() && !transfer.amount.isZero(),
    });
  for (const [, transfers] of transaction.nftTransfers)
    for (const transfer of transfers)
      named.push({ id: transfer.sender, receives: false }, { id: transfer.recipient, receives: true });
  return named;
}

/** Whether a transfer names any account by alias. */
export const namesAliases = (transaction: TransferTransaction) =>
  accountsNamed(transaction).some(({ id }) => aliasOfId(id) !== null);

/**
 * Resolves the aliases a transfer names to accounts, making the accounts of aliases it sends to that
 * none has yet (with unlimited automatic token associations, as Hedera makes them). An alias it takes
 * from must name an account. Returns each named id's account and the accounts made, in order.
 */
export async function resolveTransferAliases(
  tx: Tx,
  transaction: TransferTransaction,
  consensusTimestamp: string,
): Promise<{ idOf: (id: AccountId) => string; made: AliasAccount[] }> {
  const resolved = new Map<string, string>();
  const made: AliasAccount[] = [];
  for (const { id, receives } of accountsNamed(transaction)) {
    const alias = aliasOfId(id);
    const text = id.toString();
    if (!alias || resolved.has(text)) continue;
    const num = await accountNumOfAlias(tx, alias);
    if (num !== null) {
      resolved.set(text, `0.0.${num}`);
      continue;
    }
    if (!receives) fail('INVALID_ACCOUNT_ID');
    if (made.length === MAX_CHILD_RECORDS) fail('MAX_CHILD_RECORDS_EXCEEDED');
    const key = id.aliasKey ? describeKey(id.aliasKey) : null;
    const [row] = await tx
      .insert(ledgerAccounts)
      .values({
        accountNum: sql`nextval('ledger_entity_num')`,
        publicKey: key?.key ?? null,
        keyType: key?.type ?? null,
        memo: key ? AUTO_CREATED_MEMO : LAZY_CREATED_MEMO,
        createdTimestamp: consensusTimestamp,
        evmAddress: alias.evmAddress,
        aliasKey: alias.aliasKey,
        maxAutomaticTokenAssociations: -1,
      })
      .returning({ accountNum: ledgerAccounts.accountNum });
    const accountId = `0.0.${row!.accountNum}`;
    resolved.set(text, accountId);
    made.push({ accountId });
  }
  const idOf = (id: AccountId) =>
    resolved.get(id.toString()) ?? `${id.shard.toString()}.${id.realm.toString()}.${id.num.toString()}`;
  return { idOf, made };
}

/**
 * The key that completes a hollow payer (an account with an EVM address and no key): an ECDSA key of
 * that address that signed the transaction. Null when none did.
 */
export function hollowPayerKey(transaction: Transaction, evmAddress: string): PublicKey | null {
  return (
    ecdsaSignersOf(transaction).find(
      (signer) => signer.toEvmAddress().toLowerCase() === evmAddress && keySatisfied(transaction, signer),
    ) ?? null
  );
}
