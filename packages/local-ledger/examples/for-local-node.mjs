// A program written for Hedera's network, pointed at `npx local-ledger` by Client.forLocalNode():
// node 0.0.3 on 127.0.0.1:50211 and the mirror REST on 127.0.0.1:5551/api/v1.
// Run: OPERATOR_KEY=<the genesis key it printed> node examples/for-local-node.mjs
import {
  AccountCreateTransaction,
  AccountInfoQuery,
  Client,
  Hbar,
  PrivateKey,
  TransactionRecordQuery,
  TransferTransaction,
} from '@hashgraph/sdk';

const client = Client.forLocalNode().setOperator('0.0.2', PrivateKey.fromStringDer(process.env.OPERATOR_KEY));

const key = PrivateKey.generateED25519();
const created = await new AccountCreateTransaction()
  .setKeyWithoutAlias(key.publicKey)
  .setInitialBalance(new Hbar(10))
  .execute(client);
const { accountId } = await created.getReceipt(client);

const sent = await new TransferTransaction()
  .addHbarTransfer('0.0.2', new Hbar(-5))
  .addHbarTransfer(accountId, new Hbar(5))
  .setTransactionMemo('hello from the SDK')
  .execute(client);
const record = await new TransactionRecordQuery().setTransactionId(sent.transactionId).execute(client);
const info = await new AccountInfoQuery().setAccountId(accountId).execute(client);

// The mirror REST shows the same state, at once.
const onMirror = await (await fetch(`${client.mirrorRestApiBaseUrl}/accounts/${accountId}`)).json();

console.log(
  JSON.stringify({
    accountId: accountId.toString(),
    status: record.receipt.status.toString(),
    fee: record.transactionFee.toTinybars().toString(),
    balance: info.balance.toTinybars().toString(),
    mirrorBalance: String(onMirror.balance.balance),
  }),
);
client.close();
