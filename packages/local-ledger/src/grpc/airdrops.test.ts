import {
  AccountBalanceQuery,
  AccountId,
  AccountCreateTransaction,
  Hbar,
  NftId,
  PendingAirdropId,
  PrivateKey,
  TokenAirdropTransaction,
  TokenAssociateTransaction,
  TokenCancelAirdropTransaction,
  TokenClaimAirdropTransaction,
  TokenCreateTransaction,
  TokenId,
  TokenMintTransaction,
  TokenType,
} from '@hashgraph/sdk';
import { describe, expect, it } from 'vitest';
import { ledgerForSuite, mirrorIdOf } from '../testing/grpc-ledger';
import { expectSchema } from '../testing/mirror-openapi';
import { ledgerEngineCases } from '../testing/ledger-test-server';

type MirrorAirdrop = {
  amount: number | null;
  receiver_id: string;
  sender_id: string;
  serial_number: number | null;
  token_id: string;
};

/**
 * Airdrops over gRPC (HIP-904): tokens reach receivers that are associated or have an automatic
 * association slot at once, and wait for the others, who claim them (or their sender cancels), as
 * the record, the balance query and the mirror's airdrop lists show.
 */
describe.each(ledgerEngineCases)('airdrops on $engine', ({ open }) => {
  const ledger = ledgerForSuite(open);
  const { statusOf, execute, mirror } = ledger;

  const newAccount = async (key: PrivateKey, slots = 0) =>
    (
      await (
        await new AccountCreateTransaction()
          .setKeyWithoutAlias(key.publicKey)
          .setInitialBalance(new Hbar(10))
          .setMaxAutomaticTokenAssociations(slots)
          .execute(ledger.client)
      ).getReceipt(ledger.client)
    ).accountId!.toString();
  const unitsHeld = async (accountId: string, tokenId: string) =>
    (await new AccountBalanceQuery().setAccountId(accountId).execute(ledger.client)).tokens
      ?.get(tokenId)
      ?.toString();
  const newToken = async (
    treasury: string,
    treasuryKey: PrivateKey,
    type: TokenType,
    supplyKey?: PrivateKey,
  ) => {
    const create = new TokenCreateTransaction()
      .setTokenName('Drop')
      .setTokenSymbol('DRP')
      .setTokenType(type)
      .setTreasuryAccountId(treasury);
    if (type === TokenType.FungibleCommon) create.setInitialSupply(300);
    if (supplyKey) create.setSupplyKey(supplyKey.publicKey);
    const created = await execute(create, [treasuryKey]);
    return (await created.getReceipt(ledger.client)).tokenId!.toString();
  };

  it('gives units at once to receivers that may hold them and leaves them waiting for the others', async () => {
    const [treasuryKey, associatedKey, slottedKey, waitingKey] = [0, 1, 2, 3].map(() =>
      PrivateKey.generateED25519(),
    );
    const treasury = await newAccount(treasuryKey!);
    const associated = await newAccount(associatedKey!);
    const slotted = await newAccount(slottedKey!, -1);
    const waiting = await newAccount(waitingKey!);
    const tokenId = await newToken(treasury, treasuryKey!, TokenType.FungibleCommon);
    await statusOf(new TokenAssociateTransaction().setAccountId(associated).setTokenIds([tokenId]), [
      associatedKey!,
    ]);
    const airdrop = (units: number) =>
      new TokenAirdropTransaction()
        .addTokenTransfer(tokenId, treasury, -3 * units)
        .addTokenTransfer(tokenId, associated, units)
        .addTokenTransfer(tokenId, slotted, units)
        .addTokenTransfer(tokenId, waiting, units);

    expect(await statusOf(airdrop(100), [])).toBe('INVALID_SIGNATURE');
    expect(await statusOf(airdrop(101), [treasuryKey!])).toBe('INSUFFICIENT_TOKEN_BALANCE');
    const dropped = await execute(airdrop(100), [treasuryKey!]);
    const record = await dropped.getRecord(ledger.client);
    expect(record.receipt.status.toString()).toBe('SUCCESS');
    expect(
      record.newPendingAirdrops.map((pending) => [
        pending.airdropId.senderId?.toString(),
        pending.airdropId.receiverId?.toString(),
        pending.airdropId.tokenId?.toString(),
        pending.amount.toString(),
      ]),
    ).toEqual([[treasury, waiting, tokenId, '100']]);
    // The waiting units stay with the sender until the claim.
    expect(
      await Promise.all([treasury, associated, slotted, waiting].map((id) => unitsHeld(id, tokenId))),
    ).toEqual(['100', '100', '100', undefined]);
    expectSchema('TokenAirdropsResponse', await mirror(`/accounts/${treasury}/airdrops/outstanding`));
    expectSchema('TokenAirdropsResponse', await mirror(`/accounts/${waiting}/airdrops/pending`));
    const mine = { receiver_id: waiting, sender_id: treasury, token_id: tokenId, serial_number: null };
    expect(
      (await mirror<{ airdrops: MirrorAirdrop[] }>(`/accounts/${treasury}/airdrops/outstanding`)).airdrops,
    ).toEqual([expect.objectContaining({ ...mine, amount: 100 })]);
    const {
      transactions: [row],
    } = await mirror<{ transactions: { name: string }[] }>(
      `/transactions/${mirrorIdOf(dropped.transactionId)}`,
    );
    expect(row!.name).toBe('TOKENAIRDROP');

    const pendingId = record.newPendingAirdrops[0]!.airdropId;
    const claim = () => new TokenClaimAirdropTransaction().addPendingAirdropId(pendingId);
    expect(await statusOf(claim(), [])).toBe('INVALID_SIGNATURE');
    expect(await statusOf(claim(), [waitingKey!])).toBe('SUCCESS');
    expect([await unitsHeld(treasury, tokenId), await unitsHeld(waiting, tokenId)]).toEqual(['0', '100']);
    expect(
      (await mirror<{ airdrops: MirrorAirdrop[] }>(`/accounts/${waiting}/airdrops/pending`)).airdrops,
    ).toEqual([]);
    expect(await statusOf(claim(), [waitingKey!])).toBe('INVALID_PENDING_AIRDROP_ID');
  });

  it('keeps airdropped units adding up while they wait, and lets the sender cancel an NFT airdrop', async () => {
    const [treasuryKey, supplyKey, receiverKey] = [0, 1, 2].map(() => PrivateKey.generateED25519());
    const treasury = await newAccount(treasuryKey!);
    const receiver = await newAccount(receiverKey!);
    const coin = await newToken(treasury, treasuryKey!, TokenType.FungibleCommon);
    const art = await newToken(treasury, treasuryKey!, TokenType.NonFungibleUnique, supplyKey);
    await statusOf(new TokenMintTransaction().setTokenId(art).setMetadata([Buffer.from('1')]), [supplyKey!]);

    const units = (amount: number) =>
      new TokenAirdropTransaction()
        .addTokenTransfer(coin, treasury, -amount)
        .addTokenTransfer(coin, receiver, amount);
    expect(await statusOf(units(100), [treasuryKey!])).toBe('SUCCESS');
    expect(await statusOf(units(50), [treasuryKey!])).toBe('SUCCESS');
    expect(
      (await mirror<{ airdrops: MirrorAirdrop[] }>(`/accounts/${receiver}/airdrops/pending`)).airdrops,
    ).toEqual([expect.objectContaining({ sender_id: treasury, token_id: coin, amount: 150 })]);

    const nft = () =>
      new TokenAirdropTransaction().addNftTransfer(new NftId(TokenId.fromString(art), 1), treasury, receiver);
    expect(await statusOf(nft(), [treasuryKey!])).toBe('SUCCESS');
    expect(await statusOf(nft(), [treasuryKey!])).toBe('PENDING_NFT_AIRDROP_ALREADY_EXISTS');
    const pendingNft = new PendingAirdropId({
      senderId: AccountId.fromString(treasury),
      receiverId: AccountId.fromString(receiver),
      nftId: new NftId(TokenId.fromString(art), 1),
    });
    const cancel = () => new TokenCancelAirdropTransaction().addPendingAirdropId(pendingNft);
    expect(await statusOf(cancel(), [receiverKey!])).toBe('INVALID_SIGNATURE');
    expect(await statusOf(cancel(), [treasuryKey!])).toBe('SUCCESS');
    expect(await mirror(`/tokens/${art}/nfts/1`)).toMatchObject({ account_id: treasury });
    expect(
      await statusOf(new TokenClaimAirdropTransaction().addPendingAirdropId(pendingNft), [receiverKey!]),
    ).toBe('INVALID_PENDING_AIRDROP_ID');
    expect(
      (await mirror<{ airdrops: MirrorAirdrop[] }>(`/accounts/${treasury}/airdrops/outstanding`)).airdrops,
    ).toEqual([
      expect.objectContaining({ receiver_id: receiver, token_id: coin, amount: 150, serial_number: null }),
    ]);
  });
});
