import {
  AccountBalanceQuery,
  AccountCreateTransaction,
  Hbar,
  KeyList,
  PrivateKey,
  ScheduleCreateTransaction,
  ScheduleDeleteTransaction,
  ScheduleInfoQuery,
  ScheduleSignTransaction,
  Status,
  Timestamp,
  TransactionReceiptQuery,
  TransferTransaction,
} from '@hashgraph/sdk';
import { describe, expect, it } from 'vitest';
import { GENESIS_ACCOUNT } from '../ledger-accounts';
import { ledgerForSuite, mirrorIdOf } from '../testing/grpc-ledger';
import { ledgerEngineCases } from '../testing/ledger-test-server';
import { expectSchema } from '../testing/mirror-openapi';

/**
 * The schedule service over gRPC: a transfer from an account whose key list needs two signatures is
 * scheduled, signed one key at a time, and runs once both signed, as its own transaction (the
 * schedule's creation id, marked scheduled) that the receipt query and the mirror REST show.
 */
describe.each(ledgerEngineCases)('schedules on $engine', ({ open }) => {
  const ledger = ledgerForSuite(open);
  const { statusOf, execute, mirror } = ledger;

  const hbarOf = async (accountId: string) =>
    (await new AccountBalanceQuery().setAccountId(accountId).execute(ledger.client)).hbars
      .toTinybars()
      .toString();
  /** An account under a 2-of-2 key list, with 10 HBAR. */
  const jointAccount = async () => {
    const keys = [PrivateKey.generateED25519(), PrivateKey.generateECDSA()];
    const created = await new AccountCreateTransaction()
      .setKeyWithoutAlias(KeyList.of(...keys.map((key) => key.publicKey)))
      .setInitialBalance(new Hbar(10))
      .execute(ledger.client);
    return { keys, accountId: (await created.getReceipt(ledger.client)).accountId!.toString() };
  };
  const payOut = (from: string) =>
    new TransferTransaction()
      .addHbarTransfer(from, new Hbar(-1))
      .addHbarTransfer(GENESIS_ACCOUNT, new Hbar(1));

  it('runs a scheduled transfer once every key it needs has signed, one signature at a time', async () => {
    const { keys, accountId } = await jointAccount();
    const adminKey = PrivateKey.generateED25519();
    const created = await execute(
      new ScheduleCreateTransaction()
        .setScheduledTransaction(payOut(accountId))
        .setScheduleMemo('pay out')
        .setAdminKey(adminKey.publicKey),
      [adminKey, keys[0]!],
    );
    const receipt = await created.getReceipt(ledger.client);
    expect(receipt.status.toString()).toBe('SUCCESS');
    const scheduleId = receipt.scheduleId!.toString();
    const scheduledId = receipt.scheduledTransactionId!;
    // The same transaction scheduled again while the first waits is that schedule.
    const again = await execute(
      new ScheduleCreateTransaction()
        .setScheduledTransaction(payOut(accountId))
        .setScheduleMemo('pay out')
        .setAdminKey(adminKey.publicKey),
      [adminKey],
    );
    const identical = await new TransactionReceiptQuery()
      .setTransactionId(again.transactionId)
      .setValidateStatus(false)
      .execute(ledger.client);
    expect(identical.status.toString()).toBe('IDENTICAL_SCHEDULE_ALREADY_CREATED');
    expect(identical.scheduleId?.toString()).toBe(scheduleId);
    expect(identical.scheduledTransactionId?.toString()).toBe(scheduledId.toString());
    expect(scheduledId.scheduled).toBe(true);
    expect(scheduledId.accountId!.toString()).toBe(created.transactionId.accountId!.toString());

    // One of two keys: it waits.
    let info = await new ScheduleInfoQuery().setScheduleId(scheduleId).execute(ledger.client);
    expect([info.executed, info.deleted, info.scheduleMemo]).toEqual([null, null, 'pay out']);
    expect(info.signers?.toArray().map(String)).toContain(keys[0]!.publicKey.toString());
    expect(await hbarOf(accountId)).toBe(String(10 * 100_000_000));

    const signed = await execute(new ScheduleSignTransaction().setScheduleId(scheduleId), [keys[1]!]);
    const signReceipt = await signed.getReceipt(ledger.client);
    expect(signReceipt.status.toString()).toBe('SUCCESS');
    expect(signReceipt.scheduledTransactionId?.toString()).toBe(scheduledId.toString());

    info = await new ScheduleInfoQuery().setScheduleId(scheduleId).execute(ledger.client);
    expect(info.executed).not.toBeNull();
    // The account paid 1 HBAR; the schedule's payer (the creator) paid the scheduled transaction's fee.
    expect(await hbarOf(accountId)).toBe(String(9 * 100_000_000));
    const scheduledReceipt = await new TransactionReceiptQuery()
      .setTransactionId(scheduledId)
      .execute(ledger.client);
    expect(scheduledReceipt.status.toString()).toBe('SUCCESS');
    const { transactions } = await mirror<{
      transactions: { name: string; scheduled: boolean; result: string }[];
    }>(`/transactions/${mirrorIdOf(created.transactionId)}`);
    expect(transactions.map(({ name, scheduled, result }) => [name, scheduled, result])).toEqual([
      ['SCHEDULECREATE', false, 'SUCCESS'],
      ['CRYPTOTRANSFER', true, 'SUCCESS'],
    ]);

    const shown = await mirror<Record<string, unknown>>(`/schedules/${scheduleId}`);
    expectSchema('Schedule', shown);
    expect(shown).toMatchObject({
      schedule_id: scheduleId,
      memo: 'pay out',
      deleted: false,
      payer_account_id: created.transactionId.accountId!.toString(),
      wait_for_expiry: false,
    });
    expect(shown.executed_timestamp).toEqual(expect.any(String));
    expect(
      (shown.signatures as { public_key_prefix: string }[]).map((signature) => signature.public_key_prefix),
    ).toEqual(
      expect.arrayContaining(keys.map((key) => Buffer.from(key.publicKey.toBytesRaw()).toString('base64'))),
    );

    // Run once: a schedule that ran takes no more signatures and is not deleted.
    expect(await statusOf(new ScheduleSignTransaction().setScheduleId(scheduleId), [keys[1]!])).toBe(
      'SCHEDULE_ALREADY_EXECUTED',
    );
    expect(await statusOf(new ScheduleDeleteTransaction().setScheduleId(scheduleId), [adminKey])).toBe(
      'SCHEDULE_ALREADY_EXECUTED',
    );
  });

  it('deletes a schedule with its admin key; one without is immutable; an unknown one is refused', async () => {
    const { keys, accountId } = await jointAccount();
    const adminKey = PrivateKey.generateED25519();
    const create = (admin?: PrivateKey) => {
      const schedule = new ScheduleCreateTransaction().setScheduledTransaction(payOut(accountId));
      if (admin) schedule.setAdminKey(admin.publicKey);
      return schedule;
    };
    expect(await statusOf(create(adminKey), [])).toBe('INVALID_SIGNATURE');
    const withAdmin = (await (await execute(create(adminKey), [adminKey])).getReceipt(ledger.client))
      .scheduleId!;
    const remove = () => new ScheduleDeleteTransaction().setScheduleId(withAdmin);
    expect(await statusOf(remove(), [])).toBe('INVALID_SIGNATURE');
    expect(await statusOf(remove(), [adminKey])).toBe('SUCCESS');
    expect(
      (await new ScheduleInfoQuery().setScheduleId(withAdmin).execute(ledger.client)).deleted,
    ).not.toBeNull();
    expect(await statusOf(new ScheduleSignTransaction().setScheduleId(withAdmin), keys)).toBe(
      'SCHEDULE_ALREADY_DELETED',
    );
    expect(await hbarOf(accountId)).toBe(String(10 * 100_000_000));

    const immutable = (await (await execute(create(), [])).getReceipt(ledger.client)).scheduleId!;
    expect(await statusOf(new ScheduleDeleteTransaction().setScheduleId(immutable), [adminKey])).toBe(
      'SCHEDULE_IS_IMMUTABLE',
    );
    expect(await statusOf(new ScheduleSignTransaction().setScheduleId('0.0.999999'), keys)).toBe(
      'INVALID_SCHEDULE_ID',
    );
  });

  it('holds a schedule that waits for its expiry until then, and runs it then with no other transaction', async () => {
    const { keys, accountId } = await jointAccount();
    const expiry = new Date(Date.now() + 3_000);
    const created = await execute(
      new ScheduleCreateTransaction()
        .setScheduledTransaction(payOut(accountId))
        .setWaitForExpiry(true)
        .setExpirationTime(Timestamp.fromDate(expiry)),
      keys,
    );
    const scheduleId = (await created.getReceipt(ledger.client)).scheduleId!;
    const executedAt = async () =>
      (await mirror<{ executed_timestamp: string | null }>(`/schedules/${scheduleId}`)).executed_timestamp;
    // Every signature is there, and it still waits.
    expect(
      (await new ScheduleInfoQuery().setScheduleId(scheduleId).execute(ledger.client)).executed,
    ).toBeNull();
    expect(await executedAt()).toBeNull();
    expect(await hbarOf(accountId)).toBe(String(10 * 100_000_000));
    await expect.poll(executedAt, { timeout: 8_000, interval: 250 }).not.toBeNull();
    expect(Number((await executedAt())!) * 1000).toBeGreaterThanOrEqual(expiry.getTime());
    expect(await hbarOf(accountId)).toBe(String(9 * 100_000_000));
    // Expired, it is gone from the node's state; the mirror keeps it.
    await expect(
      new ScheduleInfoQuery().setScheduleId(scheduleId).execute(ledger.client),
    ).rejects.toMatchObject({
      status: Status.InvalidScheduleId,
    });
  });
});
