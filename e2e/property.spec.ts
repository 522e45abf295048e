import { expect, test } from '@playwright/test';

test.describe('property detail (/property/:id)', () => {
  test('an unknown listing shows Property Not Found and goes back to search', async ({ page }) => {
    await page.goto('/property/some-id');
    await expect(page.getByRole('heading', { name: 'Property Not Found' })).toBeVisible();
    await page.getByRole('button', { name: 'Back to Search' }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Property Search' })).toBeVisible();
  });

  test('/property without an id redirects to /search', async ({ page }) => {
    await page.goto('/property');
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Property Search' })).toBeVisible();
  });

  test('a real listing: valuation, risk, LVR thresholds, features, sale history and a map', async ({ page, request }) => {
    const api = await request.post('/api/realty/search', { data: { location: 'Abbotsford VIC', property_type: 'sold', limit: 1 } });
    const { properties } = (await api.json()) as { properties: Array<{ listing_id: string; address: string; propguard_valuation: { ai_valuation: number } }> };
    const listing = properties[0];
    expect(listing).toBeDefined();
    await page.goto(`/property/${listing?.listing_id}`);
    await expect(page.getByRole('heading', { level: 1, name: listing?.address })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Search' })).toBeVisible();
    await expect(page.getByTestId('listing-ai-valuation')).toHaveText(`AI valuation: $${listing?.propguard_valuation.ai_valuation.toLocaleString('en-AU')}`);
    for (const title of ['AI Valuation', 'Risk Assessment', 'Market Sentiment', 'APRA Compliance', 'Property Features', 'Sale History']) {
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    }
    await expect(page.getByText(/Loan at 80% LVR/)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Sale history' }).getByRole('row')).not.toHaveCount(1);
    await expect(page.getByTestId('property-map')).toHaveAttribute('data-loaded', 'true', { timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Generate Full Valuation Report' })).toBeEnabled();
  });
});
