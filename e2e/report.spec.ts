import { expect, test } from '@playwright/test';

test('an unknown report shows Report Not Found with a way back', async ({ page }) => {
  await page.goto('/report/unknown');
  await expect(page.getByRole('heading', { name: 'Report Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'PropGuard' })).toBeVisible();
});

test.describe('valuation reports', () => {
  test('Generate Full Valuation Report on a property opens the stored report, whose PDF and text download', async ({ page, request }) => {
    const api = await request.post('/api/realty/search', { data: { location: 'Abbotsford VIC', property_type: 'sold', limit: 1 } });
    const { properties } = (await api.json()) as { properties: Array<{ listing_id: string; address: string }> };
    const listing = properties[0];
    await page.goto(`/property/${listing?.listing_id}`);
    await page.getByRole('button', { name: 'Generate Full Valuation Report' }).click();
    // The button says it is working, unless the report is already there (a fast server skips the state).
    await expect(page.getByRole('button', { name: 'Generating Report...' }).or(page.getByRole('heading', { level: 1, name: /Full Valuation Report/ }))).toBeVisible();
    await expect(page).toHaveURL(/\/report\/rpt_[0-9a-f-]+$/, { timeout: 20_000 });
    await expect(page.getByText('Report Generated')).toBeVisible();

    const reportId = page.url().split('/').pop() ?? '';
    const stored = (await (await request.get(`/api/reports/${reportId}`)).json()) as { report: { content_hash: string; content: { comprehensive_analysis: { ai_valuation: number; conservative_value: number } } } };
    await expect(page.getByRole('heading', { level: 1 })).toContainText(listing?.address ?? '');
    await expect(page.getByText(/^Generated on \d{1,2} [A-Z][a-z]+ \d{4}$/)).toBeVisible();
    await expect(page.getByTestId('report-valuation')).toHaveText(`$${stored.report.content.comprehensive_analysis.ai_valuation.toLocaleString('en-AU')}`);
    await expect(page.getByTestId('report-conservative')).toHaveText(`$${stored.report.content.comprehensive_analysis.conservative_value.toLocaleString('en-AU')}`);
    await expect(page.getByTestId('report-content-hash')).toHaveText(stored.report.content_hash);
    await expect(page.getByText(`Report ID: ${reportId}`)).toBeVisible();

    const pdf = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PDF' }).click();
    expect((await pdf).suggestedFilename()).toMatch(/^full-valuation-.+\.pdf$/);
    const text = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download Text' }).click();
    expect((await text).suggestedFilename()).toMatch(/^full-valuation-.+\.txt$/);

    await page.getByRole('link', { name: 'Back to Property' }).click();
    await expect(page).toHaveURL(new RegExp(`/property/${listing?.listing_id}$`));
  });

  test('Share copies the link and says so when the device has no share sheet', async ({ page, context, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const created = await request.post('/api/realty/valuation-report', { data: { address: '85 Turner St, Abbotsford VIC 3067', template: 'lending-summary' } });
    const { report } = (await created.json()) as { report: { report_id: string } };
    await page.addInitScript('Object.defineProperty(navigator, "share", { value: undefined, configurable: true })');
    await page.goto(`/report/${report.report_id}`);
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('Link Copied')).toBeVisible();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toContain(`/report/${report.report_id}`);
    // The lending summary has no comparables table.
    await expect(page.getByRole('table', { name: 'Comparable sales' })).toHaveCount(0);
  });

  test('the Reports tab lists stored reports, generates one from an address and counts them', async ({ page, request }) => {
    await page.goto('/');
    await page.getByRole('tab', { name: 'Reports' }).click();
    await page.getByRole('tab', { name: 'Generate Report' }).click();
    await page.getByLabel('Property address').fill('Kew VIC 3101');
    await page.getByLabel('Template').selectOption('climate-risk');
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await expect(page).toHaveURL(/\/report\/rpt_/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Climate Risk Report');
    const reportId = page.url().split('/').pop() ?? '';

    await page.goto('/');
    await page.getByRole('tab', { name: 'Reports' }).click();
    const library = page.getByRole('table', { name: 'Stored reports' });
    await expect(library.getByRole('row').nth(1)).toContainText('Climate Risk Report');
    await library.getByRole('row').nth(1).getByRole('link', { name: /^View/ }).click();
    await expect(page).toHaveURL(new RegExp(`/report/${reportId}$`));

    await page.goto('/');
    await page.getByRole('tab', { name: 'Reports' }).click();
    await page.getByRole('tab', { name: 'Templates' }).click();
    await expect(page.getByRole('heading', { name: 'Lending Summary' })).toBeVisible();
    await page.getByRole('tab', { name: 'Analytics' }).click();
    const { analytics } = (await (await request.get('/api/reports/analytics')).json()) as { analytics: { reports: number } };
    await expect(page.getByTestId('report-analytics-Reports generated')).toHaveText(analytics.reports.toLocaleString('en-AU'));
  });
});
