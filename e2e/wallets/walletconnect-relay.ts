import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

/** One socket connected to the relay: a page's (through Playwright) or a wallet's. */
export type RelayPeer = {
  /** What arrived from the socket. */
  receive(text: string): void;
  close(): void;
};

type Stored = {
  topic: string;
  message: string;
  publishedAt: number;
  tag: number;
  expiresAt: number;
  from: string;
};
/** A socket, and the client behind it (one client may reconnect on a new socket). */
type Connection = { client: string; send(text: string): void; delivered: Set<string> };

type Request = { id: number | string; method: string; params?: Record<string, unknown> };

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

/** The client a socket belongs to: the issuer of the relay auth token in its URL (its did:key). */
function clientOf(url: string, fallback: string): string {
  try {
    const token = new URL(url).searchParams.get('auth');
    const payload = JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString()) as {
      iss?: string;
    };
    return payload.iss ?? fallback;
  } catch {
    return fallback;
  }
}

/**
 * A WalletConnect relay for tests: the relay's JSON-RPC over WebSocket (`irn_subscribe`,
 * `irn_publish`, `irn_subscription`, the batch forms, `irn_batchFetchMessages`, and the
 * `wc_proposeSession` / `wc_approveSession` publishes of the sign protocol), routed by topic. The peers
 * encrypt end to end, so it only forwards; a message published before anyone subscribed waits for the
 * first subscriber, as on the real relay, until its TTL runs out.
 */
export class WalletConnectRelay {
  private readonly subscribers = new Map<string, Map<Connection, string>>();
  private readonly stored = new Map<string, Stored[]>();
  private nextConnection = 1;
  /** Which stored messages each client has had, across its sockets. */
  private readonly deliveredTo = new Map<string, Set<string>>();
  private nextRequest = Date.now() * 1000;
  /** Every method a peer called, in order: what a test may check of the traffic. */
  readonly calls: string[] = [];

  /** A peer whose frames `send` carries back to its socket, opened at `url`. */
  connect(send: (text: string) => void, url: string): RelayPeer {
    const client = clientOf(url, `socket-${this.nextConnection++}`);
    if (!this.deliveredTo.has(client)) this.deliveredTo.set(client, new Set());
    const connection: Connection = { client, send, delivered: this.deliveredTo.get(client)! };
    return {
      receive: (text) => this.receive(connection, text),
      close: () => {
        for (const subscribers of this.subscribers.values()) subscribers.delete(connection);
      },
    };
  }

  /** The relay on a WebSocket port of its own (`ws://127.0.0.1:port`), for wallets in this process. */
  async listen(): Promise<{ url: string; close(): Promise<void> }> {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    server.on('connection', (socket, request) => {
      const peer = this.connect((text) => socket.send(text), `ws://127.0.0.1${request.url ?? '/'}`);
      socket.on('message', (data) => peer.receive(String(data)));
      socket.on('close', () => peer.close());
    });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    return {
      url: `ws://127.0.0.1:${port}`,
      close: () =>
        new Promise<void>((resolve) => {
          for (const client of server.clients) client.terminate();
          server.close(() => resolve());
        }),
    };
  }

  private receive(connection: Connection, text: string) {
    let request: Request;
    try {
      request = JSON.parse(text) as Request;
    } catch {
      return;
    }
    // A peer acknowledging a delivered message.
    if (!request.method) return;
    this.calls.push(request.method);
    const params = request.params ?? {};
    const answer = (result: unknown) =>
      connection.send(JSON.stringify({ id: request.id, jsonrpc: '2.0', result }));
    switch (request.method) {
      case 'irn_subscribe':
        return answer(this.subscribe(connection, params.topic as string));
      case 'irn_batchSubscribe':
        return answer((params.topics as string[]).map((topic) => this.subscribe(connection, topic)));
      case 'irn_unsubscribe':
        this.subscribers.get(params.topic as string)?.delete(connection);
        return answer(true);
      case 'irn_batchUnsubscribe':
        for (const { topic } of params.subscriptions as { topic: string }[])
          this.subscribers.get(topic)?.delete(connection);
        return answer(true);
      case 'irn_publish':
        this.publish(connection, params);
        return answer(true);
      case 'irn_batchPublish':
        for (const message of params.messages as Record<string, unknown>[]) this.publish(connection, message);
        return answer(true);
      case 'irn_batchFetchMessages':
        return answer({ messages: this.waiting(connection, params.topics as string[]), hasMore: false });
      // The sign protocol's own publishes subscribe their sender too: the proposer to the pairing topic
      // (for the wallet's answer), the wallet to the new session's topic.
      case 'wc_proposeSession':
        this.subscribe(connection, params.pairingTopic as string);
        this.publish(connection, { ...params, topic: params.pairingTopic, message: params.sessionProposal });
        return answer(true);
      case 'wc_approveSession':
        this.subscribe(connection, params.sessionTopic as string);
        this.publish(connection, {
          ...params,
          topic: params.pairingTopic,
          message: params.sessionProposalResponse,
        });
        this.publish(connection, {
          ...params,
          topic: params.sessionTopic,
          message: params.sessionSettlementRequest,
        });
        return answer(true);
      default:
        return connection.send(
          JSON.stringify({
            id: request.id,
            jsonrpc: '2.0',
            error: { code: -32601, message: 'Method not found' },
          }),
        );
    }
  }

  private subscribe(connection: Connection, topic: string): string {
    const id = hash(`${topic}:${connection.client}`);
    if (!this.subscribers.has(topic)) this.subscribers.set(topic, new Map());
    this.subscribers.get(topic)!.set(connection, id);
    // What was published before this subscriber came.
    queueMicrotask(() => {
      for (const message of this.waiting(connection, [topic])) this.deliver(connection, id, message);
    });
    return id;
  }

  private publish(from: Connection, params: Record<string, unknown>) {
    const now = Date.now();
    const message: Stored = {
      topic: params.topic as string,
      message: params.message as string,
      publishedAt: now,
      tag: Number(params.tag ?? 0),
      expiresAt: now + Number(params.ttl ?? 300) * 1000,
      from: from.client,
    };
    const kept = (this.stored.get(message.topic) ?? []).filter((each) => each.expiresAt > now);
    this.stored.set(message.topic, [...kept, message]);
    for (const [connection, id] of this.subscribers.get(message.topic) ?? [])
      if (connection !== from) this.deliver(connection, id, message);
  }

  /** Messages on `topics` from other peers this one has not had yet (marked as had). */
  private waiting(connection: Connection, topics: string[]) {
    const now = Date.now();
    return topics
      .flatMap((topic) => this.stored.get(topic) ?? [])
      .filter(
        (each) =>
          each.expiresAt > now &&
          each.from !== connection.client &&
          !connection.delivered.has(hash(each.message)),
      )
      .map((each) => {
        connection.delivered.add(hash(each.message));
        return { topic: each.topic, message: each.message, publishedAt: each.publishedAt, tag: each.tag };
      });
  }

  private deliver(
    connection: Connection,
    subscriptionId: string,
    message: Stored | ReturnType<WalletConnectRelay['waiting']>[number],
  ) {
    connection.delivered.add(hash(message.message));
    const data = {
      topic: message.topic,
      message: message.message,
      publishedAt: message.publishedAt,
      tag: message.tag,
    };
    connection.send(
      JSON.stringify({
        id: (this.nextRequest += 1),
        jsonrpc: '2.0',
        method: 'irn_subscription',
        params: { id: subscriptionId, data },
      }),
    );
  }
}
