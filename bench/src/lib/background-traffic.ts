import {
  AccountId,
  Client,
  Hbar,
  NftId,
  TokenAssociateTransaction,
  TokenCreateTransaction,
  TokenId,
  TokenMintTransaction,
  TokenType,
  TransferTransaction,
  type Transaction,
} from '@hashgraph/sdk';
import { LedgerClient, type LedgerAccount } from '@registry/ledger-client/ledger-client';

/** Accounts passing HBAR and NFTs around a ring; each starts with this many NFTs (a mint holds ten at most). */
const ACCOUNTS = 10;
const NFTS_EACH = 10;
/** Transfers waiting for their receipt at once, at most: past it a tick is skipped (and counted). */
const MAX_IN_FLIGHT = 200;

export type BackgroundTraffic = {
  /** Stops sending; what was sent while it ran. */
  stop(): Promise<{ sent: number; failed: number; skipped: number; perSecond: number }>;
};

/**
 * The rest of the network: unrelated accounts sending each other HBAR and NFTs of a collection that is
 * not the registry's, at `perSecond` transfers a second over gRPC, so that the network's transfers feed
 * carries the traffic a registry on a busy network reads past.
 */
export async function startBackgroundTraffic(
  ledger: { origin: string; grpc: string },
  perSecond: number,
): Promise<BackgroundTraffic> {
  const faucet = new LedgerClient(ledger.origin);
  const accounts: LedgerAccount[] = [];
  for (let index = 0; index < ACCOUNTS; index += 1) accounts.push(await faucet.openAccount());
  const clients = accounts.map((account) =>
    Client.forNetwork({ [ledger.grpc]: AccountId.fromString('0.0.3') }).setOperator(
      account.accountId,
      account.privateKey,
    ),
  );
  const run = async (index: number, transaction: Transaction) => {
    const response = await transaction.execute(clients[index]!);
    return response.getReceipt(clients[index]!);
  };

  // A collection of the first account's, NFTS_EACH of it for everyone.
  const [treasury] = accounts as [LedgerAccount];
  const created = await run(
    0,
    new TokenCreateTransaction()
      .setTokenName('background')
      .setTokenSymbol('BG')
      .setTokenType(TokenType.NonFungibleUnique)
      .setTreasuryAccountId(treasury.accountId)
      .setSupplyKey(treasury.privateKey.publicKey),
  );
  const tokenId = TokenId.fromString(created.tokenId!.toString());
  const held: number[][] = accounts.map(() => []);
  for (let index = 0; index < ACCOUNTS; index += 1) {
    const minted = await run(
      0,
      new TokenMintTransaction()
        .setTokenId(tokenId)
        .setMetadata(Array.from({ length: NFTS_EACH }, (_unused, n) => Buffer.from(`bg${index}-${n}`))),
    );
    const serials = minted.serials.map((serial) => serial.toNumber());
    if (index > 0) {
      await run(
        index,
        new TokenAssociateTransaction().setAccountId(accounts[index]!.accountId).setTokenIds([tokenId]),
      );
      const handOut = new TransferTransaction();
      for (const serial of serials)
        handOut.addNftTransfer(new NftId(tokenId, serial), treasury.accountId, accounts[index]!.accountId);
      await run(0, handOut);
    }
    held[index] = serials;
  }

  let sent = 0;
  let failed = 0;
  let skipped = 0;
  let inFlight = 0;
  let tick = 0;
  const pending = new Set<Promise<void>>();
  const send = async (from: number) => {
    const to = (from + 1) % ACCOUNTS;
    const transfer = new TransferTransaction();
    // Every other turn round the ring moves NFTs (the sender's, if it has one left), the rest a tinybar.
    const serial = Math.floor(tick / ACCOUNTS) % 2 === 0 ? held[from]!.pop() : undefined;
    if (serial === undefined)
      transfer
        .addHbarTransfer(accounts[from]!.accountId, Hbar.fromTinybars(-1))
        .addHbarTransfer(accounts[to]!.accountId, Hbar.fromTinybars(1));
    else
      transfer.addNftTransfer(new NftId(tokenId, serial), accounts[from]!.accountId, accounts[to]!.accountId);
    try {
      await run(from, transfer);
      if (serial !== undefined) held[to]!.push(serial);
      sent += 1;
    } catch {
      if (serial !== undefined) held[from]!.push(serial);
      failed += 1;
    }
  };
  const started = Date.now();
  const timer = setInterval(() => {
    // Catch up on the ticks a busy event loop missed: the rate is kept over time, not per tick.
    const due = Math.floor(((Date.now() - started) * perSecond) / 1000);
    for (; tick < due; tick += 1) {
      if (inFlight >= MAX_IN_FLIGHT) {
        skipped += 1;
        continue;
      }
      inFlight += 1;
      const sending = send(tick % ACCOUNTS).finally(() => {
        inFlight -= 1;
        pending.delete(sending);
      });
      pending.add(sending);
    }
  }, 20);

  return {
    async stop() {
      clearInterval(timer);
      const seconds = (Date.now() - started) / 1000;
      await Promise.all(pending);
      for (const client of clients) client.close();
      return { sent, failed, skipped, perSecond: Math.round((sent / seconds) * 10) / 10 };
    },
  };
}
