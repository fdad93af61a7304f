import {
  AccountCreateTransaction,
  Hbar,
  KeyList,
  NftId,
  PrivateKey,
  PublicKey,
  TokenAssociateTransaction,
  TokenCreateTransaction,
  TokenId,
  TokenInfoQuery,
  TokenKeyValidation,
  TokenMintTransaction,
  TokenType,
  TokenUpdateTransaction,
  TokenWipeTransaction,
  TransferTransaction,
} from '@hashgraph/sdk';
import { describe, expect, it } from 'vitest';
import { GENESIS_ACCOUNT } from '../ledger-accounts';
import { ledgerForSuite } from '../testing/grpc-ledger';
import { ledgerEngineCases } from '../testing/ledger-test-server';

/** Token update over gRPC: what the admin key may change, what each other key may do alone (HIP-540). */
describe.each(ledgerEngineCases)('token update on $engine', ({ open }) => {
  const ledger = ledgerForSuite(open);
  const { statusOf } = ledger;

  const mirrorToken = async (tokenId: string) =>
    (
      await ledger.server.app.inject({ method: 'GET', url: `/ledger/api/v1/tokens/${tokenId}` })
    ).json() as Record<string, unknown>;

  const keys = () => ({
    admin: PrivateKey.generateED25519(),
    supply: PrivateKey.generateECDSA(),
    wipe: PrivateKey.generateED25519(),
  });
  const newToken = async ({ admin, supply, wipe }: ReturnType<typeof keys>) => {
    const created = await (
      await new TokenCreateTransaction()
        .setTokenName('Before')
        .setTokenSymbol('BFR')
        .setTokenType(TokenType.NonFungibleUnique)
        .setTreasuryAccountId(GENESIS_ACCOUNT)
        .setAdminKey(admin.publicKey)
        .setSupplyKey(supply.publicKey)
        .setWipeKey(wipe.publicKey)
        .freezeWith(ledger.client)
        .sign(admin)
    ).execute(ledger.client);
    return (await created.getReceipt(ledger.client)).tokenId!.toString();
  };

  it('the admin key renames a token and removes a key with an empty key list; nobody else may', async () => {
    const k = keys();
    const tokenId = await newToken(k);
    const rename = () =>
      new TokenUpdateTransaction()
        .setTokenId(tokenId)
        .setTokenName('After')
        .setTokenSymbol('AFT')
        .setTokenMemo('m');
    expect(await statusOf(rename(), [])).toBe('INVALID_SIGNATURE');
    expect(await statusOf(rename(), [k.admin])).toBe('SUCCESS');
    expect(await mirrorToken(tokenId)).toMatchObject({ name: 'After', symbol: 'AFT', memo: 'm' });

    // The admin key gives the token a new supply key without its holder signing; a new admin key signs.
    const nextSupply = PrivateKey.generateED25519();
    expect(
      await statusOf(new TokenUpdateTransaction().setTokenId(tokenId).setSupplyKey(nextSupply.publicKey), [
        k.admin,
      ]),
    ).toBe('SUCCESS');
    expect(
      (await new TokenInfoQuery().setTokenId(tokenId).execute(ledger.client)).supplyKey?.toString(),
    ).toBe(nextSupply.publicKey.toString());
    const nextAdmin = PrivateKey.generateED25519();
    const newAdmin = () => new TokenUpdateTransaction().setTokenId(tokenId).setAdminKey(nextAdmin.publicKey);
    expect(await statusOf(newAdmin(), [k.admin])).toBe('INVALID_SIGNATURE');
    expect(await statusOf(newAdmin(), [k.admin, nextAdmin])).toBe('SUCCESS');
    k.admin = nextAdmin;

    const removeWipe = () => new TokenUpdateTransaction().setTokenId(tokenId).setWipeKey(new KeyList());
    // A key does not remove itself: only the admin key does.
    expect(await statusOf(removeWipe(), [k.wipe])).toBe('INVALID_SIGNATURE');
    expect(await statusOf(removeWipe(), [k.admin])).toBe('SUCCESS');
    expect((await new TokenInfoQuery().setTokenId(tokenId).execute(ledger.client)).wipeKey).toBeNull();
    expect((await mirrorToken(tokenId)).wipe_key).toBeNull();
    expect(
      await statusOf(
        new TokenWipeTransaction().setTokenId(tokenId).setAccountId(GENESIS_ACCOUNT).setSerials([1]),
        [k.wipe],
      ),
    ).toBe('TOKEN_HAS_NO_WIPE_KEY');
    // A key the token was made without is not added later.
    expect(
      await statusOf(new TokenUpdateTransaction().setTokenId(tokenId).setKycKey(k.wipe.publicKey), [
        k.admin,
        k.wipe,
      ]),
    ).toBe('TOKEN_HAS_NO_KYC_KEY');
  });

  it('without an admin key the token is immutable, but its supply key may replace itself', async () => {
    const k = keys();
    const tokenId = await newToken(k);
    expect(
      await statusOf(new TokenUpdateTransaction().setTokenId(tokenId).setAdminKey(new KeyList()), [k.admin]),
    ).toBe('SUCCESS');
    expect((await mirrorToken(tokenId)).admin_key).toBeNull();
    expect(
      await statusOf(new TokenUpdateTransaction().setTokenId(tokenId).setTokenMemo('no'), [k.admin]),
    ).toBe('TOKEN_IS_IMMUTABLE');

    const next = PrivateKey.generateED25519();
    const replace = (key: PublicKey) => new TokenUpdateTransaction().setTokenId(tokenId).setSupplyKey(key);
    // Full validation (the default): the new key signs too.
    expect(await statusOf(replace(next.publicKey), [k.supply])).toBe('INVALID_SIGNATURE');
    expect(await statusOf(replace(next.publicKey), [k.supply, next])).toBe('SUCCESS');
    const mint = (signer: PrivateKey) =>
      statusOf(new TokenMintTransaction().setTokenId(tokenId).setMetadata([Buffer.from('x')]), [signer]);
    expect(await mint(k.supply)).toBe('INVALID_SIGNATURE');
    expect(await mint(next)).toBe('SUCCESS');

    // A key nobody holds ends minting for good, with no validation asked.
    expect(
      await statusOf(
        replace(PublicKey.unusableKey()).setKeyVerificationMode(TokenKeyValidation.NoValidation),
        [next],
      ),
    ).toBe('SUCCESS');
    expect(await mint(next)).toBe('INVALID_SIGNATURE');
    expect(
      (await new TokenInfoQuery().setTokenId(tokenId).execute(ledger.client)).supplyKey?.toString(),
    ).toBe(PublicKey.unusableKey().toString());
  });

  it('moves the treasury once the old one holds none of the NFTs, to an associated account that signs', async () => {
    const k = keys();
    const tokenId = await newToken(k);
    const holderKey = PrivateKey.generateED25519();
    const holder = (
      await (
        await new AccountCreateTransaction()
          .setKeyWithoutAlias(holderKey.publicKey)
          .setInitialBalance(new Hbar(5))
          .execute(ledger.client)
      ).getReceipt(ledger.client)
    ).accountId!.toString();
    expect(
      await statusOf(new TokenMintTransaction().setTokenId(tokenId).setMetadata([Buffer.from('1')]), [
        k.supply,
      ]),
    ).toBe('SUCCESS');
    const move = () => new TokenUpdateTransaction().setTokenId(tokenId).setTreasuryAccountId(holder);
    expect(await statusOf(move(), [k.admin, holderKey])).toBe('TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
    expect(
      await statusOf(new TokenAssociateTransaction().setAccountId(holder).setTokenIds([tokenId]), [
        holderKey,
      ]),
    ).toBe('SUCCESS');
    expect(await statusOf(move(), [k.admin])).toBe('INVALID_SIGNATURE');
    expect(await statusOf(move(), [k.admin, holderKey])).toBe('CURRENT_TREASURY_STILL_OWNS_NFTS');
    expect(
      await statusOf(
        new TransferTransaction().addNftTransfer(
          new NftId(TokenId.fromString(tokenId), 1),
          GENESIS_ACCOUNT,
          holder,
        ),
        [],
      ),
    ).toBe('SUCCESS');
    expect(await statusOf(move(), [k.admin, holderKey])).toBe('SUCCESS');
    expect((await mirrorToken(tokenId)).treasury_account_id).toBe(holder);
    expect(
      (await new TokenInfoQuery().setTokenId(tokenId).execute(ledger.client)).treasuryAccountId?.toString(),
    ).toBe(holder);
  });
});
