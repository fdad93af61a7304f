import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { AccountId, Client, PrivateKey } from '@hashgraph/sdk';

export type LocalLedgerProcess = {
  /** Its HTTP routes and mirror REST (`${origin}/ledger/api/v1`). */
  origin: string;
  /** Its consensus nodes (0.0.3, and more with `nodes`) over gRPC, as the SDK's network map names them. */
  nodes: Record<string, string>;
  genesis: { accountId: string; key: PrivateKey };
  /** An SDK client of this network paying as `accountId`. */
  clientFor(accountId: string, key: PrivateKey): Client;
  /** Who holds each name's live NFTs in a collection (by metadata), read page by page from its mirror REST. */
  nftHolders(tokenId: string): Promise<Map<string, string[]>>;
  stop(): Promise<void>;
};

/** The package's command, beside its sources (the package exports only those). */
const BIN = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@registry/local-ledger/cli')),
  '..',
  'bin',
  'local-ledger.mjs',
);

/**
 * `npx local-ledger` in a process of its own, on free ports: a Hedera network to point the registry at,
 * with `nodes` consensus nodes (0.0.3 onwards).
 */
export async function startLocalLedgerProcess({ nodes: nodeCount = 1 } = {}): Promise<LocalLedgerProcess> {
  const child = spawn(
    process.execPath,
    [
      BIN,
      ...['--port', '0', '--grpc-port', '0', '--mirror-port', '0', '--mirror-grpc-port', '0'],
      ...['--nodes', String(nodeCount)],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const started = await new Promise<{ origin: string; nodes: Record<string, string>; genesisKey: string }>(
    (resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`local-ledger did not start: ${output}`)), 60_000);
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
        const origin = /Local ledger on (http:\/\/\S+)/.exec(output)?.[1];
        const nodes = Object.fromEntries(
          [...output.matchAll(/consensus node (0\.0\.\d+) \(gRPC\): (\S+)/g)].map(([, id, address]) => [
            address!,
            id!,
          ]),
        );
        const genesisKey = /key \(development only\): (\S+)/.exec(output)?.[1];
        if (origin && Object.keys(nodes).length === nodeCount && genesisKey) {
          clearTimeout(timer);
          resolve({ origin, nodes, genesisKey });
        }
      });
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => void (output += chunk));
      child.once('exit', (code) => reject(new Error(`local-ledger exited with ${code}: ${output}`)));
    },
  );
  const { nodes } = started;
  return {
    origin: started.origin,
    nodes,
    genesis: { accountId: '0.0.2', key: PrivateKey.fromStringDer(started.genesisKey) },
    clientFor: (accountId, key) =>
      Client.forNetwork(
        Object.fromEntries(Object.entries(nodes).map(([address, id]) => [address, AccountId.fromString(id)])),
      ).setOperator(accountId, key),
    async nftHolders(tokenId) {
      const holders = new Map<string, string[]>();
      let next: string | null = `/api/v1/tokens/${tokenId}/nfts?limit=100`;
      while (next) {
        const page = (await (
          await fetch(`${started.origin}/ledger${next.replace(/^\/ledger/, '')}`)
        ).json()) as {
          nfts: { account_id: string; metadata: string; deleted?: boolean }[];
          links: { next: string | null };
        };
        // Live NFTs only: a burned or wiped one is listed as deleted, held by nobody.
        for (const nft of page.nfts.filter((each) => !each.deleted)) {
          const name = Buffer.from(nft.metadata, 'base64').toString();
          holders.set(name, [...(holders.get(name) ?? []), nft.account_id]);
        }
        next = page.links.next;
      }
      return holders;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The registry's environment for the real-network mode on this network (`LEDGER=hedera`, over its gRPC
 * nodes and mirror REST only), paying and signing as `operator`; the HBAR rate fixed at 1 USD.
 */
export function hederaModeEnv(
  ledger: Pick<LocalLedgerProcess, 'origin' | 'nodes'>,
  operator: { accountId: string; privateKey: PrivateKey },
): Record<string, string> {
  return {
    LEDGER: 'hedera',
    HEDERA_NETWORK: 'local',
    HEDERA_NODES: Object.entries(ledger.nodes)
      .map(([address, id]) => `${address}=${id}`)
      .join(','),
    HEDERA_OPERATOR_ID: operator.accountId,
    HEDERA_OPERATOR_KEY: operator.privateKey.toStringDer(),
    MIRROR_NODE_URL: `${ledger.origin}/ledger`,
    FIXED_USD_PER_HBAR: '1',
  };
}
