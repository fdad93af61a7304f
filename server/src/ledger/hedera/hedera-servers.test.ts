import { DELIVERED_STATUS } from '@registry/contracts/orders';
import { LedgerClient } from '@registry/ledger-client/ledger-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hederaModeEnv,
  startLocalLedgerProcess,
  type LocalLedgerProcess,
} from '../../testing/local-ledger-process';
import { buildServer, startServerProcess, type ServerProcess } from '../../testing/server-process';
import { createScratchPostgres, TEST_DATABASE_URL } from '../../testing/test-databases';
import { waitFor } from '../../testing/wait-for';

type MirrorTransaction = { name: string; result: string; entity_id: string | null };

/**
 * Two registry servers (compiled, every worker on, LEDGER=hedera over gRPC and the mirror REST) started
 * together on one PostgreSQL and an empty network, each selling a name at once: the network gets one
 * .hbar collection, which both servers mint into.
 */
describe.runIf(TEST_DATABASE_URL)('two servers started together on an empty Hedera network', () => {
  let ledger: LocalLedgerProcess;
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let servers: ServerProcess[] = [];
  let operatorId: string;

  beforeAll(async () => {
    buildServer();
    ledger = await startLocalLedgerProcess();
    scratch = await createScratchPostgres(TEST_DATABASE_URL!);
    const operator = await new LedgerClient(ledger.origin).openAccount();
    operatorId = operator.accountId;
    const env = {
      DATABASE_URL: scratch.url,
      ...hederaModeEnv(ledger, operator),
    };
    servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await ledger?.stop();
    await scratch?.drop();
  });

  /** The operator's successful transactions of one kind, read page by page from the network's mirror. */
  async function operatorTransactions(name: string) {
    const found: MirrorTransaction[] = [];
    let next: string | null = `/api/v1/transactions?account.id=${operatorId}&limit=100`;
    while (next) {
      const page = (await (await fetch(`${ledger.origin}/ledger${next}`)).json()) as {
        transactions: MirrorTransaction[];
        links: { next: string | null };
      };
      found.push(...page.transactions.filter((each) => each.name === name && each.result === 'SUCCESS'));
      next = page.links.next;
    }
    return found;
  }

  it('each sells a name at the same moment: one collection on the network, both names delivered into it', async () => {
    const run = Date.now().toString(36);
    const sales = servers.map(async (server, index) => {
      const registry = new LedgerClient(server.origin, { ledgerOrigin: ledger.origin });
      const account = await registry.openAccount();
      const cookie = await registry.signIn(account);
      const name = `first${run}s${index}.hbar`;
      const answer = await registry.purchase(account, cookie, {
        kind: 'domains',
        items: [{ itemName: name, months: 12, isWebProtectionOn: false }],
      });
      expect(answer.resData).toEqual([{ itemName: name, status: 1 }]);
      return { registry, account, cookie, name };
    });
    const sold = await Promise.all(sales);

    // Each server mints its name in the collection one of them created on the network.
    const collections: (string | null)[] = [null, null];
    await waitFor(async () => {
      for (const [index, sale] of sold.entries())
        collections[index] ??= await sale.registry.collectionOf(sale.cookie, sale.name);
      return collections.every(Boolean);
    }, 60_000);
    expect(collections[0]).toMatch(/^0\.0\.\d+$/);
    expect(collections[1]).toBe(collections[0]);
    const created = await operatorTransactions('TOKENCREATION');
    expect(created.map((transaction) => transaction.entity_id)).toEqual([collections[0]]);

    // Once each buyer's wallet associates the collection, each name arrives with its own NFT.
    for (const sale of sold) await sale.registry.collect(sale.account, sale.cookie, sale.name);
    await waitFor(async () => {
      const holders = await ledger.nftHolders(collections[0]!);
      return sold.every((sale) => holders.get(sale.name)?.join() === sale.account.accountId);
    }, 60_000);
    for (const sale of sold)
      await waitFor(
        async () =>
          (await sale.registry.domainsOf(sale.cookie)).find((domain) => domain.itemName === sale.name)
            ?.status === DELIVERED_STATUS,
        30_000,
      );
    for (const server of servers) expect(server.exitCode(), server.stderr()).toBeNull();
  });
});
