import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { ServiceHealth } from '@propguard/schemas';
import { TEST_VALUATION } from './fixtures/valuation-result.ts';

const DATA_MODE_KEY = 'propguard:data-mode';

async function useDataMode(page: Page, mode: 'demo' | 'live' | 'auto') {
  await page.addInitScript({ content: `window.localStorage.setItem(${JSON.stringify(DATA_MODE_KEY)}, ${JSON.stringify(mode)});` });
}

test.describe('dashboard analysis (/)', () => {
  test('Live mode: Analyze posts the address and shows the valuation, comparables and timeline', async ({ page }) => {
    await useDataMode(page, 'live');
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const bodies: unknown[] = [];
    await page.route('**/api/valuations', async (route) => {
      bodies.push(route.request().postDataJSON());
      await released;
      await route.fulfill({ json: { success: true, valuation: TEST_VALUATION } });
    });
    await page.goto('/');
    await expect(page.getByRole('radio', { name: /Live APIs/ })).toBeChecked();

    const address = page.getByLabel('Property address');
    await address.fill('85 Turner St, Abbotsford VIC 3067');
    await address.press('Enter');
    await expect(page.getByRole('button', { name: 'Analyzing...' })).toBeDisabled();
    await expect(page.getByRole('status', { name: 'Analyzing the property' })).toBeVisible();
    release();

    const results = page.getByRole('region', { name: 'Analysis results' });
    await expect(results.getByRole('heading', { name: '85 Turner St, Abbotsford VIC 3067' })).toBeVisible();
    expect(bodies).toEqual([{ address: '85 Turner St, Abbotsford VIC 3067' }]);
    await expect(page.getByTestId('analysis-data-source')).toContainText('Live');
    await expect(results.getByText('Demo data')).toHaveCount(0);

    // Property summary: type, coordinates, counts with N/A, and what the model assumed.
    await expect(results.getByText('House', { exact: true })).toBeVisible();
    await expect(results.getByText('-37.8045, 145.0001')).toBeVisible();
    await expect(results.getByText('650 m²', { exact: true })).toBeVisible();
    await expect(results.getByText('N/A').first()).toBeVisible();
    await expect(results.getByRole('list', { name: 'Assumed inputs' }).getByRole('listitem')).toHaveCount(2);

    // Valuation Analysis.
    await expect(page.getByTestId('valuation-estimate')).toHaveText('$1,250,000');
    await expect(page.getByTestId('valuation-range')).toHaveText('$1,120,000 to $1,390,000');
    await expect(results.getByText('78% (Medium)')).toBeVisible();
    await expect(results.getByText(/Model test-model-1, as at 22 November 2026/)).toBeVisible();

    // Factors, breakdown, comparables with premiums, timeline chart.
    const factors = results.getByRole('list', { name: 'Valuation factors' }).getByRole('listitem');
    await expect(factors).toHaveCount(3);
    await expect(factors.first()).toContainText('+$120,000');
    await expect(factors.first()).toContainText('Land size 650 m²');
    await expect(factors.last()).toContainText('-$30,000');
    await expect(results.getByText('$820,000').first()).toBeVisible();
    await expect(results.getByText(/depreciated residual/).first()).toBeVisible();

    const rows = results.getByRole('table', { name: 'Comparable sales' }).getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText('12 Test Street, Abbotsford VIC 3067');
    await expect(rows.nth(1)).toContainText('14 August 2026');
    await expect(rows.nth(1)).toContainText('0.4 km');
    await expect(rows.nth(1)).toContainText('$1,180,000');
    await expect(rows.nth(1)).toContainText('$1,200,000');
    await expect(rows.nth(1)).toContainText('91%');
    await expect(rows.nth(1)).toContainText('+4.2%');
    await expect(rows.nth(2)).toContainText('Collingwood VIC 3066');
    await expect(rows.nth(2)).toContainText('-5.7%');

    const chart = page.getByTestId('valuation-timeline');
    await expect(chart.locator('.recharts-surface').first()).toBeVisible();
    await expect(chart.locator('.recharts-line')).toHaveCount(2);
    await expect(chart.locator('.recharts-area')).toHaveCount(1);

    // The hazard engine fills the Risk Assessment Detail; sentiment, investment and compliance say which issue fills them.
    await expect(results.getByRole('heading', { name: 'Risk Assessment Detail' })).toBeVisible();
    await expect(results.getByText(/^Coastal erosion and inundation$/)).toBeVisible();
    await expect(results.getByText(/are on the APRA Compliance tab/)).toBeVisible();

    await results.getByRole('tab', { name: 'Analysis' }).click();
    await expect(results.getByText('21.6% of the estimate')).toBeVisible();
    await expect(results.getByText('0.8 km')).toBeVisible();

    await results.getByRole('button', { name: 'View Comparable' }).click();
    await expect(page.locator('#market-comparables')).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Market Comparables' })).toBeInViewport();

    await page.screenshot({ path: 'test-results/dashboard-analysis-live.png', fullPage: true });
  });

  test('Export Data downloads the analysis as JSON and CSV', async ({ page }) => {
    await useDataMode(page, 'live');
    await page.route('**/api/valuations', (route) => route.fulfill({ json: { success: true, valuation: TEST_VALUATION } }));
    await page.goto('/');
    await page.getByLabel('Property address').fill('85 Turner St, Abbotsford VIC 3067');
    await page.getByRole('button', { name: 'Analyze', exact: true }).click();

    const [jsonDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Data (JSON)' }).click()]);
    expect(jsonDownload.suggestedFilename()).toBe('85-turner-st-abbotsford-vic-3067-analysis.json');
    const json = JSON.parse(await readFile(await jsonDownload.path(), 'utf8')) as typeof TEST_VALUATION;
    expect(json.estimate).toBe(1_250_000);
    expect(json.comparables).toHaveLength(2);

    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Data (CSV)' }).click()]);
    expect(csvDownload.suggestedFilename()).toBe('85-turner-st-abbotsford-vic-3067-analysis.csv');
    const csv = await readFile(await csvDownload.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('section,name,value');
    expect(csv).toContain('summary,estimate_aud,1250000');
    expect(csv).toContain('factor,Land size 650 m²,120000');
  });

  test('Live mode shows the API error message when the analysis fails', async ({ page }) => {
    await useDataMode(page, 'live');
    await page.route('**/api/valuations', (route) =>
      route.fulfill({ status: 422, json: { error: { code: 'VALIDATION', message: 'address: could not place this address', field: 'address' } } }),
    );
    await page.goto('/');
    await page.getByRole('button', { name: 'Try the demo address: 123 Collins Street' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Analysis failed' });
    await expect(alert).toContainText('address: could not place this address');
    await expect(page.getByText('Demo data', { exact: true })).toHaveCount(0);
  });

  test('Demo mode serves prop_002 (Melbourne) for 123 Collins Street, labelled Demo data, and the choice persists', async ({ page }) => {
    let liveCalls = 0;
    await page.route('**/api/valuations', (route) => {
      liveCalls += 1;
      return route.abort();
    });
    await page.goto('/');
    await expect(page.getByRole('radio', { name: /Auto/ })).toBeChecked();
    await page.getByRole('radio', { name: /Demo Mode/ }).check();
    await page.reload();
    await expect(page.getByRole('radio', { name: /Demo Mode/ })).toBeChecked();

    await page.getByLabel('Property address').fill('123 Collins Street');
    await page.getByRole('button', { name: 'Analyze', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Analyzing...' })).toBeVisible();

    const results = page.getByRole('region', { name: 'Analysis results' });
    await expect(results.getByRole('heading', { name: '123 Collins Street, Melbourne VIC 3000' })).toBeVisible();
    await expect(page.getByTestId('analysis-data-source')).toContainText('Demo data');
    await expect(page.getByTestId('analysis-data-source')).toContainText('prop_002 (Melbourne)');
    await expect(page.getByTestId('valuation-estimate')).toHaveText('$12,500,000');
    // Every panel showing demo figures carries the label.
    for (const heading of ['Valuation Analysis', 'Top Factors', 'Valuation Breakdown', 'Market Comparables', 'Valuation and Confidence Timeline']) {
      const card = results.locator('div.rounded-lg').filter({ has: page.getByRole('heading', { name: heading }) }).last();
      await expect(card.getByText('Demo data', { exact: true })).toBeVisible();
    }
    await expect(results.getByRole('region', { name: 'Property details' }).getByText('Demo data', { exact: true })).toBeVisible();
    await expect(page.getByTestId('valuation-timeline').locator('.recharts-line')).toHaveCount(2);
    expect(liveCalls).toBe(0);
    await page.screenshot({ path: 'test-results/dashboard-analysis-demo.png', fullPage: true });
  });

  test('Auto mode falls back to demo data with a notice when live analysis fails', async ({ page }) => {
    await page.route('**/api/valuations', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Valuation model not loaded' } } }),
    );
    await page.goto('/');
    await expect(page.getByRole('radio', { name: /Auto/ })).toBeChecked();
    await page.getByRole('button', { name: 'Try the demo address: 123 Collins Street' }).click();

    await expect(page.getByRole('alert').filter({ hasText: 'Live analysis failed' })).toHaveText(
      'Live analysis failed: Valuation model not loaded. Showing demo data.',
    );
    await expect(page.getByTestId('analysis-data-source')).toContainText('Demo data');
    await expect(page.getByTestId('valuation-estimate')).toHaveText('$12,500,000');
  });

  test('the API status grid shows the real health of the services', async ({ page, request }) => {
    await page.goto('/');
    const propguard = (await (await request.get('/api/propguard/health')).json()) as ServiceHealth;
    const realty = (await (await request.get('/api/realty/health')).json()) as ServiceHealth;
    const database = propguard.checks.find((check) => check.name === 'database');

    const grid = page.getByRole('region', { name: 'API status' });
    await expect(grid.getByRole('listitem')).toHaveCount(4);
    await expect(grid.getByRole('listitem', { name: 'PropGuard API' })).toContainText(propguard.status);
    await expect(grid.getByRole('listitem', { name: 'PropGuard API' })).toContainText(/\d ms/);
    await expect(grid.getByRole('listitem', { name: 'Property data' })).toContainText(realty.status);
    await expect(grid.getByRole('listitem', { name: 'Database' })).toContainText(database?.status ?? 'unknown');
    await expect(grid.getByRole('listitem', { name: 'Database' })).toContainText(/(am|pm)/);
    // No FIRMS key in tests: the fire-data feed is the archive shipped in data/, and says so.
    const fireData = propguard.checks.find((check) => check.name === 'fire data');
    await expect(grid.getByRole('listitem', { name: 'Fire-data feed' })).toContainText(fireData?.status ?? 'missing');
    await expect(grid.getByRole('listitem', { name: 'Fire-data feed' })).toContainText(/Archive: [\d,]+ archived detections/);

    const flags = [propguard.success, realty.success, database?.status === 'ok'];
    const expected = flags.every(Boolean) ? 'healthy' : flags.some(Boolean) ? 'partial' : 'unhealthy';
    await expect(page.locator(`[data-health="${expected}"]`)).toBeVisible();
  });

  test('the health checks run on load and again every 30 seconds', async ({ page }) => {
    await page.clock.install();
    let propguardCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/propguard/health')) propguardCalls += 1;
    });
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'API status' }).getByRole('listitem', { name: 'PropGuard API' })).toContainText(/\d ms/);
    expect(propguardCalls).toBe(1);
    await page.clock.runFor(30_000);
    await expect.poll(() => propguardCalls).toBe(2);
  });
  test('Live mode on the real server: a Melbourne address is valued by the trained model', async ({ page, request }) => {
    await useDataMode(page, 'live');
    await page.goto('/');
    await page.getByLabel('Property address').fill('85 Turner St, Abbotsford VIC 3067');
    await page.getByRole('button', { name: 'Analyze' }).click();

    const results = page.getByRole('region', { name: 'Analysis results' });
    await expect(page.getByTestId('valuation-estimate')).toHaveText(/^\$\d{1,3}(,\d{3})+$/, { timeout: 15_000 });
    await expect(page.getByTestId('analysis-data-source')).toContainText('Live');
    // The same figure as the API gives for the same request: the page shows the model's answer.
    const api = await request.post('/api/valuations', { data: { address: '85 Turner St, Abbotsford VIC 3067' } });
    const { valuation } = (await api.json()) as { valuation: { estimate: number; model: { id: string } } };
    await expect(page.getByTestId('valuation-estimate')).toHaveText(`$${valuation.estimate.toLocaleString('en-AU')}`);
    await expect(results.getByText(new RegExp(`Model ${valuation.model.id}`))).toBeVisible();
    // At least three real comparable sales (header row + 3).
    const rows = results.getByRole('table', { name: 'Comparable sales' }).getByRole('row');
    expect(await rows.count()).toBeGreaterThanOrEqual(4);
    await expect(results.getByText('Demo data')).toHaveCount(0);

    // The market panels come from the market engine for the same suburb: the same score as the API gives.
    const market = await request.post('/api/llm/market-sentiment', { data: { location: 'Abbotsford VIC 3067', property_type: 'house' } });
    const { market_sentiment: sentiment } = (await market.json()) as { market_sentiment: { sentiment_score: number; detailed_metrics: { noi: number | null } } };
    await expect(page.getByTestId('market-sentiment')).toContainText(`${sentiment.sentiment_score}/10`, { timeout: 15_000 });
    await expect(page.getByTestId('market-sentiment')).toContainText(/ABBOTSFORD|Abbotsford/);
    if (sentiment.detailed_metrics.noi !== null) {
      await expect(page.getByTestId('investment-metrics')).toContainText(`$${sentiment.detailed_metrics.noi.toLocaleString('en-AU')}`);
    }
  });

  test('Generate Valuation Report on a live analysis stores a report and opens it', async ({ page }) => {
    await useDataMode(page, 'live');
    await page.goto('/');
    await page.getByLabel('Property address').fill('85 Turner St, Abbotsford VIC 3067');
    await page.getByRole('button', { name: 'Analyze' }).click();
    const estimate = await page.getByTestId('valuation-estimate').textContent({ timeout: 15_000 });

    await page.getByRole('button', { name: 'Generate Valuation Report' }).click();
    await expect(page).toHaveURL(/\/report\/[\w-]+$/, { timeout: 20_000 });
    await expect(page.getByText('Report Generated')).toBeVisible();
    await expect(page.getByText(/85 Turner St/i).first()).toBeVisible();
    // The stored report values the same property the dashboard showed (a fresh analysis, same model and data).
    await expect(page.getByText(estimate ?? '').first()).toBeVisible();
  });
});
