import { expect, test } from '@playwright/test';

const DATA_MODE_KEY = 'propguard:data-mode';

test.describe('APRA Compliance tab', () => {
  test('shows measured evidence and re-assesses the analysed property when the loan amount changes', async ({ page }) => {
    await page.addInitScript({ content: `window.localStorage.setItem(${JSON.stringify(DATA_MODE_KEY)}, "live");` });
    await page.goto('/');
    const address = page.getByLabel('Property address');
    await address.fill('85 Turner St, Abbotsford VIC 3067');
    await address.press('Enter');
    const results = page.getByRole('region', { name: 'Analysis results' });
    await expect(results.getByRole('heading', { name: /Turner St/ })).toBeVisible({ timeout: 30_000 });

    await page.getByRole('tab', { name: 'APRA Compliance' }).click();
    await expect(page.getByRole('heading', { name: 'APRA Compliance', level: 2 })).toBeVisible();
    for (const name of ['CPS 230 Operational Risk Management', 'CPS 234 Information Security', 'NCCP Responsible Lending', 'Basel III Capital (APS 112)']) {
      await expect(page.getByRole('heading', { name, level: 3 })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Operational Resilience' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Critical operations and tolerances' }).getByText('Database')).toBeVisible();

    const figure = (label: string) => page.locator('dl > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
    const lvrRow = figure('LVR');
    // The default loan is 80% of the valuation: no LMI.
    await expect(lvrRow).toHaveText('80.0%', { timeout: 15_000 });
    await expect(page.getByText('Not required')).toBeVisible();

    // Change the loan to the amount at 90% LVR: LMI becomes required.
    const at90 = await figure('Loan at 90% LVR').textContent();
    const loan = page.getByLabel('Loan amount (AUD)');
    await loan.fill((at90 ?? '').replace(/[^0-9]/g, ''));
    await expect(lvrRow).toHaveText('90.0%', { timeout: 15_000 });
    await expect(page.getByText('Required (above 80%)')).toBeVisible();
    await expect(figure('APS 112 LVR band')).toHaveText('80-90%');

    // Recording it counts it in the portfolio distribution.
    await page.getByRole('button', { name: 'Record in portfolio' }).click();
    await expect(page.getByText(/Recorded as assessment \d+/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Portfolio Risk Distribution' })).toBeVisible();
  });
});
