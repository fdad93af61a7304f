import { LedgerClient } from '@registry/ledger-client/ledger-client';
import { test as base } from '../fixtures';
import { realNetwork, testnetStandIn, testnetStandInNodes } from '../playwright.config';
import type { BladeStandIn } from './blade-wallet';
import type { ReferenceWallet } from './reference-wallet';
import { WalletConnectRelay } from './walletconnect-relay';

/** A registry in the real-network mode and the network it runs on: its faucet, mirror REST and nodes. */
export type WalletNetwork = {
  origin: string;
  ledgerOrigin: string;
  mirror: string;
  nodes: Record<string, string>;
  /** The CAIP-2 chain its wallets offer their accounts on. */
  chain: string;
};

export const networks: Record<'local' | 'testnet', WalletNetwork> = {
  /** `HEDERA_NETWORK=local`: the page is told `local-node`, which WalletConnect wallets call `hedera:devnet`. */
  local: {
    origin: `http://localhost:${realNetwork.port}`,
    ledgerOrigin: `http://127.0.0.1:${realNetwork.ledgerPort}`,
    mirror: `http://127.0.0.1:${realNetwork.mirrorPort}/api/v1`,
    nodes: { [`127.0.0.1:${realNetwork.grpcPort}`]: '0.0.3' },
    chain: 'hedera:devnet',
  },
  /** Configured as on testnet, its endpoints replaced by a local network of its own. */
  testnet: {
    origin: `http://localhost:${testnetStandIn.port}`,
    ledgerOrigin: `http://127.0.0.1:${testnetStandIn.ledgerPort}`,
    mirror: `http://127.0.0.1:${testnetStandIn.mirrorPort}/api/v1`,
    nodes: Object.fromEntries(testnetStandInNodes()),
    chain: 'hedera:testnet',
  },
};

/**
 * What verify's attestation frame answers the page, unsigned: WalletConnect's core waits for the frame's
 * message (5 s when none comes) before it sends each request, and a frame whose load fails sends none.
 * The wallet cannot check an unsigned attestation and treats the request as unverified, as it treats
 * one whose attestation it could not fetch.
 */
const UNSIGNED_ATTESTATION_FRAME = `<!doctype html><script>
  const id = new URLSearchParams(location.search).get('id');
  const part = (value) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\\+/g, '-').replace(/\\//g, '_');
  const attestation = part({ alg: 'none', typ: 'JWT' }) + '.' + part({ id }) + '.';
  parent.postMessage(JSON.stringify({ type: 'verify_attestation', attestation }), '*');
</script>`;

/** The page's WalletConnect relay socket and every other WalletConnect service it would call. */
const RELAY_SOCKET = /^wss:\/\/relay\.walletconnect\.(com|org)\//;
const WALLETCONNECT_SERVICES =
  /^https:\/\/([a-z0-9-]+\.)*(walletconnect\.(com|org)|reown\.com|web3modal\.(com|org))\//;

/**
 * The wallet library's Node build imports directories (`../shared`), which Node's own ES module loader
 * refuses: tsx's loader resolves them, registered once before a wallet is first loaded.
 */
let loader: Promise<unknown> | null = null;
async function loadWallets() {
  loader ??= import('tsx/esm/api').then(({ register }) => register());
  await loader;
  const [{ ReferenceWallet }, { BladeStandIn }] = await Promise.all([
    import('./reference-wallet'),
    import('./blade-wallet'),
  ]);
  return { ReferenceWallet, BladeStandIn };
}

type WalletFixtures = {
  /** Which registry and network the test's pages and wallets use (`test.use({ walletNetwork })`). */
  walletNetwork: keyof typeof networks;
  /** The chain the wallet offers its account on, when not its network's (a wallet set to another network). */
  walletChain: string | undefined;
  /** What the test reads from that network and does there as other wallet holders. */
  onNetwork: NetworkTools;
  /** A WalletConnect relay for this test: the page reaches it instead of WalletConnect's. */
  relay: WalletConnectRelay & { url: string };
  /** Hedera's reference wallet holding a funded account of the local network, paired through `relay`. */
  referenceWallet: ReferenceWallet;
  /** Blade, as blade-web3.js speaks to it, holding a funded account of the local network. */
  bladeWallet: BladeStandIn;
};

export const test = base.extend<WalletFixtures>({
  walletNetwork: ['local', { option: true }],
  walletChain: [undefined, { option: true }],
  baseURL: async ({ walletNetwork }, use) => use(networks[walletNetwork].origin),
  onNetwork: async ({ walletNetwork }, use) => use(networkTools(networks[walletNetwork])),

  relay: async ({ page }, use) => {
    const relay = new WalletConnectRelay();
    const listening = await relay.listen();
    await page.routeWebSocket(RELAY_SOCKET, (socket) => {
      const peer = relay.connect((text) => socket.send(text), socket.url());
      socket.onMessage((message) => peer.receive(String(message)));
      socket.onClose(() => peer.close());
    });
    // Analytics and verify's other calls are not reachable here: they fail as on a bad network. The
    // attestation frame answers unsigned. The wallet explorer answers with no wallets, as it does for a
    // chain it lists none for, so the window shows its QR code.
    await page.route(WALLETCONNECT_SERVICES, (route) => {
      const url = new URL(route.request().url());
      if (url.hostname.startsWith('explorer-api.'))
        return route.fulfill({ json: { listings: {}, total: 0 } });
      if (url.hostname.startsWith('verify.') && url.pathname.endsWith('/attestation'))
        return route.fulfill({ contentType: 'text/html', body: UNSIGNED_ATTESTATION_FRAME });
      return route.abort('internetdisconnected');
    });
    await use(Object.assign(relay, { url: listening.url }));
    await listening.close();
  },

  referenceWallet: async ({ relay, walletNetwork, walletChain }, use) => {
    const { ReferenceWallet } = await loadWallets();
    const { ledgerOrigin, nodes, chain } = networks[walletNetwork];
    const account = await new LedgerClient(ledgerOrigin).openAccount();
    const wallet = await ReferenceWallet.start({
      relayUrl: relay.url,
      accountId: account.accountId,
      privateKey: account.privateKey.toStringDer(),
      nodes,
      chain: walletChain ?? chain,
    });
    await use(wallet);
    await wallet.close();
  },

  bladeWallet: async ({ relay, walletNetwork }, use) => {
    const { BladeStandIn } = await loadWallets();
    const { ledgerOrigin, nodes, chain, mirror } = networks[walletNetwork];
    const account = await new LedgerClient(ledgerOrigin).openAccount();
    const wallet = await BladeStandIn.start({
      relayUrl: relay.url,
      accountId: account.accountId,
      privateKey: account.privateKey.toStringDer(),
      nodes,
      chain,
      mirrorNetwork: [new URL(mirror).host],
    });
    await use(wallet);
    await wallet.close();
  },
});

export { expect } from '@playwright/test';

/** What a test reads from a network's mirror REST, and other wallet holders acting there. */
export function networkTools(network: WalletNetwork) {
  /** An account's balance in tinybars, from the mirror REST. */
  async function mirrorBalance(accountId: string): Promise<bigint> {
    const response = await fetch(`${network.mirror}/accounts/${accountId}?limit=1`);
    const body = (await response.json()) as { balance: { balance: number } };
    return BigInt(body.balance.balance);
  }

  /** A name's NFT among an account's, from the mirror REST (null when the account holds none of it). */
  async function nftOfName(accountId: string, name: string) {
    const response = await fetch(`${network.mirror}/accounts/${accountId}/nfts?limit=100`);
    const { nfts } = (await response.json()) as {
      nfts: { account_id: string; token_id: string; serial_number: number; metadata: string }[];
    };
    return nfts.find((nft) => Buffer.from(nft.metadata, 'base64').toString() === name) ?? null;
  }

  /** Who holds a name's NFT, from the mirror REST (null when it has none). */
  async function holderOfName(accountId: string, name: string): Promise<string | null> {
    return (await nftOfName(accountId, name))?.account_id ?? null;
  }

  /** An account's successful transactions, newest first: memo and what each credited it, in tinybars. */
  async function mirrorTransactions(accountId: string) {
    const response = await fetch(`${network.mirror}/transactions?account.id=${accountId}&limit=100`);
    const { transactions } = (await response.json()) as {
      transactions: {
        result: string;
        memo_base64: string;
        transfers: { account: string; amount: number }[];
      }[];
    };
    return transactions
      .filter((transaction) => transaction.result === 'SUCCESS')
      .map((transaction) => ({
        memo: Buffer.from(transaction.memo_base64, 'base64').toString(),
        credited: transaction.transfers
          .filter((transfer) => transfer.account === accountId)
          .reduce((sum, transfer) => sum + BigInt(transfer.amount), 0n),
      }));
  }

  /** Another wallet holder on that network, acting through the registry's API and the network's faucet. */
  const otherWallets = new LedgerClient(network.origin, { ledgerOrigin: network.ledgerOrigin });
  return { mirrorBalance, nftOfName, holderOfName, mirrorTransactions, otherWallets };
}
export type NetworkTools = ReturnType<typeof networkTools>;

/** The tools of the local network (`HEDERA_NETWORK=local`), the default of the wallet tests. */
export const { mirrorBalance, nftOfName, holderOfName, mirrorTransactions, otherWallets } = networkTools(
  networks.local,
);
