import {
  FileAppendTransaction,
  FileContentsQuery,
  FileCreateTransaction,
  FileDeleteTransaction,
  FileInfoQuery,
  FileUpdateTransaction,
  KeyList,
  PrivateKey,
  type Client,
  type FileId,
  type Status,
  type Transaction,
} from '@hashgraph/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerServer } from '../ledger-server';
import { mirrorIdOf, startGrpcLedger, type GrpcLedger } from '../testing/grpc-ledger';
import { ledgerEngineCases } from '../testing/ledger-test-server';

/** The file service over gRPC, as an SDK program uses it: files under key lists, read back by queries. */
describe.each(ledgerEngineCases)('the file service on $engine', ({ open }) => {
  let server: LedgerServer;
  let client: Client;
  let grpc: GrpcLedger | undefined;

  beforeAll(async () => {
    ({ server, client } = grpc = await startGrpcLedger(open));
  });
  afterAll(() => grpc?.close());

  const errorStatus = (error: unknown) => (error as { status?: Status }).status?.toString() ?? String(error);
  /** Executes `transaction` signed by `signers`; its receipt's status (or the precheck's). */
  const run = async <T extends Transaction>(transaction: T, signers: PrivateKey[]) => {
    let frozen = transaction.freezeWith(client);
    for (const signer of signers) frozen = (await frozen.sign(signer)) as T;
    try {
      const response = await frozen.execute(client);
      const receipt = await response.getReceipt(client);
      return { status: receipt.status.toString(), receipt, transactionId: response.transactionId };
    } catch (error) {
      return { status: errorStatus(error), receipt: null, transactionId: null };
    }
  };
  const contentsOf = async (fileId: FileId) => {
    try {
      return Buffer.from(await new FileContentsQuery().setFileId(fileId).execute(client)).toString();
    } catch (error) {
      return errorStatus(error);
    }
  };

  it('creates, appends in chunks, updates and deletes a file, each signed as its key list asks', async () => {
    const [a, b, c] = [
      PrivateKey.generateED25519(),
      PrivateKey.generateECDSA(),
      PrivateKey.generateED25519(),
    ];
    const create = () =>
      new FileCreateTransaction()
        .setKeys([a.publicKey, b.publicKey])
        .setContents('hello')
        .setFileMemo('greetings');
    expect((await run(create(), [a])).status).toBe('INVALID_SIGNATURE');
    const created = await run(create(), [a, b]);
    expect(created.status).toBe('SUCCESS');
    const fileId = created.receipt!.fileId!;
    expect(await contentsOf(fileId)).toBe('hello');

    // 10,000 bytes: the SDK sends them in three chunks, each a transaction the keys sign.
    const tail = 'x'.repeat(9_000) + 'y'.repeat(1_000);
    expect((await run(new FileAppendTransaction().setFileId(fileId).setContents(tail), [a])).status).toBe(
      'INVALID_SIGNATURE',
    );
    expect((await run(new FileAppendTransaction().setFileId(fileId).setContents(tail), [a, b])).status).toBe(
      'SUCCESS',
    );
    expect(await contentsOf(fileId)).toBe(`hello${tail}`);

    const info = await new FileInfoQuery().setFileId(fileId).execute(client);
    expect(info.size.toNumber()).toBe(10_005);
    expect(info.fileMemo).toBe('greetings');
    expect(info.isDeleted).toBe(false);
    expect(info.keys.toArray().map(String)).toEqual([a.publicKey.toString(), b.publicKey.toString()]);

    // A new key list signs too: a and b hand the file to c.
    const handOver = () =>
      new FileUpdateTransaction().setFileId(fileId).setKeys([c.publicKey]).setContents('new');
    expect((await run(handOver(), [a, b])).status).toBe('INVALID_SIGNATURE');
    expect((await run(handOver(), [a, b, c])).status).toBe('SUCCESS');
    expect(await contentsOf(fileId)).toBe('new');
    expect((await run(new FileAppendTransaction().setFileId(fileId).setContents('!'), [a, b])).status).toBe(
      'INVALID_SIGNATURE',
    );

    const deleted = await run(new FileDeleteTransaction().setFileId(fileId), [c]);
    expect(deleted.status).toBe('SUCCESS');
    expect(await contentsOf(fileId)).toBe('FILE_DELETED');
    expect((await new FileInfoQuery().setFileId(fileId).execute(client)).isDeleted).toBe(true);
    expect((await run(new FileAppendTransaction().setFileId(fileId).setContents('!'), [c])).status).toBe(
      'FILE_DELETED',
    );

    // The mirror lists each by its name, with the file as its entity.
    const onMirror = (
      await server.app.inject({
        method: 'GET',
        url: `/ledger/api/v1/transactions/${mirrorIdOf(deleted.transactionId!)}`,
      })
    ).json() as { transactions: { name: string; entity_id: string; result: string }[] };
    expect(onMirror.transactions[0]).toMatchObject({
      name: 'FILEDELETE',
      entity_id: fileId.toString(),
      result: 'SUCCESS',
    });
  });

  it('deletes a file with any one key of its list, and never changes a file without keys', async () => {
    const [a, b] = [PrivateKey.generateED25519(), PrivateKey.generateED25519()];
    const listed = await run(new FileCreateTransaction().setKeys(new KeyList([a.publicKey, b.publicKey])), [
      a,
      b,
    ]);
    expect((await run(new FileDeleteTransaction().setFileId(listed.receipt!.fileId!), [b])).status).toBe(
      'SUCCESS',
    );

    const frozenFile = await run(new FileCreateTransaction().setKeys([]).setContents('for ever'), []);
    expect(frozenFile.status).toBe('SUCCESS');
    const id = frozenFile.receipt!.fileId!;
    expect((await run(new FileAppendTransaction().setFileId(id).setContents('!'), [])).status).toBe(
      'UNAUTHORIZED',
    );
    expect((await run(new FileDeleteTransaction().setFileId(id), [])).status).toBe('UNAUTHORIZED');
    expect(await contentsOf(id)).toBe('for ever');
    expect(await contentsOf(new FileInfoQuery().setFileId('0.0.999999').fileId!)).toBe('INVALID_FILE_ID');
  });
});
