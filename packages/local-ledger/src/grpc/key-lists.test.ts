import {
  AccountAllowanceApproveTransaction,
  AccountCreateTransaction,
  AccountInfoQuery,
  Hbar,
  KeyList,
  NftId,
  PrivateKey,
  TokenAssociateTransaction,
  TokenCreateTransaction,
  TokenDeleteTransaction,
  TokenMintTransaction,
  TokenType,
  TransactionId,
  TransferTransaction,
} from '@hashgraph/sdk';
import { proto } from '@hiero-ledger/proto';
import { describe, expect, it } from 'vitest';
import { GENESIS_ACCOUNT } from '../ledger-accounts';
import { ledgerForSuite } from '../testing/grpc-ledger';
import { ledgerEngineCases } from '../testing/ledger-test-server';

/**
 * Keys that are not one public key, over gRPC as an SDK program uses them: key lists (all sign),
 * threshold keys (so many of them sign), nested; and the other keys a transaction may need.
 */
describe.each(ledgerEngineCases)('key lists and threshold keys on $engine', ({ open }) => {
  const ledger = ledgerForSuite(open);
  const { statusOf } = ledger;

  const mirror = async <T>(path: string) =>
    (await ledger.server.app.inject({ method: 'GET', url: `/ledger/api/v1${path}` })).json() as T;

  const newAccount = async (key: PrivateKey | KeyList, hbar = 10) =>
    (
      await (
        await new AccountCreateTransaction()
          .setKeyWithoutAlias(key instanceof PrivateKey ? key.publicKey : key)
          .setInitialBalance(new Hbar(hbar))
          .execute(ledger.client)
      ).getReceipt(ledger.client)
    ).accountId!.toString();

  it('an account with a 2-of-3 threshold key sends HBAR when two of its keys sign, not one', async () => {
    const keys = [PrivateKey.generateED25519(), PrivateKey.generateECDSA(), PrivateKey.generateED25519()];
    const threshold = KeyList.of(...keys.map((key) => key.publicKey)).setThreshold(2);
    const account = await newAccount(threshold);
    const send = () =>
      new TransferTransaction()
        .addHbarTransfer(account, new Hbar(-1))
        .addHbarTransfer(GENESIS_ACCOUNT, new Hbar(1));

    expect(await statusOf(send(), [keys[0]!])).toBe('INVALID_SIGNATURE');
    expect(await statusOf(send(), [keys[0]!, keys[2]!])).toBe('SUCCESS');
    expect(await statusOf(send(), [keys[1]!, keys[2]!])).toBe('SUCCESS');

    // The mirror shows the key as Hedera's mirror node does a threshold key: its protobuf, in hex.
    const onMirror = await mirror<{ key: { _type: string; key: string }; balance: { balance: number } }>(
      `/accounts/${account}`,
    );
    expect(onMirror.key._type).toBe('ProtobufEncoded');
    const decoded = proto.Key.decode(Buffer.from(onMirror.key.key, 'hex'));
    expect(decoded.thresholdKey?.threshold).toBe(2);
    expect(decoded.thresholdKey?.keys?.keys).toHaveLength(3);
    expect(onMirror.balance.balance).toBe(8 * 100_000_000);

    const info = await new AccountInfoQuery().setAccountId(account).execute(ledger.client);
    const infoKey = info.key as KeyList;
    expect(infoKey).toBeInstanceOf(KeyList);
    expect(infoKey.threshold).toBe(2);
    expect(infoKey.toArray().map(String)).toEqual(keys.map((key) => key.publicKey.toString()));
  });

  it('an account with a key list pays for a transaction only when every key signs, nested lists too', async () => {
    const [a, b, c] = [
      PrivateKey.generateED25519(),
      PrivateKey.generateECDSA(),
      PrivateKey.generateED25519(),
    ];
    // a, and one of b or c.
    const nested = KeyList.of(a.publicKey, KeyList.of(b.publicKey, c.publicKey).setThreshold(1));
    const account = await newAccount(nested);
    const pay = () =>
      new TransferTransaction()
        .setTransactionId(TransactionId.generate(account))
        .addHbarTransfer(account, new Hbar(-1))
        .addHbarTransfer(GENESIS_ACCOUNT, new Hbar(1));
    // Refused before consensus: the payer's key is not satisfied, and nothing is charged.
    expect(await statusOf(pay(), [b])).toBe('INVALID_SIGNATURE');
    expect(await statusOf(pay(), [a])).toBe('INVALID_SIGNATURE');
    expect(await statusOf(pay(), [a, c])).toBe('SUCCESS');
    const onMirror = await mirror<{ balance: { balance: number } }>(`/accounts/${account}`);
    expect(onMirror.balance.balance).toBe(9 * 100_000_000 - 100_000);
  });

  it('refuses a threshold above its keys and an empty list', async () => {
    const key = PrivateKey.generateED25519();
    const tooHigh = KeyList.of(key.publicKey).setThreshold(2);
    expect(
      await statusOf(
        new AccountCreateTransaction().setKeyWithoutAlias(tooHigh).setInitialBalance(new Hbar(1)),
        [],
      ),
    ).toBe('INVALID_KEY_ENCODING');
    expect(
      await statusOf(
        new AccountCreateTransaction().setKeyWithoutAlias(new KeyList()).setInitialBalance(new Hbar(1)),
        [],
      ),
    ).toBe('KEY_REQUIRED');
  });

  it("a token's admin key list must all sign its deletion", async () => {
    const [a, b] = [PrivateKey.generateED25519(), PrivateKey.generateED25519()];
    const created = await (
      await (
        await new TokenCreateTransaction()
          .setTokenName('Listed')
          .setTokenSymbol('LST')
          .setTokenType(TokenType.NonFungibleUnique)
          .setTreasuryAccountId(GENESIS_ACCOUNT)
          .setSupplyKey(ledger.server.writer.operatorKey.publicKey)
          .setAdminKey(KeyList.of(a.publicKey, b.publicKey))
          .freezeWith(ledger.client)
          .sign(a)
      ).sign(b)
    ).execute(ledger.client);
    const tokenId = (await created.getReceipt(ledger.client)).tokenId!;
    expect(await statusOf(new TokenDeleteTransaction().setTokenId(tokenId), [a])).toBe('INVALID_SIGNATURE');
    expect(await statusOf(new TokenDeleteTransaction().setTokenId(tokenId), [a, b])).toBe('SUCCESS');
    const token = await mirror<{ admin_key: { _type: string }; deleted: boolean }>(`/tokens/${tokenId}`);
    expect(token).toMatchObject({ admin_key: { _type: 'ProtobufEncoded' }, deleted: true });
  });

  it("an account may take another ECDSA key's EVM address as alias when that key signs (HIP-583)", async () => {
    const aliasKey = PrivateKey.generateECDSA();
    const accountKey = PrivateKey.generateED25519();
    const create = () =>
      new AccountCreateTransaction()
        .setKeyWithoutAlias(accountKey.publicKey)
        .setAlias(aliasKey.publicKey.toEvmAddress())
        .setInitialBalance(new Hbar(1));
    expect(await statusOf(create(), [])).toBe('INVALID_ALIAS_KEY');
    expect(await statusOf(create(), [PrivateKey.generateECDSA()])).toBe('INVALID_ALIAS_KEY');
    expect(await statusOf(create(), [aliasKey])).toBe('SUCCESS');
    const byAlias = await mirror<{ account: string; key: { _type: string; key: string } }>(
      `/accounts/0x${aliasKey.publicKey.toEvmAddress()}`,
    );
    expect(byAlias.key).toEqual({ _type: 'ED25519', key: accountKey.publicKey.toStringRaw() });
  });

  it('a spender approved for all of a token passes single NFTs on to another spender, and only those', async () => {
    const delegateKey = PrivateKey.generateED25519();
    const spenderKey = PrivateKey.generateED25519();
    const receiverKey = PrivateKey.generateED25519();
    const [delegate, spender, receiver] = [
      await newAccount(delegateKey),
      await newAccount(spenderKey),
      await newAccount(receiverKey),
    ];
    const tokenId = (
      await (
        await new TokenCreateTransaction()
          .setTokenName('Delegated')
          .setTokenSymbol('DLG')
          .setTokenType(TokenType.NonFungibleUnique)
          .setTreasuryAccountId(GENESIS_ACCOUNT)
          .setSupplyKey(ledger.server.writer.operatorKey.publicKey)
          .execute(ledger.client)
      ).getReceipt(ledger.client)
    ).tokenId!;
    await (
      await new TokenMintTransaction()
        .setTokenId(tokenId)
        .setMetadata([Buffer.from('a'), Buffer.from('b')])
        .execute(ledger.client)
    ).getReceipt(ledger.client);
    expect(
      await statusOf(new TokenAssociateTransaction().setAccountId(receiver).setTokenIds([tokenId]), [
        receiverKey,
      ]),
    ).toBe('SUCCESS');
    const passOn = (serial: number) =>
      new AccountAllowanceApproveTransaction().approveTokenNftAllowanceWithDelegatingSpender(
        new NftId(tokenId, serial),
        GENESIS_ACCOUNT,
        spender,
        delegate,
      );

    // Not yet approved for all: it has nothing to pass on.
    expect(await statusOf(passOn(1), [delegateKey])).toBe('DELEGATING_SPENDER_DOES_NOT_HAVE_APPROVE_FOR_ALL');
    expect(
      await statusOf(
        new AccountAllowanceApproveTransaction().approveTokenNftAllowanceAllSerials(
          tokenId,
          GENESIS_ACCOUNT,
          delegate,
        ),
        [],
      ),
    ).toBe('SUCCESS');
    expect(await statusOf(passOn(1), [])).toBe('INVALID_SIGNATURE');
    expect(await statusOf(passOn(1), [delegateKey])).toBe('SUCCESS');

    // The spender it named moves serial 1, paying itself; serial 2 is not its to move.
    const move = (serial: number) =>
      new TransferTransaction()
        .setTransactionId(TransactionId.generate(spender))
        .addApprovedNftTransfer(new NftId(tokenId, serial), GENESIS_ACCOUNT, receiver);
    expect(await statusOf(move(2), [spenderKey])).toBe('SPENDER_DOES_NOT_HAVE_ALLOWANCE');
    expect(await statusOf(move(1), [spenderKey])).toBe('SUCCESS');
    const nft = await mirror<{ account_id: string }>(`/tokens/${tokenId}/nfts/1`);
    expect(nft.account_id).toBe(receiver);
    // The delegate's own allowance for all is still there, and the new spender has none for all.
    const forAll = await mirror<{ allowances: { spender: string; approved_for_all: boolean }[] }>(
      `/accounts/${GENESIS_ACCOUNT}/allowances/nfts`,
    );
    expect(forAll.allowances.filter((row) => row.approved_for_all).map((row) => row.spender)).toContain(
      delegate,
    );
    expect(forAll.allowances.map((row) => row.spender)).not.toContain(spender);
  });
});
