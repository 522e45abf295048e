import { expect, test } from '@playwright/test';

test.describe('market analysis (/market-analysis)', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/market-analysis');
  });

  test('shows the form with labelled fields', async ({ page }) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Market Analysis' })).toBeVisible();
    await expect(page.getByLabel('Location')).toBeVisible();
    await expect(page.getByLabel('Property type').getByRole('option')).toHaveText(['House', 'Unit', 'Townhouse', 'Villa', 'Land']);
    await expect(page.getByLabel('Analysis depth').getByRole('option')).toHaveText(['Basic', 'Comprehensive']);
    await expect(page.getByRole('button', { name: 'Analyze Market' })).toBeVisible();
  });

  test('a blank location shows Location Required', async ({ page }) => {
    await page.getByRole('button', { name: 'Analyze Market' }).click();
    await expect(page.getByText('Location Required')).toBeVisible();
    await expect(page.getByText('Please enter a location for market analysis.')).toBeVisible();
  });

  test('an answer without data shows No Market Data Available', async ({ page }) => {
    await page.route('**/api/realty/market-analysis', (route) => route.fulfill({ json: { success: true, market_analysis: null } }));
    await page.getByLabel('Location').fill('Parramatta NSW');
    await page.getByLabel('Location').press('Enter');
    await expect(page.getByRole('heading', { name: 'No Market Data Available' })).toBeVisible();
    await page.getByRole('button', { name: 'Try Different Location' }).click();
    await expect(page.getByLabel('Location')).toHaveValue('');
    await expect(page.getByLabel('Location')).toBeFocused();
  });

  test('a failing analysis shows Analysis Failed', async ({ page }) => {
    await page.route('**/api/realty/market-analysis', (route) => route.fulfill({ status: 500, json: { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong' } } }));
    await page.getByLabel('Location').fill('Parramatta NSW');
    await page.getByRole('button', { name: 'Analyze Market' }).click();
    await expect(page.getByText('Analysis Failed')).toBeVisible();
    await expect(page.getByText('Unable to complete market analysis. Please try again.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No Market Data Available' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try Different Location' })).toBeVisible();
  });

  test('analyses a Melbourne suburb from real sales: figures, index chart and recent sales', async ({ page }) => {
    await page.getByLabel('Location').fill('Reservoir VIC');
    await page.getByRole('button', { name: 'Analyze Market' }).click();
    await expect(page.getByText('Market Analysis Complete')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Market Analysis for Reservoir VIC' })).toBeVisible();
    await expect(page.getByText('Median price', { exact: true })).toBeVisible();
    await expect(page.getByText('Days on market', { exact: true }).locator('..')).toContainText('Not available');
    await expect(page.getByText('Auction clearance', { exact: true }).locator('..')).toContainText('%');
    await expect(page.getByRole('heading', { name: 'Market Trend' })).toBeVisible();
    await expect(page.getByRole('meter', { name: 'Market activity' })).toBeVisible();
    await expect(page.getByTestId('market-index-chart')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Investment Metrics' })).toBeVisible();
    await expect(page.getByText('Gross yield', { exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Most recent recorded sales and auction results' }).getByRole('row')).not.toHaveCount(1);
  });

  test('an ambiguous suburb name says which place it analysed and offers the others (Did you mean)', async ({ page }) => {
    await page.getByLabel('Location').fill('Richmond');
    await page.getByRole('button', { name: 'Analyze Market' }).click();
    const note = page.getByRole('note', { name: 'Place chosen' });
    await expect(note).toContainText(/Showing Richmond [A-Z]{2,3}: Richmond is in \d states in our data/, { timeout: 30_000 });
    await expect(note).toContainText('Did you mean');
    const alternative = note.getByRole('button').first();
    const label = (await alternative.textContent())!.trim();
    await alternative.click();
    await expect(page.getByRole('heading', { name: `Market Analysis for ${label}` })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel('Location')).toHaveValue(label);
    await expect(page.getByRole('note', { name: 'Place chosen' })).toHaveCount(0);
  });

  test('a place without sales of the type shows No Market Data Available with the reason', async ({ page }) => {
    await page.getByLabel('Location').fill('Nowhereville NT');
    await page.getByLabel('Property type').selectOption('villa');
    await page.getByRole('button', { name: 'Analyze Market' }).click();
    await expect(page.getByRole('heading', { name: 'No Market Data Available' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/No priced sales of villas/)).toBeVisible();
  });
});
