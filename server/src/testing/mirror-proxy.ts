import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type MirrorProxy = {
  /** Where the registry reads the mirror REST through this proxy (MIRROR_NODE_URL). */
  mirrorUrl: string;
  /** While down, every connection is cut as an unreachable mirror node's would be. */
  setDown(down: boolean): void;
  /** The `timestamp=gt:` cursor of each read of the network's transfers that reached the mirror, in order. */
  transferReads(): string[];
  close(): Promise<void>;
};

const TRANSFERS_FEED_READ = /[?&]transactiontype=CRYPTOTRANSFER\b/;

/**
 * A registry server's road to the mirror node of a ledger process: the way it reads the feeds can be
 * watched, and the mirror taken away from it while the ledger's consensus nodes go on.
 */
export async function startMirrorProxy(ledgerOrigin: string): Promise<MirrorProxy> {
  let down = false;
  const reads: string[] = [];
  const server = http.createServer((request, response) => {
    if (down) {
      request.socket.destroy();
      return;
    }
    const url = request.url ?? '/';
    void fetch(`${ledgerOrigin}${url}`, { method: request.method, headers: { accept: 'application/json' } })
      .then(async (answer) => {
        const body = Buffer.from(await answer.arrayBuffer());
        if (TRANSFERS_FEED_READ.test(url))
          reads.push(decodeURIComponent(/timestamp=gt(?::|%3A)([^&]+)/.exec(url)?.[1] ?? 'next-page'));
        response.writeHead(answer.status, {
          'content-type': answer.headers.get('content-type') ?? 'text/plain',
        });
        response.end(body);
      })
      .catch(() => request.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    mirrorUrl: `http://127.0.0.1:${port}/ledger`,
    setDown: (value) => {
      down = value;
    },
    transferReads: () => [...reads],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
