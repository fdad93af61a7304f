import { expect, type Page } from '@playwright/test';
import type { QuoteResponse } from '@registry/contracts/orders';
import type { CartPage } from '../pages/cart-page';
import { DomainDetailPage } from '../pages/domain-detail-page';
import type { NetworkTools } from './fixtures';

/** What every transaction costs on the local network (0.001 HBAR). */
export const FEE_TINYBARS = 100_000n;
export const MINTED = 'Congratulation! Your domain(s) has been minted';

/**
 * The checkout's "Proceed to payment": the wallet pays and associates the collection, and the name's NFT
 * reaches it. Checks the holder and what left the account on the mirror REST; answers the NFT and the
 * balance after.
 */
export async function payAndReceive(
  page: Page,
  onNetwork: NetworkTools,
  { accountId, name, cart }: { accountId: string; name: string; cart: CartPage },
) {
  const before = await onNetwork.mirrorBalance(accountId);
  const quoted = page.waitForResponse((response) => response.url().endsWith('/api/orders/quote'));
  await cart.proceedToPayment.click();
  const bought = (await (await quoted).json()) as QuoteResponse;
  await expect(cart.dialog(MINTED)).toBeVisible({ timeout: 60_000 });
  const nft = (await onNetwork.nftOfName(accountId, name))!;
  expect(nft.account_id).toBe(accountId);
  const after = await onNetwork.mirrorBalance(accountId);
  // The price, the payment's fee and the association's.
  expect(before - after).toBe(BigInt(bought.amountTinybars) + 2n * FEE_TINYBARS);
  return { nft, balance: after };
}

/**
 * On the name's page: extends it by a year (the wallet pays the quote, the page shows the new expiry),
 * then sends it to a second account that associated the collection (the wallet signs the NFT transfer),
 * whose list shows it. Each step's cost and holder are read from the mirror REST.
 */
export async function extendAndSend(
  page: Page,
  onNetwork: NetworkTools,
  {
    accountId,
    name,
    nft,
    balance,
  }: { accountId: string; name: string; nft: { token_id: string; serial_number: number }; balance: bigint },
) {
  const detail = new DomainDetailPage(page);
  await detail.goto(name);
  const expiryBefore = new Date((await detail.expiry().textContent())!);
  const extension = await detail.extendBy(1);
  expiryBefore.setFullYear(expiryBefore.getFullYear() + 1);
  await expect(detail.expiry()).toHaveText(expiryBefore.toLocaleDateString('en-US'));
  const afterExtension = await onNetwork.mirrorBalance(accountId);
  expect(balance - afterExtension).toBe(BigInt(extension.amountTinybars) + FEE_TINYBARS);

  const receiver = await onNetwork.otherWallets.openAccount();
  await onNetwork.otherWallets.associate(receiver, nft.token_id);
  await detail.transferTo(name, receiver.accountId);
  expect(await onNetwork.nftOfName(receiver.accountId, name)).toMatchObject({
    account_id: receiver.accountId,
    serial_number: nft.serial_number,
  });
  expect(await onNetwork.mirrorBalance(accountId)).toBe(afterExtension - FEE_TINYBARS);
  const receiverCookie = await onNetwork.otherWallets.signIn(receiver);
  await expect
    .poll(async () =>
      (await onNetwork.otherWallets.domainsOf(receiverCookie)).map((domain) => domain.itemName),
    )
    .toContain(name);
}

/** After a payment that did not happen: nothing left the account, and the name is free to buy again. */
export async function expectNothingPaid(
  page: Page,
  onNetwork: NetworkTools,
  { accountId, balance, name }: { accountId: string; balance: bigint; name: string },
) {
  expect(await onNetwork.mirrorBalance(accountId)).toBe(balance);
  expect(await onNetwork.holderOfName(accountId, name)).toBeNull();
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/domains/availability?name=${name}`);
      return ((await response.json()) as { status: number }).status;
    })
    .toBe(1);
}
