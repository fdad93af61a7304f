import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Serves the embed demo page from a second origin (127.0.0.1 on a port of its own), as a third-party
 * site would, with the product's server address filled in.
 */
export async function serveEmbedDemo(
  productServer: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const template = await readFile(new URL('./index.html', import.meta.url), 'utf8');
  const page = template.replaceAll('{{SERVER}}', productServer);
  const server: Server = createServer((request, response) => {
    if (request.url === '/' || request.url === '/index.html') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page);
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
