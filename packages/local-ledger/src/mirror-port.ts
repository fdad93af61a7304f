import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';

const MIRROR_PREFIX = '/api/v1/';
const LEDGER_MIRROR_PREFIX = '/ledger/api/v1/';

/**
 * The mirror REST on a port of its own at `/api/v1`, as hiero-local-node lays it out (5551): what
 * `Client.forLocalNode()` reads as its mirror. The same routes answer as under `/ledger/api/v1` (the
 * links they return included); nothing else of the ledger (faucet, control) is reachable here.
 */
export function listenMirrorRest(
  app: FastifyInstance,
  host: string,
  port: number,
): Promise<Server & { port: number }> {
  const server = createServer((request, response) => {
    const url = request.url ?? '/';
    if (url.startsWith(MIRROR_PREFIX) || url === MIRROR_PREFIX.slice(0, -1)) request.url = `/ledger${url}`;
    else if (!url.startsWith(LEDGER_MIRROR_PREFIX)) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ _status: { messages: [{ message: 'Not found' }] } }));
      return;
    }
    app.routing(request, response);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve(Object.assign(server, { port: typeof address === 'object' && address ? address.port : port }));
    });
  });
}
