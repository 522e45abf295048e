import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';

/**
 * Issue 34 item 7: every route of the web app (apps/web/src/app/paths.ts) fits a 390 px phone
 * without sideways scrolling, the dashboard after an analysis included. Screenshots go to
 * test-results/phone-width/ to be looked at.
 */
const PHONE = { width: 390, height: 844 };
const SHOTS = 'test-results/phone-width';

test.use({ viewport: PHONE });

async function expectNoSidewaysScroll(page: Page, name: string) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  // The elements wider than the screen (outside any scrolling box), named, so that a failure says
  // what overflows. A string: the e2e project is type-checked without the DOM's types.
  const overflowing = await page.evaluate<{ scrollWidth: number; wide: string[] }>(`(() => {
    const width = ${PHONE.width};
    const isClipped = (element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const wide = [];
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      if (element instanceof SVGElement && !(element instanceof SVGSVGElement)) continue;
      if (isClipped(element)) continue;
      const box = element.getBoundingClientRect();
      if (box.right > width + 1 && box.width > 0) wide.push(element.tagName.toLowerCase() + '.' + String(element.getAttribute('class')).slice(0, 70) + ' [' + (element.textContent || '').trim().slice(0, 30) + '] right=' + Math.round(box.right));
    }
    return { scrollWidth: document.documentElement.scrollWidth, wide: wide.slice(0, 8) };
  })()`);
  expect(overflowing.scrollWidth, `${name}: ${overflowing.wide.join('; ')}`).toBeLessThanOrEqual(PHONE.width);
}

/** Ids of real records for the routes with a parameter. */
async function routeIds(request: APIRequestContext) {
  const search = await request.post('/api/realty/search', { data: { location: 'Abbotsford VIC', property_type: 'sold', limit: 1 } });
  const listingId = ((await search.json()) as { properties: { listing_id: string }[] }).properties[0]?.listing_id ?? 'sale-1';
  const created = await request.post('/api/realty/valuation-report', { data: { address: '85 Turner St, Abbotsford VIC 3067', template: 'lending-summary' } });
  const reportId = ((await created.json()) as { report?: { report_id: string } }).report?.report_id ?? 'missing-report';
  const portfolios = await request.get('/api/portfolios');
  const portfolioList = portfolios.ok() ? ((await portfolios.json()) as { portfolios?: { id: string }[] }).portfolios ?? [] : [];
  return { listingId, reportId, portfolioId: portfolioList[0]?.id ?? '00000000-0000-4000-8000-000000000000' };
}

test.describe('every route at 390 px wide (issue 34)', () => {
  test('the dashboard after an analysis, and each of its tabs', async ({ page }) => {
    await page.addInitScript({ content: `window.localStorage.setItem('propguard:data-mode', 'live');` });
    await page.goto('/');
    await expectNoSidewaysScroll(page, 'dashboard-empty');
    await page.getByLabel('Property address').fill('85 Turner St, Abbotsford VIC 3067');
    // At 390 px the suggestion list, once open, lies over the button, as a phone user sees it: Escape closes it.
    const suggestions = page.getByRole('listbox', { name: 'Address suggestions' });
    await expect(suggestions).toBeVisible({ timeout: 15_000 });
    await page.getByLabel('Property address').press('Escape');
    await expect(suggestions).toBeHidden();
    await page.getByRole('button', { name: 'Analyze', exact: true }).click();
    await expect(page.getByTestId('valuation-estimate')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('market-sentiment')).toBeVisible({ timeout: 20_000 });
    await expectNoSidewaysScroll(page, 'dashboard-analysed');
    for (const [index, tab] of ['Risk Analysis', 'Blockchain', 'APRA Compliance', 'Reports', 'Pricing'].entries()) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expectNoSidewaysScroll(page, `dashboard-tab-${index + 1}`);
    }
  });

  test('every other route', async ({ page, request }) => {
    test.setTimeout(120_000);
    const { listingId, reportId, portfolioId } = await routeIds(request);
    const routes: [name: string, path: string][] = [
      ['search', '/search'],
      ['property-index', '/property'],
      ['property', `/property/${listingId}`],
      ['market-analysis', '/market-analysis'],
      ['portfolio', '/portfolio'],
      ['portfolio-detail', `/portfolio/${portfolioId}`],
      ['report', `/report/${reportId}`],
      ['model-card', '/model-card'],
      ['explorer-tx', `/explorer/tx/0x${'ab'.repeat(32)}`],
      ['explorer-token', '/explorer/token/1'],
      ['account', '/account'],
      ['sign-in', '/sign-in'],
      ['settings', '/settings'],
      ['receipt', '/receipt/inv_missing'],
      ['not-found', '/no-such-page'],
    ];
    for (const [name, path] of routes) {
      await page.goto(path);
      await expect(page.locator('#main')).toBeVisible();
      await expectNoSidewaysScroll(page, name);
    }

    // Search results and a market analysis, with their cards and tables.
    await page.goto('/search');
    await page.getByLabel('Location').fill('Richmond VIC');
    await page.getByLabel('Location').press('Enter');
    await expect(page.getByRole('region', { name: /Properties Found/ }).getByRole('link').first()).toBeVisible({ timeout: 20_000 });
    await expectNoSidewaysScroll(page, 'search-results');
  });
});
