import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { auditRegistry } from '@registry/audit/audit';
import { parseJournalMessage } from '@registry/contracts/journal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCases } from '../../testing/test-databases';
import { startTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

describe.each(engineCases)('the journal on the ledger on $engine', ({ open }) => {
  let t: TestApp;
  let owner: SignedIn;
  let name: string;
  let other: string;
  let origin: string;
  beforeAll(async () => {
    t = await startTestApp(open);
    owner = await t.signIn();
    name = (await t.buyDomain(owner, t.uniqueName(), { subscribed: true })).name;
    other = (await t.buyDomain(owner)).name;
    await t.purchase(owner, { kind: 'extend', itemName: name, months: 24 });
    await t.purchase(owner, { kind: 'web-protection', itemName: name });
    const mine = (method: 'PUT' | 'POST', url: string, payload: object) =>
      t.app.inject({ method, url, headers: { cookie: owner.cookie }, payload });
    await mine('PUT', `/api/my/domains/${name}/records`, {
      field: 'siteAddress',
      value: 'https://alpha.example.com/',
    });
    await mine('PUT', `/api/my/domains/${name}/records`, {
      field: 'twitter',
      value: 'https://twitter.com/alpha',
    });
    await t.purchase(owner, { kind: 'record-fee', itemName: name });
    await mine('POST', `/api/my/domains/${name}/records/status`, { flag: 'statusSiteAddress' });
    // A record too long for one message is journaled by its hash.
    await mine('PUT', `/api/my/domains/${name}/records`, {
      field: 'web3Asset',
      value: `https://example.com/${'a'.repeat(900)}`,
    });
    await mine('PUT', '/api/my/primary-name', { name });
    await t.buySubdomain(owner, name, 'blog');
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    t.app.server.closeAllConnections();
    await t.close();
  });

  /** The audit as anyone runs it: the command, over HTTP, against the registry and the mirror it names. */
  const auditCommand = (...args: string[]) =>
    new Promise<{ code: number; output: string }>((resolve) => {
      const bin = fileURLToPath(
        new URL('../../../../packages/audit/bin/registry-audit.mjs', import.meta.url),
      );
      execFile(process.execPath, [bin, '--registry', origin, ...args], (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code) : 0, output: `${stdout}${stderr}` }),
      );
    });

  /** `fetch` answered by the server in-process (the audit reads the API and the local mirror through it). */
  const serverFetch: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const response = await t.app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/json', origin: 'http://localhost' },
      ...(init?.body ? { payload: String(init.body) } : {}),
    });
    return new Response(new Uint8Array(response.rawPayload), { status: response.statusCode });
  };
  const audit = () => auditRegistry({ registry: 'http://localhost', fetch: serverFetch });

  const publishAll = async () => {
    while ((await t.app.journalPublisher!.publish()) > 0);
  };
  const topicMessages = async () => {
    const { topicId } = (await t.app.inject({ method: 'GET', url: '/api/journal' })).json() as {
      topicId: string;
    };
    const page = await t.app.inject({
      method: 'GET',
      url: `/ledger/api/v1/topics/${topicId}/messages?limit=100`,
    });
    return (page.json() as { messages: { sequence_number: number; message: string }[] }).messages.map(
      (item) => ({
        sequenceNumber: item.sequence_number,
        message: parseJournalMessage(Buffer.from(item.message, 'base64').toString('utf8'))!,
      }),
    );
  };

  it('sends every committed change once, in order, to a topic only the registry writes', async () => {
    await publishAll();
    const info = (await t.app.inject({ method: 'GET', url: '/api/journal' })).json();
    expect(info).toMatchObject({ unsent: 0, topicId: expect.stringMatching(/^0\.0\.\d+$/) });
    const topic = (
      await t.app.inject({ method: 'GET', url: `/ledger/api/v1/topics/${info.topicId}` })
    ).json();
    expect(topic.memo).toBe('hcs-2:0:86400');
    expect(topic.submit_key).not.toBeNull();

    const messages = await topicMessages();
    expect(messages.every((item) => item.message !== null)).toBe(true);
    expect(messages.map((item) => item.sequenceNumber)).toEqual(messages.map((_item, index) => index + 1));
    const events = (about: string) =>
      messages.filter((item) => item.message.uid === about).map((item) => item.message.e);
    expect(events(name)).toEqual([
      'registered',
      'minted',
      'subscribed',
      'extended',
      'web-protection',
      'record',
      'record',
      'record-fee',
      'record-active',
      'record',
      'primary',
    ]);
    expect(events(`blog.${name}`)).toEqual(['registered', 'minted']);
    expect(events(other)).toEqual(['registered', 'minted']);
    const registered = messages.find((item) => item.message.uid === name)!.message;
    expect(registered).toMatchObject({ p: 'hcs-2', op: 'register', v: 1, d: { holder: owner.accountId } });
    expect(messages.every((item) => Buffer.byteLength(JSON.stringify(item.message)) <= 1024)).toBe(true);
    const { rows } = await t.database.db.execute<{ sent: number }>(
      sql`select count(*)::int as sent from journal_entries where sequence_number is not null`,
    );
    expect(rows[0]!.sent).toBe(messages.length);
  });

  it('finds a message already on the topic instead of sending it again (a crash before its number was kept)', async () => {
    const before = await topicMessages();
    // As if the server died after the network took the message and before it recorded the number.
    await t.database.db.execute(
      sql`update journal_entries set sequence_number = null, consensus_timestamp = null
          where position = (select max(position) from journal_entries)`,
    );
    await publishAll();
    expect(await topicMessages()).toHaveLength(before.length);
    const { rows } = await t.database.db.execute<{ last: string }>(
      sql`select max(sequence_number)::text as last from journal_entries`,
    );
    expect(Number(rows[0]!.last)).toBe(before.length);
  });

  it('the audit finds no difference between the registry and the ledger', async () => {
    await publishAll();
    const report = await audit();
    expect(report.differences).toEqual([]);
    expect(report.names).toBe(3);
    expect(report.nfts).toBe(3);
    const { code, output } = await auditCommand();
    expect(output.trim().split('\n').at(-1)).toBe('0 differences');
    expect(code).toBe(0);
  });

  it('the audit command says when it cannot read the registry', async () => {
    const bin = fileURLToPath(new URL('../../../../packages/audit/bin/registry-audit.mjs', import.meta.url));
    const answer = await new Promise<{ code: number; output: string }>((resolve) =>
      execFile(process.execPath, [bin, '--registry', 'http://127.0.0.1:9'], (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code) : 0, output: `${stdout}${stderr}` }),
      ),
    );
    expect(answer.code).toBe(2);
    expect(answer.output).toContain('registry-audit: http://127.0.0.1:9/api/journal');
  });

  it('follows a name released and sold again: its old NFT burned, the new holder registered', async () => {
    const resold = (await t.buyDomain(owner)).name;
    const expired = await t.app.inject({
      method: 'POST',
      url: '/ledger/domain-expiry',
      payload: { domainName: resold, expiresAt: new Date(Date.now() - 400 * 86_400_000).toISOString() },
    });
    expect(expired.statusCode).toBe(200);
    await t.app.releaseSweeper.round();
    await t.runQueuedJobsNow();
    const nextBuyer = await t.signIn();
    await t.buyDomain(nextBuyer, resold);
    await publishAll();
    const events = (await topicMessages())
      .filter((item) => item.message.uid === resold)
      .map((item) => item.message.e);
    expect(events).toEqual(['registered', 'minted', 'expiry', 'burned', 'registered', 'minted']);
    const report = await audit();
    expect(report.differences).toEqual([]);
    const answer = (await t.app.inject({ method: 'GET', url: `/api/resolve/${resold}` })).json();
    expect(answer).toMatchObject({ accountId: nextBuyer.accountId });
  });

  it('the audit names an expiry, a holder and a record changed behind the journal', async () => {
    const { db } = t.database;
    await db.execute(
      sql`update domains set expires_at = expires_at + interval '1 year' where name = ${other}`,
    );
    await db.execute(sql`update domains set owner_account = '0.0.999999' where name = ${`blog.${name}`}`);
    await db.execute(
      sql`update domain_records set twitter = 'https://twitter.com/mallory' where domain_name = ${name}`,
    );
    const report = await audit();
    expect(report.differences.map((difference) => [difference.name, difference.kind])).toEqual(
      [
        [name, 'record'],
        [`blog.${name}`, 'holder'],
        [other, 'expiry'],
      ].sort((a, b) => a[0]!.localeCompare(b[0]!)),
    );
    const { code, output } = await auditCommand('--settle', '0');
    expect(code).toBe(1);
    const lines = output.trim().split('\n');
    const found = lines.filter((line) => line.includes(': registry says '));
    expect(found).toHaveLength(3);
    expect(found).toContain(
      `${name}: record: registry says twitter = https://twitter.com/mallory; ledger says twitter = https://twitter.com/alpha`,
    );
    expect(found).toContain(`blog.${name}: holder: registry says 0.0.999999; ledger says ${owner.accountId}`);
    expect(found.some((line) => line.startsWith(`${other}: expiry: registry says `))).toBe(true);
    expect(lines.at(-1)).toBe('3 differences');
  });
});

describe('the journal status route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engineCases[0]!.open, { RATE_LIMIT_SEARCH: '3' });
  });
  afterAll(() => t.close());

  it('is limited per address as the other public reads are', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++)
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/journal' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await t.app.inject({ method: 'GET', url: '/api/journal' });
    expect(limited.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});
