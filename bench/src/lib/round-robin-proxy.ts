import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One address in front of several servers: each request goes to the next one in turn. `requests`
 * counts what passed, by path and the names of its filters (paging and order left out: one feed's
 * pages count as one key), so a reader's calls can be counted by what they read.
 */
/** Query parameters that page or order a list rather than choose what it lists. */
const PAGING = new Set(['limit', 'order', 'timestamp', 'serialnumber', 'sequencenumber']);

export async function startRoundRobinProxy(
  origins: string[],
): Promise<{ origin: string; requests: Map<string, number>; stop: () => Promise<void> }> {
  const requests = new Map<string, number>();
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const targets = origins.map((origin) => new URL(origin));
  let next = 0;
  const server: Server = createServer((incoming, outgoing) => {
    const target = targets[next++ % targets.length]!;
    const url = new URL(incoming.url ?? '/', 'http://proxy');
    const filters = [...new Set(url.searchParams.keys())].filter((name) => !PAGING.has(name)).sort();
    const key = filters.length > 0 ? `${url.pathname}?${filters.join('&')}` : url.pathname;
    requests.set(key, (requests.get(key) ?? 0) + 1);
    const forwarded = request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
        agent,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
