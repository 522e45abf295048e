// Issue 28: a report shows the figures of the screen it was generated from, from the property
// page and from the dashboard after picking one of several same-named streets.
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';

const DATA_MODE_KEY = 'propguard:data-mode';

type StoredReport = { report: { content: { comprehensive_analysis: { ai_valuation: number; conservative_value: number; optimistic_value: number; as_at: string }; property_details: { address: string; suburb: string | null } } } };

async function storedReportOf(page: Page, request: APIRequestContext): Promise<StoredReport['report']['content']> {
  await expect(page).toHaveURL(/\/report\/rpt_[0-9a-f-]+$/, { timeout: 30_000 });
  const reportId = page.url().split('/').pop() ?? '';
  return ((await (await request.get(`/api/reports/${reportId}`)).json()) as StoredReport).report.content;
}

const aud = (value: number) => `$${value.toLocaleString('en-AU')}`;

test.describe('one answer per property (issue 28)', () => {
  test('a report from the property page shows the page\'s valuation, range and date', async ({ page, request }) => {
    const found = await request.post('/api/realty/search', { data: { location: 'Richmond VIC 3121', property_type: 'sold', limit: 3 } });
    const listing = ((await found.json()) as { properties: Array<{ listing_id: string; propguard_valuation: { ai_valuation: number; valuation_range: { min: number; max: number }; as_at: string } }> }).properties[2]!;
    await page.goto(`/property/${listing.listing_id}`);
    const shown = listing.propguard_valuation;
    // The page's first paint waits for its route's chunk and the listing's analysis: up to 15 s on a busy 2-core machine.
    await expect(page.getByTestId('listing-ai-valuation')).toHaveText(`AI valuation: ${aud(shown.ai_valuation)}`, { timeout: 15_000 });
    await expect(page.getByText(`${aud(shown.valuation_range.min)} to ${aud(shown.valuation_range.max)}`)).toBeVisible();

    await page.getByRole('button', { name: 'Generate Full Valuation Report' }).click();
    const content = await storedReportOf(page, request);
    expect(content.comprehensive_analysis).toMatchObject({ ai_valuation: shown.ai_valuation, conservative_value: shown.valuation_range.min, optimistic_value: shown.valuation_range.max, as_at: shown.as_at });
    await expect(page.getByTestId('report-valuation')).toHaveText(aud(shown.ai_valuation));
    await expect(page.getByTestId('report-conservative')).toHaveText(aud(shown.valuation_range.min));
  });

  test('a report from the dashboard is of the suggestion picked among same-named streets, with the screen\'s figures', async ({ page, request }) => {
    // A street number and name found in several suburbs: the test picks one that is not the first.
    const suggested = await request.post('/api/functions/address-search', { data: { action: 'autocomplete', query: '5 Charles St', limit: 10 } });
    const options = ((await suggested.json()) as { suggestions: Array<{ id: string; label: string; kind: string; suburb: string }> }).suggestions.filter((item) => item.kind === 'address' && /^5 Charles St,/.test(item.label));
    expect(new Set(options.map((item) => item.suburb)).size, JSON.stringify(options)).toBeGreaterThan(1);
    const wanted = options[2]!;

    await page.addInitScript({ content: `window.localStorage.setItem(${JSON.stringify(DATA_MODE_KEY)}, "live");` });
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Property address' });
    await box.fill('');
    await box.pressSequentially('5 Charles St', { delay: 30 });
    await page.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option', { name: new RegExp(wanted.label.split(',')[1]!.trim()) }).first().click();
    await expect(box).toHaveValue(wanted.label);
    const results = page.getByRole('region', { name: 'Analysis results' });
    const estimate = results.getByTestId('valuation-estimate');
    await expect(estimate).toBeVisible({ timeout: 30_000 });
    const shownEstimate = (await estimate.textContent()) ?? '';

    await results.getByRole('button', { name: 'Generate Valuation Report' }).click();
    const content = await storedReportOf(page, request);
    expect(aud(content.comprehensive_analysis.ai_valuation)).toBe(shownEstimate);
    expect(content.property_details.suburb?.toUpperCase()).toBe(wanted.suburb.toUpperCase());
    await expect(page.getByTestId('report-valuation')).toHaveText(shownEstimate);
  });
});
