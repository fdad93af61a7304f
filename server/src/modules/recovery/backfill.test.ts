import { sql } from 'drizzle-orm';
import { auditRegistry } from '@registry/audit/audit';
import { parseJournalMessage } from '@registry/contracts/journal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCases } from '../../testing/test-databases';
import { startTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

describe.each(engineCases)('a registry that ran before its journal, on $engine', ({ open }) => {
  let t: TestApp;
  let owner: SignedIn;
  let name: string;
  let other: string;
  beforeAll(async () => {
    t = await startTestApp(open);
    owner = await t.signIn();
    name = (await t.buyDomain(owner, t.uniqueName(), { subscribed: true })).name;
    other = (await t.buyDomain(await t.signIn())).name;
    const mine = (method: 'PUT' | 'POST', url: string, payload: object) =>
      t.app.inject({ method, url, headers: { cookie: owner.cookie }, payload });
    await mine('PUT', `/api/my/domains/${name}/records`, {
      field: 'siteAddress',
      value: 'https://before.example/',
    });
    await t.purchase(owner, { kind: 'record-fee', itemName: name });
    await mine('POST', `/api/my/domains/${name}/records/status`, { flag: 'statusSiteAddress' });
    await mine('PUT', '/api/my/primary-name', { name });
    // As it stood before it had a journal: names, records and primary names, no entry and no topic.
    await t.database.db.execute(sql`delete from journal_entries`);
  });
  afterAll(() => t.close());

  const serverFetch: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const response = await t.app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/json' },
      ...(init?.body ? { payload: String(init.body) } : {}),
    });
    return new Response(new Uint8Array(response.rawPayload), { status: response.statusCode });
  };

  it('journals what it holds once, and the audit then finds the registry as the ledger says', async () => {
    const before = await t.app.recovery!.catchUp();
    expect(before.phase).toBe('level');
    while ((await t.app.journalPublisher!.publish()) > 0);
    const { topicId } = (await t.app.inject({ method: 'GET', url: '/api/journal' })).json() as {
      topicId: string;
    };
    const page = await t.app.inject({
      method: 'GET',
      url: `/ledger/api/v1/topics/${topicId}/messages?limit=100`,
    });
    const messages = (page.json() as { messages: { message: string }[] }).messages.map((item) =>
      parseJournalMessage(Buffer.from(item.message, 'base64').toString('utf8'))!,
    );
    expect(messages.filter((message) => message.uid === name).map((message) => message.e)).toEqual([
      'registered',
      'minted',
      'subscribed',
      'record',
      'record-active',
      'primary',
    ]);
    expect(messages.filter((message) => message.uid === other).map((message) => message.e)).toEqual([
      'registered',
      'minted',
    ]);
    expect(messages.find((message) => message.uid === name && message.e === 'registered')).toMatchObject({
      d: { holder: owner.accountId, payment: expect.stringMatching(/^0\.0\.\d+-\d+-\d+$/) },
    });

    const report = await auditRegistry({ registry: 'http://localhost', fetch: serverFetch });
    expect(report.differences).toEqual([]);
    expect(report.names).toBe(2);

    // Once: the journal is no longer empty.
    await t.app.recovery!.catchUp();
    const { rows } = await t.database.db.execute<{ entries: number }>(
      sql`select count(*)::int as entries from journal_entries`,
    );
    expect(rows[0]!.entries).toBe(messages.length);
  });
});
