import {
  AccountBalanceQuery,
  AccountId,
  AccountCreateTransaction,
  AccountDeleteTransaction,
  AccountInfoQuery,
  AccountUpdateTransaction,
  NftId,
  Hbar,
  Long,
  PrivateKey,
  TokenAssociateTransaction,
  TokenBurnTransaction,
  TokenCreateTransaction,
  TokenDissociateTransaction,
  TokenFreezeTransaction,
  TokenGrantKycTransaction,
  TokenId,
  TokenInfoQuery,
  TokenMintTransaction,
  TokenRejectTransaction,
  TokenSupplyType,
  TokenType,
  TokenWipeTransaction,
  TransferTransaction,
  type Status,
  type Transaction,
  type TransactionReceipt,
} from '@hashgraph/sdk';
import { describe, expect, it } from 'vitest';
import { ledgerForSuite, mirrorIdOf } from '../testing/grpc-ledger';
import { ledgerEngineCases } from '../testing/ledger-test-server';
import { expectSchema } from '../testing/mirror-openapi';

type MirrorTokenTransfer = { token_id: string; account: string; amount: number; is_approval: boolean };

/**
 * Fungible tokens over gRPC as an SDK program uses them: created with decimals and a supply, moved
 * between associated accounts, minted, burned and wiped by amount, each result the same in the
 * receipts, the queries and the mirror REST, to the smallest unit.
 */
describe.each(ledgerEngineCases)('fungible tokens on $engine', ({ open }) => {
  const ledger = ledgerForSuite(open);
  const { statusOf, execute } = ledger;

  /** The mirror REST's body as JSON parses it (for its schema). */
  const mirrorJson = async (path: string) =>
    (await ledger.server.app.inject({ method: 'GET', url: `/ledger/api/v1${path}` })).json() as unknown;
  /** The mirror REST's body, parsed with int64 numbers kept exact (as strings of digits). */
  const mirror = async <T>(path: string) => {
    const body = (await ledger.server.app.inject({ method: 'GET', url: `/ledger/api/v1${path}` })).body;
    return JSON.parse(body.replace(/"(balance|amount)":(-?\d+)/g, '"$1":"$2"')) as T;
  };
  /** Executes `transaction` signed by `signers` (besides the operator): its receipt, or the refusal's code. */
  const receiptOf = async <T extends Transaction>(
    transaction: T,
    signers: PrivateKey[] = [],
  ): Promise<TransactionReceipt | string> => {
    try {
      return await (await execute(transaction, signers)).getReceipt(ledger.client);
    } catch (error) {
      return (error as { status?: Status }).status?.toString() ?? String(error);
    }
  };
  const newAccount = async (key: PrivateKey) =>
    (
      await (
        await new AccountCreateTransaction()
          .setKeyWithoutAlias(key.publicKey)
          .setInitialBalance(new Hbar(10))
          .execute(ledger.client)
      ).getReceipt(ledger.client)
    ).accountId!.toString();
  const unitsHeld = async (accountId: string, tokenId: string) =>
    (await new AccountBalanceQuery().setAccountId(accountId).execute(ledger.client)).tokens
      ?.get(tokenId)
      ?.toString();
  const mirrorUnitsHeld = async (accountId: string, tokenId: string) => {
    const { tokens } = await mirror<{ tokens: { token_id: string; balance: string; decimals: number }[] }>(
      `/accounts/${accountId}/tokens`,
    );
    return tokens.find((token) => token.token_id === tokenId);
  };

  it('creates a token with decimals and an initial supply its treasury holds, as the mirror shows it', async () => {
    const treasuryKey = PrivateKey.generateECDSA();
    const treasury = await newAccount(treasuryKey);
    const created = await execute(
      new TokenCreateTransaction()
        .setTokenName('Coin')
        .setTokenSymbol('CN')
        .setDecimals(2)
        .setInitialSupply(1_000_000)
        .setTreasuryAccountId(treasury),
      [treasuryKey],
    );
    const tokenId = (await created.getReceipt(ledger.client)).tokenId!.toString();

    const info = await new TokenInfoQuery().setTokenId(tokenId).execute(ledger.client);
    expect(info.tokenType?.toString()).toBe(TokenType.FungibleCommon.toString());
    expect([info.decimals, info.totalSupply.toString(), info.supplyType?.toString()]).toEqual([
      2,
      '1000000',
      TokenSupplyType.Infinite.toString(),
    ]);
    expect(info.supplyKey).toBeNull();
    expect(await unitsHeld(treasury, tokenId)).toBe('1000000');
    expect(await mirrorUnitsHeld(treasury, tokenId)).toMatchObject({ balance: '1000000', decimals: 2 });
    expectSchema('TokenInfo', await mirrorJson(`/tokens/${tokenId}`));
    expectSchema('TokenRelationshipResponse', await mirrorJson(`/accounts/${treasury}/tokens`));
    expect(await mirror(`/tokens/${tokenId}`)).toMatchObject({
      type: 'FUNGIBLE_COMMON',
      decimals: '2',
      initial_supply: '1000000',
      total_supply: '1000000',
      supply_type: 'INFINITE',
      max_supply: '0',
      supply_key: null,
    });
    const {
      transactions: [creation],
    } = await mirror<{ transactions: { token_transfers: MirrorTokenTransfer[] }[] }>(
      `/transactions/${mirrorIdOf(created.transactionId)}`,
    );
    expectSchema(
      'TransactionByIdResponse',
      await mirrorJson(`/transactions/${mirrorIdOf(created.transactionId)}`),
    );
    expect(creation!.token_transfers).toEqual([
      { token_id: tokenId, account: treasury, amount: '1000000', is_approval: false },
    ]);
    // Without a supply key, the supply is what it was created with.
    expect(await statusOf(new TokenMintTransaction().setTokenId(tokenId).setAmount(1))).toBe(
      'TOKEN_HAS_NO_SUPPLY_KEY',
    );
  });

  it('moves units between associated accounts that may hold them, signed by each sender', async () => {
    const treasuryKey = PrivateKey.generateED25519();
    const kycKey = PrivateKey.generateED25519();
    const freezeKey = PrivateKey.generateED25519();
    const bobKey = PrivateKey.generateECDSA();
    const [treasury, bob, carol] = await Promise.all([
      newAccount(treasuryKey),
      newAccount(bobKey),
      newAccount(PrivateKey.generateED25519()),
    ]);
    const tokenId = (
      (await receiptOf(
        new TokenCreateTransaction()
          .setTokenName('Guarded')
          .setTokenSymbol('GRD')
          .setDecimals(3)
          .setInitialSupply(10_000)
          .setTreasuryAccountId(treasury)
          .setKycKey(kycKey.publicKey)
          .setFreezeKey(freezeKey.publicKey),
        [treasuryKey],
      )) as TransactionReceipt
    ).tokenId!.toString();
    const send = (units: number, to = bob) =>
      new TransferTransaction()
        .addTokenTransfer(tokenId, treasury, -units)
        .addTokenTransfer(tokenId, to, units);

    expect(await statusOf(send(250), [treasuryKey])).toBe('TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
    expect(
      await statusOf(new TokenAssociateTransaction().setAccountId(bob).setTokenIds([tokenId]), [bobKey]),
    ).toBe('SUCCESS');
    expect(await statusOf(send(250), [treasuryKey])).toBe('ACCOUNT_KYC_NOT_GRANTED_FOR_TOKEN');
    expect(
      await statusOf(new TokenGrantKycTransaction().setTokenId(tokenId).setAccountId(bob), [kycKey]),
    ).toBe('SUCCESS');
    expect(await statusOf(send(250), [])).toBe('INVALID_SIGNATURE');
    expect(await statusOf(send(10_001), [treasuryKey])).toBe('INSUFFICIENT_TOKEN_BALANCE');
    expect(await statusOf(send(250, carol), [treasuryKey])).toBe('TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
    const unbalanced = new TransferTransaction()
      .addTokenTransfer(tokenId, treasury, -250)
      .addTokenTransfer(tokenId, bob, 200);
    expect(await statusOf(unbalanced, [treasuryKey])).toBe('TRANSFERS_NOT_ZERO_SUM_FOR_TOKEN');
    const wrongDecimals = new TransferTransaction()
      .addTokenTransferWithDecimals(tokenId, treasury, -250, 2)
      .addTokenTransferWithDecimals(tokenId, bob, 250, 2);
    expect(await statusOf(wrongDecimals, [treasuryKey])).toBe('UNEXPECTED_TOKEN_DECIMALS');

    const sent = await execute(
      new TransferTransaction()
        .addTokenTransferWithDecimals(tokenId, treasury, -250, 3)
        .addTokenTransferWithDecimals(tokenId, bob, 250, 3),
      [treasuryKey],
    );
    const record = await sent.getRecord(ledger.client);
    expect(record.receipt.status.toString()).toBe('SUCCESS');
    expect(
      Object.fromEntries(
        [...(record.tokenTransfers.get(tokenId) ?? new Map<string, Long>())].map(([account, units]) => [
          account.toString(),
          units.toString(),
        ]),
      ),
    ).toEqual({ [treasury]: '-250', [bob]: '250' });
    const {
      transactions: [transfer],
    } = await mirror<{ transactions: { token_transfers: MirrorTokenTransfer[] }[] }>(
      `/transactions/${mirrorIdOf(sent.transactionId)}`,
    );
    expect(transfer!.token_transfers).toEqual(
      [treasury, bob]
        .sort((a, b) => Number(a.split('.')[2]) - Number(b.split('.')[2]))
        .map((account) => ({
          token_id: tokenId,
          account,
          amount: account === bob ? '250' : '-250',
          is_approval: false,
        })),
    );
    // Both sides, to the unit, in the node's answer and on the mirror.
    expect([await unitsHeld(treasury, tokenId), await unitsHeld(bob, tokenId)]).toEqual(['9750', '250']);
    const { balances } = await mirror<{ balances: { account: string; tokens: object[] }[] }>(
      `/balances?account.id=${bob}`,
    );
    expect(balances[0]!.tokens).toEqual([{ token_id: tokenId, balance: '250' }]);
    const { transactions: bobs } = await mirror<{ transactions: { transaction_id: string }[] }>(
      `/transactions?account.id=${bob}&transactiontype=CRYPTOTRANSFER`,
    );
    expect(bobs.map((row) => row.transaction_id)).toContain(mirrorIdOf(sent.transactionId));

    // Bob sends back with his own signature; frozen, he cannot.
    const back = () =>
      new TransferTransaction().addTokenTransfer(tokenId, bob, -50).addTokenTransfer(tokenId, treasury, 50);
    expect(await statusOf(back(), [bobKey])).toBe('SUCCESS');
    expect(
      await statusOf(new TokenFreezeTransaction().setTokenId(tokenId).setAccountId(bob), [freezeKey]),
    ).toBe('SUCCESS');
    expect(await statusOf(back(), [bobKey])).toBe('ACCOUNT_FROZEN_FOR_TOKEN');
    expect(await mirrorUnitsHeld(bob, tokenId)).toMatchObject({ balance: '200', freeze_status: 'FROZEN' });
  });

  it('mints up to a finite supply, burns from the treasury and wipes from a holder, by amount', async () => {
    const treasuryKey = PrivateKey.generateED25519();
    const supplyKey = PrivateKey.generateECDSA();
    const wipeKey = PrivateKey.generateED25519();
    const holderKey = PrivateKey.generateED25519();
    const [treasury, holder] = await Promise.all([newAccount(treasuryKey), newAccount(holderKey)]);
    const create = () =>
      new TokenCreateTransaction()
        .setTokenName('Capped')
        .setTokenSymbol('CAP')
        .setDecimals(1)
        .setTreasuryAccountId(treasury)
        .setSupplyKey(supplyKey.publicKey)
        .setWipeKey(wipeKey.publicKey)
        .setSupplyType(TokenSupplyType.Finite);
    expect(await statusOf(create().setInitialSupply(900), [treasuryKey])).toBe('INVALID_TOKEN_MAX_SUPPLY');
    expect(await statusOf(create().setMaxSupply(800).setInitialSupply(900), [treasuryKey])).toBe(
      'INVALID_TOKEN_INITIAL_SUPPLY',
    );
    const tokenId = (
      (await receiptOf(create().setMaxSupply(1_000).setInitialSupply(900), [
        treasuryKey,
      ])) as TransactionReceipt
    ).tokenId!.toString();
    const mint = (units: number) => new TokenMintTransaction().setTokenId(tokenId).setAmount(units);
    const burn = (units: number) => new TokenBurnTransaction().setTokenId(tokenId).setAmount(units);
    const wipe = (units: number) =>
      new TokenWipeTransaction().setTokenId(tokenId).setAccountId(holder).setAmount(units);

    expect(await statusOf(mint(100), [])).toBe('INVALID_SIGNATURE');
    const minted = (await receiptOf(mint(100), [supplyKey])) as TransactionReceipt;
    expect([minted.status.toString(), minted.totalSupply?.toString()]).toEqual(['SUCCESS', '1000']);
    expect(await statusOf(mint(1), [supplyKey])).toBe('TOKEN_MAX_SUPPLY_REACHED');
    expect(
      await statusOf(new TokenMintTransaction().setTokenId(tokenId).addMetadata(Buffer.from('x')), [
        supplyKey,
      ]),
    ).toBe('INVALID_TOKEN_MINT_AMOUNT');
    const burned = (await receiptOf(burn(300), [supplyKey])) as TransactionReceipt;
    expect([burned.status.toString(), burned.totalSupply?.toString()]).toEqual(['SUCCESS', '700']);
    expect(await statusOf(burn(701), [supplyKey])).toBe('INSUFFICIENT_TOKEN_BALANCE');

    expect(await statusOf(wipe(1), [wipeKey])).toBe('TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
    await statusOf(new TokenAssociateTransaction().setAccountId(holder).setTokenIds([tokenId]), [holderKey]);
    await statusOf(
      new TransferTransaction()
        .addTokenTransfer(tokenId, treasury, -100)
        .addTokenTransfer(tokenId, holder, 100),
      [treasuryKey],
    );
    expect(await statusOf(wipe(101), [wipeKey])).toBe('INVALID_WIPING_AMOUNT');
    expect(await statusOf(wipe(40), [])).toBe('INVALID_SIGNATURE');
    const wiping = await execute(wipe(40), [wipeKey]);
    const wiped = await wiping.getReceipt(ledger.client);
    expect([wiped.status.toString(), wiped.totalSupply?.toString()]).toEqual(['SUCCESS', '660']);
    expect(
      await statusOf(new TokenDissociateTransaction().setAccountId(holder).setTokenIds([tokenId]), [
        holderKey,
      ]),
    ).toBe('TRANSACTION_REQUIRES_ZERO_TOKEN_BALANCES');

    expect([await unitsHeld(treasury, tokenId), await unitsHeld(holder, tokenId)]).toEqual(['600', '60']);
    expect(await mirror(`/tokens/${tokenId}`)).toMatchObject({
      total_supply: '660',
      max_supply: '1000',
      initial_supply: '900',
      supply_type: 'FINITE',
      decimals: '1',
    });
    const {
      transactions: [wipeRow],
    } = await mirror<{ transactions: { name: string; token_transfers: MirrorTokenTransfer[] }[] }>(
      `/transactions/${mirrorIdOf(wiping.transactionId)}`,
    );
    expect(wipeRow).toMatchObject({
      name: 'TOKENWIPE',
      token_transfers: [{ token_id: tokenId, account: holder, amount: '-40', is_approval: false }],
    });
  });

  it('keeps a supply past 2^53 exact in the receipt, the queries and the mirror', async () => {
    const supplyKey = PrivateKey.generateED25519();
    const treasuryKey = PrivateKey.generateED25519();
    const treasury = await newAccount(treasuryKey);
    const tokenId = (
      (await receiptOf(
        new TokenCreateTransaction()
          .setTokenName('Large')
          .setTokenSymbol('LRG')
          .setDecimals(8)
          .setTreasuryAccountId(treasury)
          .setSupplyKey(supplyKey.publicKey),
        [treasuryKey],
      )) as TransactionReceipt
    ).tokenId!.toString();
    const units = '25817858423044461';
    const minted = (await receiptOf(
      new TokenMintTransaction().setTokenId(tokenId).setAmount(Long.fromString(units)),
      [supplyKey],
    )) as TransactionReceipt;
    expect(minted.totalSupply?.toString()).toBe(units);
    expect(
      (await new TokenInfoQuery().setTokenId(tokenId).execute(ledger.client)).totalSupply.toString(),
    ).toBe(units);
    expect(await unitsHeld(treasury, tokenId)).toBe(units);
    expect(await mirrorUnitsHeld(treasury, tokenId)).toMatchObject({ balance: units });
    expect(await mirror(`/tokens/${tokenId}`)).toMatchObject({ total_supply: units });
    // An NFT collection takes no decimals.
    expect(
      await statusOf(
        new TokenCreateTransaction()
          .setTokenName('Art')
          .setTokenSymbol('ART')
          .setTokenType(TokenType.NonFungibleUnique)
          .setDecimals(2)
          .setTreasuryAccountId(treasury)
          .setSupplyKey(supplyKey.publicKey),
        [treasuryKey],
      ),
    ).toBe('INVALID_TOKEN_DECIMALS');
  });

  it('associates an account on first receipt while it has automatic association slots (HIP-23, HIP-904)', async () => {
    const treasuryKey = PrivateKey.generateED25519();
    const holderKey = PrivateKey.generateED25519();
    const treasury = await newAccount(treasuryKey);
    const holder = (
      await (
        await new AccountCreateTransaction()
          .setKeyWithoutAlias(holderKey.publicKey)
          .setInitialBalance(new Hbar(10))
          .setMaxAutomaticTokenAssociations(1)
          .execute(ledger.client)
      ).getReceipt(ledger.client)
    ).accountId!.toString();
    const unslotted = await newAccount(PrivateKey.generateED25519());
    const newToken = async (symbol: string) =>
      (
        (await receiptOf(
          new TokenCreateTransaction()
            .setTokenName(symbol)
            .setTokenSymbol(symbol)
            .setInitialSupply(1_000)
            .setTreasuryAccountId(treasury),
          [treasuryKey],
        )) as TransactionReceipt
      ).tokenId!.toString();
    const [first, second] = [await newToken('ONE'), await newToken('TWO')];
    const send = (tokenId: string, to: string, units = 10) =>
      new TransferTransaction()
        .addTokenTransfer(tokenId, treasury, -units)
        .addTokenTransfer(tokenId, to, units);

    expect(await statusOf(send(first, unslotted), [treasuryKey])).toBe('TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
    // A transfer that fails takes no slot: its association goes with it.
    expect(await statusOf(send(first, holder, 1_001), [treasuryKey])).toBe('INSUFFICIENT_TOKEN_BALANCE');
    expect(await mirrorUnitsHeld(holder, first)).toBeUndefined();
    expect(await statusOf(send(first, holder), [treasuryKey])).toBe('SUCCESS');
    expect(await mirrorUnitsHeld(holder, first)).toMatchObject({
      balance: '10',
      automatic_association: true,
    });
    expect(await statusOf(send(second, holder), [treasuryKey])).toBe('NO_REMAINING_AUTOMATIC_ASSOCIATIONS');

    const slots = (count: number) =>
      new AccountUpdateTransaction().setAccountId(holder).setMaxAutomaticTokenAssociations(count);
    expect(await statusOf(slots(0), [holderKey])).toBe('EXISTING_AUTOMATIC_ASSOCIATIONS_EXCEED_GIVEN_LIMIT');
    expect(await statusOf(slots(-2), [holderKey])).toBe('INVALID_MAX_AUTO_ASSOCIATIONS');
    expect(await statusOf(slots(-1), [holderKey])).toBe('SUCCESS');
    expect(await statusOf(send(second, holder), [treasuryKey])).toBe('SUCCESS');
    expect(
      (
        await new AccountInfoQuery().setAccountId(holder).execute(ledger.client)
      ).maxAutomaticTokenAssociations.toNumber(),
    ).toBe(-1);
    expect(await mirror(`/accounts/${holder}`)).toMatchObject({ max_automatic_token_associations: -1 });

    // An account holding units is not deleted.
    expect(
      await statusOf(new AccountDeleteTransaction().setAccountId(holder).setTransferAccountId(treasury), [
        holderKey,
      ]),
    ).toBe('TRANSACTION_REQUIRES_ZERO_TOKEN_BALANCES');
  });

  it('takes back what a holder rejects (HIP-904): all its units, or the NFTs it names, to the treasury', async () => {
    const treasuryKey = PrivateKey.generateED25519();
    const supplyKey = PrivateKey.generateED25519();
    const holderKey = PrivateKey.generateECDSA();
    const [treasury, holder] = await Promise.all([newAccount(treasuryKey), newAccount(holderKey)]);
    const create = (type: TokenType, symbol: string) =>
      new TokenCreateTransaction()
        .setTokenName(symbol)
        .setTokenSymbol(symbol)
        .setTokenType(type)
        .setTreasuryAccountId(treasury)
        .setSupplyKey(supplyKey.publicKey);
    const coin = (
      (await receiptOf(create(TokenType.FungibleCommon, 'RJC').setInitialSupply(1_000), [
        treasuryKey,
      ])) as TransactionReceipt
    ).tokenId!.toString();
    const art = (
      (await receiptOf(create(TokenType.NonFungibleUnique, 'RJA'), [treasuryKey])) as TransactionReceipt
    ).tokenId!.toString();
    await statusOf(
      new TokenMintTransaction()
        .setTokenId(art)
        .setMetadata([Buffer.from('a'), Buffer.from('b'), Buffer.from('c')]),
      [supplyKey],
    );
    await statusOf(new TokenAssociateTransaction().setAccountId(holder).setTokenIds([coin, art]), [
      holderKey,
    ]);
    await statusOf(
      new TransferTransaction()
        .addTokenTransfer(coin, treasury, -10)
        .addTokenTransfer(coin, holder, 10)
        .addNftTransfer(art, 1, treasury, holder)
        .addNftTransfer(art, 2, treasury, holder),
      [treasuryKey],
    );
    const reject = () => new TokenRejectTransaction().setOwnerId(AccountId.fromString(holder));

    expect(await statusOf(reject().addTokenId(TokenId.fromString(coin)), [])).toBe('INVALID_SIGNATURE');
    expect(await statusOf(reject(), [holderKey])).toBe('EMPTY_TOKEN_REFERENCE_LIST');
    const rejected = await execute(reject().addTokenId(TokenId.fromString(coin)), [holderKey]);
    const record = await rejected.getRecord(ledger.client);
    expect(record.receipt.status.toString()).toBe('SUCCESS');
    expect(
      Object.fromEntries(
        [...(record.tokenTransfers.get(coin) ?? new Map<string, Long>())].map(([account, units]) => [
          account.toString(),
          units.toString(),
        ]),
      ),
    ).toEqual({ [holder]: '-10', [treasury]: '10' });
    expect([await unitsHeld(holder, coin), await unitsHeld(treasury, coin)]).toEqual(['0', '1000']);
    expect(await mirrorUnitsHeld(holder, coin)).toMatchObject({ balance: '0' });
    expect(
      (
        await mirror<{ transactions: { name: string }[] }>(
          `/transactions/${mirrorIdOf(rejected.transactionId)}`,
        )
      ).transactions[0],
    ).toMatchObject({ name: 'TOKENREJECT' });
    expect(await statusOf(reject().addTokenId(TokenId.fromString(coin)), [holderKey])).toBe(
      'INSUFFICIENT_TOKEN_BALANCE',
    );

    expect(await statusOf(reject().addNftId(new NftId(TokenId.fromString(art), 3)), [holderKey])).toBe(
      'INVALID_OWNER_ID',
    );
    expect(await statusOf(reject().addNftId(new NftId(TokenId.fromString(art), 1)), [holderKey])).toBe(
      'SUCCESS',
    );
    expect(await mirror(`/tokens/${art}/nfts/1`)).toMatchObject({ account_id: treasury });
    expect(await mirror(`/tokens/${art}/nfts/2`)).toMatchObject({ account_id: holder });
    expect(
      await statusOf(
        new TokenRejectTransaction()
          .setOwnerId(AccountId.fromString(treasury))
          .addTokenId(TokenId.fromString(coin)),
        [treasuryKey],
      ),
    ).toBe('ACCOUNT_IS_TREASURY');
  });
});
