import { AccountId, Hbar, TransactionId, TransferTransaction } from '@hashgraph/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCases } from '../../testing/test-databases';
import { startTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

describe.each(engineCases)('the claim promotion on $engine', ({ open }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(open, {}, { claimToken: true });
  });
  afterAll(() => t.close());

  const eligibility = async (user: SignedIn) =>
    (
      await t.app.inject({ method: 'GET', url: '/api/claim/eligibility', headers: { cookie: user.cookie } })
    ).json();
  const quote = async (user: SignedIn, itemName: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/orders/quote',
      headers: { cookie: user.cookie },
      payload: { kind: 'claim', itemName },
    });
    return { status: response.statusCode, body: response.json() };
  };

  it('is refused to an account without the claim token', async () => {
    const user = await t.signIn();
    expect(await eligibility(user)).toEqual({ status: 0, msg: 'This Wallet is not eligible for claiming' });
    const refused = await quote(user, t.uniqueName('blade'));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: 'NOT_ELIGIBLE',
      message: 'This Wallet is not eligible for claiming',
    });
  });

  it('gives a holder one 12-month domain, then answers 2 (already claimed)', async () => {
    const holder = await t.signIn();
    await t.writer.mintTo(t.claimTokenId!, holder.accountId, holder.key, 'claim pass');
    expect(await eligibility(holder)).toEqual({ status: 1, msg: 'Eligible' });

    const name = t.uniqueName('blade');
    const quoted = await quote(holder, name);
    expect(quoted.status).toBe(200);
    expect(quoted.body).toMatchObject({
      kind: 'claim',
      totalHbar: 10,
      lines: [{ itemName: name, months: 12 }],
    });

    const amount = BigInt(quoted.body.amountTinybars);
    const payment = new TransferTransaction()
      .addHbarTransfer(holder.accountId, Hbar.fromTinybars((-amount).toString()))
      .addHbarTransfer(quoted.body.treasuryAccountId, Hbar.fromTinybars(amount.toString()))
      .setTransactionMemo(quoted.body.memo)
      .setTransactionId(TransactionId.generate(holder.accountId))
      .setNodeAccountIds([new AccountId(3)])
      .freeze();
    await payment.sign(holder.key);
    expect((await t.ledger.submit(payment.toBytes())).status).toBe('SUCCESS');
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/confirm',
      headers: { cookie: holder.cookie },
      payload: { orderId: quoted.body.orderId, transactionId: payment.transactionId!.toString() },
    });
    expect(confirmed.json().resData).toEqual([{ itemName: name, status: 1 }]);

    expect(await eligibility(holder)).toEqual({ status: 2, msg: 'Reward already claimed' });
    const again = await quote(holder, t.uniqueName('blade'));
    expect(again.body).toEqual({ code: 'ALREADY_CLAIMED', message: 'Reward already claimed' });
  });

  it('cannot be used twice by opening two claim quotes before paying either', async () => {
    const holder = await t.signIn();
    await t.writer.mintTo(t.claimTokenId!, holder.accountId, holder.key, 'claim pass');
    const first = (await t.quote(holder, { kind: 'claim', itemName: t.uniqueName('blade') })).body;
    const second = (await t.quote(holder, { kind: 'claim', itemName: t.uniqueName('blade') })).body;
    expect(first.orderId).not.toBe(second.orderId);

    const payFor = async (quoted: typeof first) => {
      const paid = await t.pay(holder, quoted.treasuryAccountId, BigInt(quoted.amountTinybars), quoted.memo);
      return t.confirm(holder, quoted.orderId, paid.transactionId);
    };
    const balanceBefore = (await t.ledger.balanceTinybars(holder.accountId))!;
    const [firstAnswer, secondAnswer] = [await payFor(first), await payFor(second)];
    // The second quote replaced the first: the first payment goes back, the second claims.
    expect(firstAnswer.status).toBe(409);
    expect(firstAnswer.body.code).toBe('QUOTE_EXPIRED');
    expect(secondAnswer.status).toBe(200);
    await t.app.jobWorker!.kick();
    const claimed = await t.database.db.execute<{ count: number }>(
      `select count(*)::int as count from orders where account_id = '${holder.accountId}' and kind = 'claim' and status in ('paid', 'completed')`,
    );
    expect(claimed.rows[0]!.count).toBe(1);
    // One claim paid (10 HBAR) and two network fees; the first payment came back.
    expect(await t.ledger.balanceTinybars(holder.accountId)).toBe(balanceBefore - 1_000_000_000n - 200_000n);
  });

  it('holds one open claim per account even when quotes race', async () => {
    const holder = await t.signIn();
    await t.writer.mintTo(t.claimTokenId!, holder.accountId, holder.key, 'claim pass');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.quote(holder, { kind: 'claim', itemName: t.uniqueName('blade') })),
    );
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    const open = await t.database.db.execute<{ count: number }>(
      `select count(*)::int as count from orders where account_id = '${holder.accountId}' and kind = 'claim' and status = 'quoted'`,
    );
    expect(open.rows[0]!.count).toBe(1);
  });
});

describe.each(engineCases)('the local claim pass on $engine', ({ open }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(open);
  });
  afterAll(() => t.close());

  it('is the claim token of the local ledger: an account that associates it and gets a pass is eligible', async () => {
    const pass = await t.app.inject({ method: 'GET', url: '/ledger/claim-pass' });
    expect(pass.statusCode).toBe(200);
    const { tokenId } = pass.json<{ tokenId: string }>();
    const user = await t.signIn();
    const eligibility = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/claim/eligibility', headers: { cookie: user.cookie } })
      ).json();
    expect(await eligibility()).toEqual({ status: 0, msg: 'This Wallet is not eligible for claiming' });

    const give = () =>
      t.app.inject({ method: 'POST', url: '/ledger/claim-pass', payload: { accountId: user.accountId } });
    const unassociated = await give();
    expect(unassociated.statusCode).toBe(409);
    expect(unassociated.json()).toMatchObject({ code: 'NOT_ASSOCIATED' });

    await t.writer.associate(user.accountId, user.key, tokenId);
    const given = await give();
    expect(given.statusCode).toBe(200);
    expect(given.json()).toMatchObject({ tokenId });
    expect(await eligibility()).toEqual({ status: 1, msg: 'Eligible' });
  });

  it('gives passes to clients on this machine only', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/ledger/claim-pass',
      remoteAddress: '203.0.113.7',
      payload: { accountId: '0.0.1234' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'LOOPBACK_ONLY' });
  });
});
