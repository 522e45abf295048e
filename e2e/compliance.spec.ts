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
    await expect(page.getByRole('region', { name: 'Critical operations and tolerances' }).getByRole('cell', { name: 'Database', exact: true })).toBeVisible();

    // The LVR panel's figures (its statuses list has an "LVR" row of its own).
    const figures = page.locator('dl[aria-label="LVR figures"] > div, dl[aria-label="Thresholds and climate"] > div');
    const figure = (label: string) => figures.filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
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

  test('saves a tolerance from the keyboard and shows it in the table', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('tab', { name: 'APRA Compliance' }).click();
    const section = page.getByRole('region', { name: 'Critical operations and tolerances' });
    const form = section.getByRole('form', { name: 'Set a tolerance' });
    await form.getByLabel('Dependency').selectOption({ label: 'Certificate chain' });

    // A value the table does not already show, so that a repeated run on the same database still proves the save.
    const disruption = form.getByLabel('Max disruption (min)');
    const minutes = (await disruption.inputValue()) === '45' ? '46' : '45';
    await disruption.fill(minutes);
    await form.getByLabel('Min availability (%)').fill('99.5');
    await form.getByLabel('Max p95 latency (ms)').fill('2500');
    await form.getByLabel('Max p95 latency (ms)').press('Enter');

    await expect(page.getByText('Tolerance saved')).toBeVisible();
    const row = section.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Certificate chain', exact: true }) });
    await expect(row.getByRole('cell', { name: `${minutes} min, 99.5%, 2500 ms (lender)` })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Save tolerance' })).toBeEnabled();
    // A lender tolerance is set: the default-tolerance reminder is no longer an active item.
    await expect(page.getByText('Set your tolerance levels', { exact: false })).toHaveCount(0);
  });

  test('refuses an availability above 100% with the shared schema message and saves nothing', async ({ page }) => {
    let puts = 0;
    page.on('request', (request) => {
      if (request.method() === 'PUT') puts += 1;
    });
    await page.goto('/');
    await page.getByRole('tab', { name: 'APRA Compliance' }).click();
    const form = page.getByRole('form', { name: 'Set a tolerance' });
    const availability = form.getByLabel('Min availability (%)');
    await availability.fill('140');
    await form.getByRole('button', { name: 'Save tolerance' }).click();

    await expect(form.getByText('Minimum availability must be at most 100%')).toBeVisible();
    await expect(availability).toHaveAttribute('aria-invalid', 'true');
    await expect(availability).toHaveAccessibleDescription('Minimum availability must be at most 100%');
    expect(puts).toBe(0);
  });

  test("shows the server's message when it refuses a tolerance", async ({ page }) => {
    // The form validates first, so the server's 4xx is provoked here: the message must reach the lender as written.
    const message = 'params.dependency: unknown dependency "database"';
    await page.route('**/api/compliance/tolerances/**', (route) => route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'NOT_FOUND', message, field: 'params.dependency' } }),
    }));
    await page.goto('/');
    await page.getByRole('tab', { name: 'APRA Compliance' }).click();
    const form = page.getByRole('form', { name: 'Set a tolerance' });
    await form.getByRole('button', { name: 'Save tolerance' }).click();

    await expect(form.getByRole('alert')).toHaveText(`Not saved: ${message}`);
    await expect(page.getByText('Tolerance not saved')).toBeVisible();
  });
});
