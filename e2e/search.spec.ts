import { expect, test } from '@playwright/test';

test.describe('property search (/search)', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/search');
  });

  test('shows the search form with a label on every field', async ({ page }) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Property Search' })).toBeVisible();
    await expect(page.getByLabel('Location')).toBeVisible();
    // Our data hold past sales only: the search opens on them (issue 34).
    await expect(page.getByLabel('Property type')).toHaveValue('sold');
    await expect(page.getByLabel('Property type').getByRole('option')).toHaveText(['For Sale', 'For Rent', 'Recently Sold']);
    await expect(page.getByLabel('Property category').getByRole('option')).toHaveText(['Any', 'House', 'Unit', 'Townhouse', 'Villa', 'Land']);
    await expect(page.getByLabel('Min price')).toBeVisible();
    await expect(page.getByLabel('Max price')).toBeVisible();
    await expect(page.getByLabel('Bedrooms').getByRole('option')).toHaveText(['Any', '1+', '2+', '3+', '4+', '5+']);
    await expect(page.getByLabel('Bathrooms').getByRole('option')).toHaveText(['Any', '1+', '2+', '3+', '4+']);
    await expect(page.getByRole('button', { name: 'Search Properties' })).toBeVisible();
  });

  test('a blank location shows Location Required', async ({ page }) => {
    await page.getByLabel('Location').press('Enter');
    await expect(page.getByText('Location Required')).toBeVisible();
    await expect(page.getByText('Please enter a location to search for properties.')).toBeVisible();
  });

  test('sends the filter, shows six skeleton cards while loading, then No Properties Found', async ({ page }) => {
    let requestBody: unknown;
    let releaseResponse: () => void = () => undefined;
    const responseReleased = new Promise<void>((resolve) => {
      releaseResponse = resolve;
    });
    await page.route('**/api/realty/search', async (route) => {
      requestBody = route.request().postDataJSON();
      await responseReleased;
      await route.fulfill({
        json: {
          success: true,
          properties: [],
          total: 0,
          total_capped_at: 2000,
          offset: 0,
          limit: 20,
          next_offset: null,
          sort: 'date-desc',
          location: { text: 'Richmond VIC', matched: 'suburb Richmond (VIC)' },
          note: null,
          took_ms: 3,
        },
      });
    });

    await page.getByLabel('Location').fill('Richmond VIC');
    await page.getByLabel('Property category').selectOption('house');
    await page.getByLabel('Min price').fill('500000');
    await page.getByLabel('Bedrooms').selectOption('3');
    await page.getByLabel('Location').press('Enter');

    await expect(page.getByTestId('search-skeleton-card')).toHaveCount(6);
    releaseResponse();
    await expect(page.getByRole('heading', { name: 'No Properties Found' })).toBeVisible();
    // No success toast for an empty result (issue 34).
    await expect(page.getByText('Search Complete')).toHaveCount(0);
    expect(requestBody).toEqual({
      location: 'Richmond VIC',
      property_type: 'sold',
      property_category: 'house',
      min_price: 500000,
      bedrooms: 3,
      sort: 'date-desc',
      limit: 20,
    });

    await page.getByRole('button', { name: 'Reset Search' }).click();
    await expect(page.getByLabel('Location')).toHaveValue('');
    await expect(page.getByRole('heading', { name: 'No Properties Found' })).toHaveCount(0);
  });

  test('a failing search shows Search Failed', async ({ page }) => {
    await page.route('**/api/realty/search', (route) => route.fulfill({ status: 503, json: { error: { code: 'SERVICE_UNAVAILABLE', message: 'The database is restarting' } } }));
    await page.getByLabel('Location').fill('Richmond VIC');
    await page.getByRole('button', { name: 'Search Properties' }).click();
    await expect(page.getByText('Search Failed')).toBeVisible();
    await expect(page.getByText('Unable to search properties. Please try again.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Search unavailable' })).toBeVisible();
  });

  test('on the real data: recently sold in Richmond, more pages, a sort, and a card opens the property', async ({ page, request }) => {
    await page.getByLabel('Location').fill('Richmond VIC');
    await page.getByLabel('Location').press('Enter');

    const api = await request.post('/api/realty/search', { data: { location: 'Richmond VIC', property_type: 'sold' } });
    const { total } = (await api.json()) as { total: number };
    await expect(page.getByRole('heading', { name: `${total.toLocaleString('en-AU')} Properties Found in Richmond VIC` })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Search Complete')).toBeVisible();
    // Toasts stand in one corner, clear of the header (its Sign in link), and go by themselves.
    const toast = page.locator('[data-sonner-toast]').first();
    const toastBox = await toast.boundingBox();
    const headerBox = await page.locator('header').first().boundingBox();
    expect(toastBox && headerBox && toastBox.y >= headerBox.y + headerBox.height).toBe(true);
    await expect(page.getByText('Search Complete')).toHaveCount(0, { timeout: 12_000 });
    const cards = page.getByRole('region', { name: /Properties Found/ }).getByRole('link');
    await expect(cards).toHaveCount(20);
    // Melbourne's records have street addresses, in title case.
    await expect(cards.first().getByRole('heading')).not.toHaveText(/^[^a-z]*$/);
    await expect(cards.first()).toContainText('Richmond VIC');
    await expect(cards.first()).toContainText(/AI: \$/);
    await expect(cards.first()).toContainText(/(Low|Medium|High) Risk/);
    await expect(cards.first()).toContainText(/% confidence/);

    await page.getByRole('button', { name: 'Load more properties' }).click();
    await expect(cards).toHaveCount(40);

    await page.getByLabel('Sort by').selectOption('price-asc');
    await expect(cards).toHaveCount(20);
    const prices = await cards.locator('p.text-lg').allTextContents();
    const amounts = prices.map((text) => (text.endsWith('M') ? Number.parseFloat(text.replace(/[$M]/g, '')) * 1e6 : Number(text.replace(/[$,]/g, ''))));
    expect([...amounts].sort((a, b) => a - b)).toEqual(amounts);

    const address = (await cards.first().getByRole('heading').textContent()) ?? '';
    await cards.first().click();
    await expect(page).toHaveURL(/\/property\/sale-\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: address })).toBeVisible();
  });

  test('For Sale and For Rent need a listings feed: none is configured, so the page says the data hold past sales only', async ({ page }) => {
    await page.getByLabel('Location').fill('Richmond VIC');
    for (const type of ['for-sale', 'for-rent']) {
      await page.getByLabel('Property type').selectOption(type);
      await page.getByRole('button', { name: 'Search Properties' }).click();
      await expect(page.getByRole('heading', { name: 'No Properties Found' })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText(/^Our data hold past sales only: no .*feed is configured/)).toBeVisible();
      await expect(page.getByText('Search Complete')).toHaveCount(0);
    }
    await expect(page.getByRole('button', { name: 'Reset Search' })).toBeVisible();
  });

  test('Richmond units: a card whose estimate rests on the suburb\'s typical attributes, or was valued without its rooms, says so', async ({ page }) => {
    await page.getByLabel('Location').fill('Richmond VIC');
    await page.getByLabel('Property category').selectOption('unit');
    await page.getByLabel('Location').press('Enter');
    const notes = page.getByRole('region', { name: /Properties Found/ }).getByTestId('valuation-basis');
    await expect(notes.first()).toBeVisible({ timeout: 20_000 });
    for (const note of await notes.allTextContents()) {
      expect(note).toMatch(/^(Typical unit in this suburb: attributes not in the data|The suburb's typical [a-z ,]+ for a unit(, valued without [a-z ,]+)?: not in the data|Valued without [a-z ,]+ for this unit: not in the data)$/);
    }
  });

  test('Sydney cards: names in title case, and no street address in the source, said on the card', async ({ page }) => {
    // Sydney's data set has no street addresses; the NSW Valuer General's sales (issue 31) do, but
    // give no bedrooms, so "1+ bedrooms" leaves the Sydney set's cards alone.
    await page.getByLabel('Location').fill('Bondi NSW');
    await page.getByLabel('Bedrooms').selectOption('1');
    await page.getByLabel('Location').press('Enter');
    const cards = page.getByRole('region', { name: /Properties Found/ }).getByRole('link');
    await expect(cards.first()).toBeVisible({ timeout: 20_000 });
    await expect(cards.first().getByRole('heading')).toHaveText(/^Bondi/);
    await expect(cards.first()).toContainText('Street address not in the source data');
    await expect(cards.first()).not.toContainText('BONDI');
  });
});
