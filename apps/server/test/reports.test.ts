import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema, reportAnalyticsSchema, reportListResponseSchema, reportResponseSchema, verifyResponseSchema, type StoredReport } from '@propguard/schemas';
import { readPdfText } from './pdf-text.ts';
import { createTestApp, getApiSkipReason, type TestApp } from './test-app.ts';


describe.skipIf(getApiSkipReason() !== null)('valuation reports', () => {
  let testApp: TestApp;
  let report: StoredReport;
  beforeAll(async () => {
    testApp = await createTestApp();
    const [sale] = await testApp.context.database.query<{ id: number }>(`SELECT id FROM sales WHERE upper(suburb) = 'ABBOTSFORD' AND address IS NOT NULL AND price_aud IS NOT NULL ORDER BY id LIMIT 1`);
    const response = await testApp.app.inject({ method: 'POST', url: '/api/realty/valuation-report', payload: { listing_id: `sale-${sale?.id}`, include_blockchain: true } });
    expect(response.statusCode, response.body).toBe(200);
    report = reportResponseSchema.parse(response.json()).report;
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('builds the report from a fresh analysis and stores it with its content hash', async () => {
    expect(report.report_id).toMatch(/^rpt_/);
    expect(report.template).toBe('full-valuation');
    expect(report.content.comprehensive_analysis.ai_valuation).toBeGreaterThan(100_000);
    expect(report.content.comprehensive_analysis.conservative_value).toBeLessThanOrEqual(report.content.comprehensive_analysis.ai_valuation);
    expect(report.content.risk_assessment.hazards).toHaveLength(6);
    expect(report.content.comprehensive_analysis.comparable_properties.length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(report.content.data_versions)).toContain('melbourne-housing-sales');
    expect(report.content_hash).toMatch(/^[0-9a-f]{64}$/);
    // The suburb market from the market engine: Abbotsford has sales, so the figures are there.
    const market = report.content.market_analysis;
    expect(market.available).toBe(true);
    expect(market.location).toMatch(/ABBOTSFORD/i);
    expect(market.median_price).toBeGreaterThan(100_000);
    expect(market.sales_volume).toBeGreaterThan(0);
    // The lending-rules engine on the default loan: 80% of the valuation, so no LMI, and the APS 112 weight of that band.
    const loan = report.content.compliance.default_loan;
    expect(loan?.loan_amount).toBe(Math.round(report.content.comprehensive_analysis.ai_valuation * 0.8));
    expect(loan?.lmi_required).toBe(false);
    expect(loan?.risk_weight).toBe(0.35);
    expect(loan?.minimum_capital).toBeGreaterThan(0);

    const fetched = await testApp.app.inject({ method: 'GET', url: `/api/reports/${report.report_id}` });
    expect(reportResponseSchema.parse(fetched.json()).report).toEqual(report);
  });

  it('serves a real PDF holding the address, the estimate and the hash, with page numbers', async () => {
    const started = performance.now();
    const response = await testApp.app.inject({ method: 'GET', url: `/api/reports/${report.report_id}/pdf` });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="full-valuation-.+\.pdf"$/);
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text } = await readPdfText(bytes);
    expect(pages).toBe(report.pdf_pages);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(report.content.property_details.address);
    expect(flat).toContain(`$${report.content.comprehensive_analysis.ai_valuation.toLocaleString('en-AU')}`);
    expect(flat).toContain(report.content_hash);
    expect(flat).toContain(`Page 1 of ${pages}`);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(report.pdf_sha256);
  });

  it('verifies a hash against the stored content or the PDF, and rejects any other', async () => {
    const verify = async (hash: string) => verifyResponseSchema.parse((await testApp.app.inject({ method: 'GET', url: `/api/reports/${report.report_id}/verify?hash=${hash}` })).json());
    expect(await verify(report.content_hash)).toMatchObject({ matches: true, matched: 'content' });
    expect(await verify(report.pdf_sha256.toUpperCase())).toMatchObject({ matches: true, matched: 'pdf' });
    expect(await verify('0'.repeat(64))).toMatchObject({ matches: false, matched: null });
    const bad = await testApp.app.inject({ method: 'GET', url: `/api/reports/${report.report_id}/verify?hash=abc` });
    expect(bad.statusCode).toBe(400);
    expect(errorResponseSchema.parse(bad.json()).error.field).toBe('querystring.hash');
  });

  it('downloads the text, named from the report type and the address', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: `/api/reports/${report.report_id}/text` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename="full-valuation-[a-z0-9-]*abbotsford[a-z0-9-]*\.txt"/);
    expect(response.body).toContain(report.content.property_details.address);
    expect(response.body).toContain(report.content_hash);
    expect(response.body).toContain(`Risk-weighted assets: $${report.content.compliance.default_loan?.risk_weighted_assets.toLocaleString('en-AU')}`);
    expect(response.body).toContain(`Median price (12 months): $${report.content.market_analysis.median_price?.toLocaleString('en-AU')}`);
  });

  it('lists the library newest first and counts the analytics from the stored reports', async () => {
    const second = await testApp.app.inject({ method: 'POST', url: '/api/realty/valuation-report', payload: { address: '85 Turner St, Abbotsford VIC 3067', template: 'climate-risk' } });
    expect(second.statusCode, second.body).toBe(200);
    const climate = reportResponseSchema.parse(second.json()).report;
    expect(climate.content.sections).not.toContain('comparables');

    const library = reportListResponseSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/reports?limit=100' })).json());
    expect(library.reports[0]?.report_id).toBe(climate.report_id);
    expect(library.reports.some((item) => item.report_id === report.report_id)).toBe(true);
    // The local workspace's library: its reports and those from before workspaces (other API test files store reports for workspaces of their own).
    const [counted] = await testApp.context.database.query<{ total: number }>('SELECT count(*)::int AS total FROM reports WHERE workspace_id IS NULL OR workspace_id = $1', [testApp.context.accounts.localWorkspaceId]);
    expect(library.total).toBe(counted?.total);

    const { analytics } = reportAnalyticsSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/reports/analytics' })).json());
    expect(analytics.reports).toBe(counted?.total);
    expect(analytics.by_template['climate-risk']).toBeGreaterThanOrEqual(1);
    expect(analytics.average_generation_ms).toBeGreaterThan(0);
    expect(analytics.model_holdout?.mdape).toBeGreaterThan(0);
  });

  it('answers an unknown report with 404 and bad requests with a 400 naming the field', async () => {
    const missing = await testApp.app.inject({ method: 'GET', url: '/api/reports/rpt_unknown' });
    expect(missing.statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/reports/rpt_unknown/pdf' })).statusCode).toBe(404);
    const post = (payload: object) => testApp.app.inject({ method: 'POST', url: '/api/realty/valuation-report', payload });
    const neither = await post({ include_blockchain: true });
    expect(neither.statusCode).toBe(400);
    expect(errorResponseSchema.parse(neither.json()).error.field).toBe('body.listing_id');
    const badTemplate = await post({ listing_id: 'sale-1', template: 'poem' });
    expect(errorResponseSchema.parse(badTemplate.json()).error.field).toBe('body.template');
    const unknownListing = await post({ listing_id: 'sale-999999999' });
    expect(unknownListing.statusCode).toBe(404);
  });
});
