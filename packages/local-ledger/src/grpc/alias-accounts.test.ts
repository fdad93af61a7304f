import {
  AccountBalanceQuery,
  AccountCreateTransaction,
  AccountId,
  AccountInfoQuery,
  Client,
  Hbar,
  KeyList,
  PrivateKey,
  TokenCreateTransaction,
  TokenMintTransaction,
  TokenNftInfoQuery,
  NftId,
  TokenType,
  TopicCreateTransaction,
  TransactionReceiptQuery,
  TransactionRecordQuery,
  TransferTransaction,
} from '@hashgraph/sdk';
import { describe, expect, it } from 'vitest';
import { GENESIS_ACCOUNT } from '../ledger-accounts';
import { ledgerForSuite, mirrorIdOf } from '../testing/grpc-ledger';
import { ledgerEngineCases } from '../testing/ledger-test-server';

type MirrorTransaction = {
  name: string;
  nonce: number;
  entity_id: string | null;
  result: string;
  consensus_timestamp: string;
  parent_consensus_timestamp: string | null;
  charged_tx_fee: number;
};
type MirrorAccount = {
  account: string;
  alias: string | null;
  evm_address: string;
  key: { _type: string; key: string } | null;
  memo: string;
  max_automatic_token_associations: number;
  balance: { balance: number; tokens: Array<{ token_id: string; balance: number }> };
};

/**
 * Transfers to aliases over gRPC (HIP-32, HIP-583): a key alias or an EVM address no account has gets
 * its account in a child record of the transfer (a hollow one for an address, which its ECDSA key
 * completes by paying), as the receipt's and record's children, the queries by alias and the mirror
 * show.
 */
describe.each(ledgerEngineCases)('accounts made for aliases on $engine', ({ open }) => {
  const ledger = ledgerForSuite(open);
  const { statusOf, mirror } = ledger;

  /** Sends `tinybars` from the genesis account to `to`: the transaction id and its status. */
  async function send(to: AccountId | string, tinybars: number) {
    const response = await new TransferTransaction()
      .addHbarTransfer(GENESIS_ACCOUNT, Hbar.fromTinybars(-tinybars))
      .addHbarTransfer(to, Hbar.fromTinybars(tinybars))
      .execute(ledger.client);
    const receipt = await new TransactionReceiptQuery()
      .setTransactionId(response.transactionId)
      .setIncludeChildren(true)
      .execute(ledger.client);
    return { transactionId: response.transactionId, receipt };
  }

  it('makes the account of an Ed25519 key alias in a child record, once, and finds it by its alias', async () => {
    const key = PrivateKey.generateED25519();
    const alias = key.publicKey.toAccountId(0, 0);
    const first = await send(alias, 250_000_000);
    expect(first.receipt.status.toString()).toBe('SUCCESS');
    expect(first.receipt.children).toHaveLength(1);
    const made = first.receipt.children[0]!.accountId!.toString();
    expect(made).toMatch(/^0\.0\.\d+$/);

    // By its alias and by its number alike.
    const info = await new AccountInfoQuery().setAccountId(alias).execute(ledger.client);
    expect(info.accountId.toString()).toBe(made);
    expect(info.aliasKey?.toStringRaw()).toBe(key.publicKey.toStringRaw());
    expect(info.key.toString()).toBe(key.publicKey.toString());
    expect(info.accountMemo).toBe('auto-created account');
    expect(info.maxAutomaticTokenAssociations.toNumber()).toBe(-1);
    const byAlias = await new AccountBalanceQuery().setAccountId(alias).execute(ledger.client);
    expect(byAlias.hbars.toTinybars().toNumber()).toBe(250_000_000);

    // The record's child, on gRPC and on the mirror: just before its parent, with nonce 1.
    const record = await new TransactionRecordQuery()
      .setTransactionId(first.transactionId)
      .setIncludeChildren(true)
      .execute(ledger.client);
    expect(record.children).toHaveLength(1);
    expect(record.children[0]!.receipt.accountId!.toString()).toBe(made);
    expect(record.children[0]!.transactionId.nonce?.toNumber()).toBe(1);
    const { transactions } = await mirror<{ transactions: MirrorTransaction[] }>(
      `/transactions/${mirrorIdOf(first.transactionId)}`,
    );
    expect(transactions.map(({ name, nonce, result }) => [name, nonce, result])).toEqual([
      ['CRYPTOCREATEACCOUNT', 1, 'SUCCESS'],
      ['CRYPTOTRANSFER', 0, 'SUCCESS'],
    ]);
    const [child, parent] = transactions;
    expect(child).toMatchObject({ entity_id: made, charged_tx_fee: 0 });
    expect(child!.parent_consensus_timestamp).toBe(parent!.consensus_timestamp);
    expect(child!.consensus_timestamp < parent!.consensus_timestamp).toBe(true);
    const onlyChild = await mirror<{ transactions: MirrorTransaction[] }>(
      `/transactions/${mirrorIdOf(first.transactionId)}?nonce=1`,
    );
    expect(onlyChild.transactions.map((each) => each.name)).toEqual(['CRYPTOCREATEACCOUNT']);

    // The mirror's account, to the tinybar, with its alias in base32 as the mirror node writes it.
    const account = await mirror<MirrorAccount>(`/accounts/${made}`);
    expect(account).toMatchObject({
      memo: 'auto-created account',
      key: { _type: 'ED25519', key: key.publicKey.toStringRaw() },
      max_automatic_token_associations: -1,
    });
    expect(account.balance.balance).toBe(250_000_000);
    expect(account.alias).toMatch(/^[A-Z2-7]+$/);

    // The alias names that account from now on: no second account, no child.
    const second = await send(alias, 50_000_000);
    expect(second.receipt.children).toHaveLength(0);
    const after = await new AccountBalanceQuery().setAccountId(made).execute(ledger.client);
    expect(after.hbars.toTinybars().toNumber()).toBe(300_000_000);
  });

  it('makes a hollow account for an EVM address, which its ECDSA key completes by paying for a transaction', async () => {
    const key = PrivateKey.generateECDSA();
    const evmAddress = key.publicKey.toEvmAddress();
    const { receipt } = await send(evmAddress, 500_000_000);
    const hollow = receipt.children[0]!.accountId!.toString();

    const info = await new AccountInfoQuery().setAccountId(hollow).execute(ledger.client);
    expect(info.key).toBeInstanceOf(KeyList);
    expect((info.key as KeyList).toArray()).toHaveLength(0);
    expect(info.contractAccountId).toBe(evmAddress);
    expect(info.aliasKey).toBeNull();
    expect(info.accountMemo).toBe('lazy-created account');
    const hollowOnMirror = await mirror<MirrorAccount>(`/accounts/0x${evmAddress}`);
    expect(hollowOnMirror).toMatchObject({ account: hollow, key: null, evm_address: `0x${evmAddress}` });
    expect(hollowOnMirror.balance.balance).toBe(500_000_000);

    // Without a key nothing leaves it, even signed by its ECDSA key, while another pays.
    const takeOut = new TransferTransaction()
      .addHbarTransfer(hollow, Hbar.fromTinybars(-1))
      .addHbarTransfer(GENESIS_ACCOUNT, Hbar.fromTinybars(1));
    expect(await statusOf(takeOut, [key])).toBe('INVALID_SIGNATURE');

    // Paying with another ECDSA key is refused; with its own, the account takes that key.
    const network = ledger.client.network;
    const impostor = Client.forNetwork(network).setOperator(hollow, PrivateKey.generateECDSA());
    const payer = Client.forNetwork(network).setOperator(hollow, key);
    try {
      expect(await statusOf(new TopicCreateTransaction().setTopicMemo('HIP-583'), [], impostor)).toBe(
        'INVALID_SIGNATURE',
      );
      expect(await statusOf(new TopicCreateTransaction().setTopicMemo('HIP-583'), [], payer)).toBe('SUCCESS');
      const completed = await new AccountInfoQuery().setAccountId(hollow).execute(ledger.client);
      expect(completed.key.toString()).toBe(key.publicKey.toString());
      const onMirror = await mirror<MirrorAccount>(`/accounts/${hollow}`);
      expect(onMirror.key).toEqual({ _type: 'ECDSA_SECP256K1', key: key.publicKey.toStringRaw() });
      // Complete, it signs for what leaves it.
      expect(
        await statusOf(
          new TransferTransaction()
            .addHbarTransfer(hollow, Hbar.fromTinybars(-1000))
            .addHbarTransfer(GENESIS_ACCOUNT, Hbar.fromTinybars(1000)),
          [key],
        ),
      ).toBe('SUCCESS');
      const balance = await new AccountBalanceQuery().setAccountId(hollow).execute(ledger.client);
      // 5 HBAR in, one fee (its topic) and 1,000 tinybars out.
      expect(balance.hbars.toTinybars().toNumber()).toBe(500_000_000 - 100_000 - 1000);
      expect((await mirror<MirrorAccount>(`/accounts/${hollow}`)).balance.balance).toBe(
        balance.hbars.toTinybars().toNumber(),
      );
    } finally {
      impostor.close();
      payer.close();
    }
  });

  it('gives tokens to an ECDSA key alias: its account is made, associated on receipt and holds them', async () => {
    const supplyKey = PrivateKey.generateED25519();
    const created = await new TokenCreateTransaction()
      .setTokenName('Alias')
      .setTokenSymbol('ALS')
      .setTokenType(TokenType.NonFungibleUnique)
      .setTreasuryAccountId(GENESIS_ACCOUNT)
      .setSupplyKey(supplyKey.publicKey)
      .freezeWith(ledger.client)
      .sign(supplyKey);
    const nftToken = (await (await created.execute(ledger.client)).getReceipt(ledger.client)).tokenId!;
    const mint = await new TokenMintTransaction()
      .setTokenId(nftToken)
      .setMetadata([Buffer.from('one')])
      .freezeWith(ledger.client)
      .sign(supplyKey);
    expect((await (await mint.execute(ledger.client)).getReceipt(ledger.client)).status.toString()).toBe(
      'SUCCESS',
    );
    const units = await new TokenCreateTransaction()
      .setTokenName('Units')
      .setTokenSymbol('UNT')
      .setDecimals(2)
      .setInitialSupply(10_000)
      .setTreasuryAccountId(GENESIS_ACCOUNT)
      .execute(ledger.client);
    const unitToken = (await units.getReceipt(ledger.client)).tokenId!.toString();

    const nftKey = PrivateKey.generateECDSA();
    const nftAlias = nftKey.publicKey.toAccountId(0, 0);
    expect(
      await statusOf(new TransferTransaction().addNftTransfer(nftToken, 1, GENESIS_ACCOUNT, nftAlias)),
    ).toBe('SUCCESS');
    const nftHolder = (await new AccountInfoQuery().setAccountId(nftAlias).execute(ledger.client)).accountId;
    const [nft] = await new TokenNftInfoQuery().setNftId(new NftId(nftToken, 1)).execute(ledger.client);
    expect(nft!.accountId.toString()).toBe(nftHolder.toString());
    // An ECDSA key alias also gives the account that key's EVM address.
    const byAddress = await mirror<MirrorAccount>(`/accounts/0x${nftKey.publicKey.toEvmAddress()}`);
    expect(byAddress.account).toBe(nftHolder.toString());

    const unitKey = PrivateKey.generateECDSA();
    const unitAlias = unitKey.publicKey.toAccountId(0, 0);
    expect(
      await statusOf(
        new TransferTransaction()
          .addTokenTransfer(unitToken, GENESIS_ACCOUNT, -10)
          .addTokenTransfer(unitToken, unitAlias, 10),
      ),
    ).toBe('SUCCESS');
    const unitHolder = (
      await new AccountInfoQuery().setAccountId(unitAlias).execute(ledger.client)
    ).accountId.toString();
    const { accounts } = await mirror<{ accounts: MirrorAccount[] }>(`/accounts?account.id=${unitHolder}`);
    expect(accounts.map((account) => account.account)).toEqual([unitHolder]);
    expect(accounts[0]!.balance.tokens).toEqual([{ token_id: unitToken, balance: 10 }]);
    const held = await new AccountBalanceQuery().setAccountId(unitAlias).execute(ledger.client);
    expect(held.tokens?.get(unitToken)?.toNumber()).toBe(10);
  });

  it('makes no account when the transfer fails, nor for an alias it takes from, nor past three', async () => {
    // More than the sender holds: the transfer fails and its alias stays without an account.
    const senderKey = PrivateKey.generateED25519();
    const sender = (
      await (
        await new AccountCreateTransaction()
          .setKeyWithoutAlias(senderKey.publicKey)
          .setInitialBalance(new Hbar(1))
          .execute(ledger.client)
      ).getReceipt(ledger.client)
    ).accountId!;
    const key = PrivateKey.generateED25519();
    const alias = key.publicKey.toAccountId(0, 0);
    const tooMuch = new TransferTransaction()
      .addHbarTransfer(sender, new Hbar(-2))
      .addHbarTransfer(alias, new Hbar(2));
    expect(await statusOf(tooMuch, [senderKey])).toBe('INSUFFICIENT_ACCOUNT_BALANCE');
    await expect(new AccountBalanceQuery().setAccountId(alias).execute(ledger.client)).rejects.toThrow(
      /INVALID_ACCOUNT_ID/,
    );

    // An alias no account has cannot send.
    const fromNobody = new TransferTransaction()
      .addHbarTransfer(alias, Hbar.fromTinybars(-5))
      .addHbarTransfer(GENESIS_ACCOUNT, Hbar.fromTinybars(5));
    expect(await statusOf(fromNobody, [key])).toBe('INVALID_ACCOUNT_ID');

    // Four new aliases in one transfer are more child records than a transaction may have.
    const four = new TransferTransaction().addHbarTransfer(GENESIS_ACCOUNT, Hbar.fromTinybars(-4));
    const aliases = [0, 1, 2, 3].map(() => PrivateKey.generateED25519().publicKey.toAccountId(0, 0));
    for (const each of aliases) four.addHbarTransfer(each, Hbar.fromTinybars(1));
    expect(await statusOf(four)).toBe('MAX_CHILD_RECORDS_EXCEEDED');
    await expect(new AccountBalanceQuery().setAccountId(aliases[0]!).execute(ledger.client)).rejects.toThrow(
      /INVALID_ACCOUNT_ID/,
    );
  });
});
