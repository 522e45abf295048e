import { expect, test } from '@playwright/test';

/** Issue 20: the dashboard says which market date a valuation is as at, and shows a recent own sale. */
test('a Melbourne address is valued as at the latest Melbourne sale, anchored on its own February 2018 sale', async ({ page }) => {
  await page.addInitScript({ content: `window.localStorage.setItem('propguard:data-mode', 'live');` });
  await page.goto('/');
  await page.getByLabel('Property address').fill('31 Park St, Abbotsford VIC 3067');
  await page.getByRole('button', { name: 'Analyze' }).click();
  await expect(page.getByTestId('valuation-estimate')).toHaveText(/^\$\d{1,3}(,\d{3})+$/, { timeout: 15_000 });
  await expect(page.getByTestId('valuation-market')).toContainText(/as at \d{1,2} March 2018, the latest Melbourne \(VIC\) sale in our data/);
  const ownSale = page.getByTestId('valuation-own-sale');
  await expect(ownSale).toContainText('This property sold on 17 February 2018 for $1,200,000');
  await expect(ownSale).toContainText(/weight of \d+%/);
  const estimate = Number((await page.getByTestId('valuation-estimate').textContent())!.replace(/[$,]/g, ''));
  expect(Math.abs(estimate / 1_200_000 - 1)).toBeLessThan(0.05);
});
