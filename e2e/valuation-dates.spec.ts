import { expect, test } from '@playwright/test';

/**
 * Issues 20 and 31: the dashboard says the date a valuation is as at (31 March 2025), the market's last
 * local sale it was valued from, and the carry-forward factor in words; and shows a recent own sale.
 */
test('a Melbourne address is valued as at 31 March 2025, from its last local sale and its own February 2018 sale, carried forward in words', async ({ page }) => {
  await page.addInitScript({ content: `window.localStorage.setItem('propguard:data-mode', 'live');` });
  await page.goto('/');
  await page.getByLabel('Property address').fill('31 Park St, Abbotsford VIC 3067');
  await page.getByRole('button', { name: 'Analyze' }).click();
  await expect(page.getByTestId('valuation-estimate')).toHaveText(/^\$\d{1,3}(,\d{3})+$/, { timeout: 15_000 });
  await expect(page.getByTestId('valuation-market')).toContainText(/as at 31 March 2025, the end of the latest quarter of the ABS series; its latest local sale in our data is of \d{1,2} March 2018/);
  const carry = page.getByTestId('valuation-carry-forward');
  await expect(carry).toContainText(/Our latest local sale for this market is of \d{1,2} March 2018\. The value from that evidence is carried to 31 March 2025 by ×\d\.\d{3} \([+-]\d+\.\d%\), the change of the ABS 6432\.0 median established house transfer price, Melbourne \(smoothed\)/);
  await expect(page.getByTestId('valuation-fsd')).toHaveText(/^\d+\.\d%$/);
  const ownSale = page.getByTestId('valuation-own-sale');
  await expect(ownSale).toContainText('This property sold on 17 February 2018 for $1,200,000');
  await expect(ownSale).toContainText(/weight of \d+%/);
  // The estimate is the own sale carried by the stated factor, within 5%.
  const factor = Number(/×(\d\.\d{3})/.exec((await carry.textContent())!)![1]);
  const estimate = Number((await page.getByTestId('valuation-estimate').textContent())!.replace(/[$,]/g, ''));
  expect(Math.abs(estimate / (1_200_000 * factor) - 1)).toBeLessThan(0.05);
});

test('a Brisbane address shows no estimate but the city median, labelled, with the reason and the hazards', async ({ page }) => {
  await page.addInitScript({ content: `window.localStorage.setItem('propguard:data-mode', 'live');` });
  await page.goto('/');
  await page.getByLabel('Property address').fill('10 Adelaide St, Brisbane City QLD 4000');
  await page.getByRole('button', { name: 'Analyze' }).click();
  const card = page.getByTestId('no-estimate');
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card.getByTestId('region-median')).toHaveText(/^\$\d{3},\d{3}$/);
  await expect(card).toContainText(/City median, Brisbane: (established house|attached dwelling \(unit, flat, townhouse\)) transfers, quarter to 31 March 2025/);
  await expect(card).toContainText("A city median, not this property's value.");
  await expect(card.getByTestId('no-estimate-reason')).toContainText('our data hold no local sales in QLD');
  await expect(page.getByText('Risk Assessment Detail')).toBeVisible();
});
