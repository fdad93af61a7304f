import {
  KeyList,
  type FileAppendTransaction,
  type FileCreateTransaction,
  type FileDeleteTransaction,
  type FileUpdateTransaction,
  type Key,
  type Transaction,
} from '@hashgraph/sdk';
import { eq, sql } from 'drizzle-orm';
import { fail, type Tx } from './ledger-state';
import { keyOf, keySatisfied, storedKey } from './ledger-keys';
import { ledgerFiles } from './schema';

// The file service, as Hedera keeps files: contents of up to 1 MB under a key list. Every key of the
// list signs a creation, an append or an update; any one of them signs a deletion. A file with no keys
// cannot be changed or deleted.

/** Hedera's largest file, in bytes. */
export const MAX_FILE_BYTES = 1024 * 1024;
/** Hedera's limit on a file's memo, in UTF-8 bytes. */
const MAX_MEMO_BYTES = 100;

type FileRow = typeof ledgerFiles.$inferSelect;

export const fileNumOf = (fileId: string | undefined) => {
  const match = /^0\.0\.(\d{1,15})$/.exec(fileId ?? '');
  return match ? Number(match[1]) : null;
};

/** A file's key list as kept; none for an empty list (an immutable file). */
function storedKeys(keys: Key[] | null) {
  if (!keys || keys.length === 0) return { keys: null, keysType: null };
  const stored = storedKey(KeyList.from(keys));
  return { keys: stored.key, keysType: stored.type };
}

function checkMemo(memo: string | null | undefined) {
  if (memo && Buffer.byteLength(memo, 'utf8') > MAX_MEMO_BYTES) fail('MEMO_TOO_LONG');
}

const expirationOf = (time: { seconds: { toString(): string } } | null | undefined, nowNs: bigint) =>
  time ? Number(time.seconds.toString()) : Number(nowNs / 1_000_000_000n) + 7_776_000;

/** The file named, not deleted. */
async function liveFile(tx: Tx, fileId: string | undefined): Promise<FileRow> {
  const fileNum = fileNumOf(fileId);
  const [row] =
    fileNum === null ? [] : await tx.select().from(ledgerFiles).where(eq(ledgerFiles.fileNum, fileNum));
  if (!row) return fail('INVALID_FILE_ID');
  if (row.deleted) return fail('FILE_DELETED');
  return row;
}

/** Every key of the file's list signed; a file without keys is not to be changed. */
function assertAllKeysSigned(transaction: Transaction, file: FileRow) {
  if (!file.keys || !file.keysType) return fail('UNAUTHORIZED');
  if (!keySatisfied(transaction, keyOf(file.keys, file.keysType))) fail('INVALID_SIGNATURE');
}

export async function applyFileCreate(
  tx: Tx,
  transaction: FileCreateTransaction,
  consensusNs: bigint,
  consensusTimestamp: string,
): Promise<string> {
  const contents = Buffer.from(transaction.contents ?? new Uint8Array());
  if (contents.length > MAX_FILE_BYTES) fail('MAX_FILE_SIZE_EXCEEDED');
  checkMemo(transaction.fileMemo);
  const keys = storedKeys(transaction.keys);
  if (transaction.keys?.length && !keySatisfied(transaction, KeyList.from(transaction.keys)))
    fail('INVALID_SIGNATURE');
  const expirationSeconds = expirationOf(transaction.expirationTime, consensusNs);
  if (expirationSeconds * 1_000_000_000 <= Number(consensusNs)) fail('INVALID_EXPIRATION_TIME');
  const [row] = await tx
    .insert(ledgerFiles)
    .values({
      fileNum: sql`nextval('ledger_entity_num')`,
      contents,
      ...keys,
      memo: transaction.fileMemo ?? '',
      expirationSeconds,
      createdTimestamp: consensusTimestamp,
      modifiedTimestamp: consensusTimestamp,
    })
    .returning({ fileNum: ledgerFiles.fileNum });
  return `0.0.${row!.fileNum}`;
}

/** Adds to a file's contents (the SDK sends a long append in chunks, each its own transaction). */
export async function applyFileAppend(
  tx: Tx,
  transaction: FileAppendTransaction,
  consensusTimestamp: string,
): Promise<string> {
  const file = await liveFile(tx, transaction.fileId?.toString());
  assertAllKeysSigned(transaction, file);
  const added = Buffer.from(transaction.contents ?? new Uint8Array());
  if (file.contents.length + added.length > MAX_FILE_BYTES) fail('MAX_FILE_SIZE_EXCEEDED');
  await tx
    .update(ledgerFiles)
    .set({ contents: Buffer.concat([file.contents, added]), modifiedTimestamp: consensusTimestamp })
    .where(eq(ledgerFiles.fileNum, file.fileNum));
  return `0.0.${file.fileNum}`;
}

/** Replaces a file's contents, keys, memo or expiry: its keys sign, and new keys sign too. */
export async function applyFileUpdate(
  tx: Tx,
  transaction: FileUpdateTransaction,
  consensusTimestamp: string,
): Promise<string> {
  const file = await liveFile(tx, transaction.fileId?.toString());
  assertAllKeysSigned(transaction, file);
  const changes: Partial<typeof ledgerFiles.$inferInsert> = { modifiedTimestamp: consensusTimestamp };
  if (transaction.contents !== null) {
    const contents = Buffer.from(transaction.contents);
    if (contents.length > MAX_FILE_BYTES) fail('MAX_FILE_SIZE_EXCEEDED');
    changes.contents = contents;
  }
  if (transaction.keys !== null) {
    if (transaction.keys.length > 0 && !keySatisfied(transaction, KeyList.from(transaction.keys)))
      fail('INVALID_SIGNATURE');
    Object.assign(changes, storedKeys(transaction.keys));
  }
  if (transaction.fileMemo !== null) {
    checkMemo(transaction.fileMemo);
    changes.memo = transaction.fileMemo;
  }
  if (transaction.expirationTime) {
    const seconds = Number(transaction.expirationTime.seconds.toString());
    // An expiry only moves later.
    if (seconds < file.expirationSeconds) fail('EXPIRATION_REDUCTION_NOT_ALLOWED');
    changes.expirationSeconds = seconds;
  }
  await tx.update(ledgerFiles).set(changes).where(eq(ledgerFiles.fileNum, file.fileNum));
  return `0.0.${file.fileNum}`;
}

/** Deletes a file: any one key of its list signs. Its contents are gone; its info says deleted. */
export async function applyFileDelete(
  tx: Tx,
  transaction: FileDeleteTransaction,
  consensusTimestamp: string,
): Promise<string> {
  const file = await liveFile(tx, transaction.fileId?.toString());
  if (!file.keys || !file.keysType) return fail('UNAUTHORIZED');
  const list = keyOf(file.keys, file.keysType) as KeyList;
  if (!list.toArray().some((key) => keySatisfied(transaction, key))) fail('INVALID_SIGNATURE');
  await tx
    .update(ledgerFiles)
    .set({ deleted: true, contents: Buffer.alloc(0), modifiedTimestamp: consensusTimestamp })
    .where(eq(ledgerFiles.fileNum, file.fileNum));
  return `0.0.${file.fileNum}`;
}
