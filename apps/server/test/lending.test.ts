import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complianceOverviewSchema, errorResponseSchema, financialImpactResponseSchema } from '@propguard/schemas';
import { insertValuationAudit } from '@propguard/db';
import { applyAuditRetention } from '../src/scheduler.ts';
import { sampleDependencies } from '../src/services/compliance/cps230-service.ts';
import { createTestApp, getApiSkipReason, type TestApp } from './test-app.ts';

const URL = '/api/pipeline/financial-impact-assessment';
// Lismore, NSW: the 2022 flood map covers the town, so the 2050 climate adjustment has data.
const LISMORE = { lat: -28.8105, lng: 153.2776 };

describe.skipIf(getApiSkipReason() !== null)('financial impact assessment (lending rules)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  async function post(payload: object) {
    return testApp.app.inject({ method: 'POST', url: URL, payload });
  }

  function expectFieldError(response: { statusCode: number; json(): unknown }, field: string) {
    expect(response.statusCode).toBe(400);
    const { error } = errorResponseSchema.parse(response.json());
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.field).toBe(field);
    expect(error.message).toContain(field);
  }

  it('assesses the worked example: $850,000 on $1,000,000 owner-occupied P&I', async () => {
    const response = await post({ property_data: { valuation: 1_000_000, address: '1 Test Street, Lismore NSW', ...LISMORE }, loan_amount: 850_000, gross_annual_income: 200_000, living_expenses_monthly: 4000, other_debts: 10_000 });
    expect(response.statusCode, response.body).toBe(200);
    const body = financialImpactResponseSchema.parse(response.json());
    const { assessment } = body;
    expect(body.assessment_id).toBeGreaterThan(0);
    expect(assessment.lvr.ratio).toBe(0.85);
    expect(assessment.lmi).toMatchObject({ isRequired: true, isHeld: true });
    expect(assessment.capital).toMatchObject({ riskWeightWithoutLmi: 0.5, riskWeightWithLmi: 0.4, riskWeight: 0.4, riskWeightedAssetsAud: 340_000 });
    expect(assessment.serviceability.isAssessed).toBe(true);
    expect(assessment.serviceability.assessmentRatePct).toBe(9);
    expect(assessment.dti.ratio).toBe(4.3);
    expect(assessment.climate.isAvailable).toBe(true);
    expect(assessment.climate.climateAdjustedValueAud).toBeLessThan(1_000_000);
    expect(assessment.assumptions.some((line) => line.includes('LMI assumed held'))).toBe(true);
    // Issue 28: LMI assumed is not a pass, and the requirements interview never runs here: the loan's
    // checks read "Not fully checked" in words; the score states its scale and direction.
    expect(assessment.statuses.lvr.checks[0]).toMatchObject({ status: 'not_checked', statusLabel: 'Not checked' });
    expect(assessment).toMatchObject({ complianceStatus: 'not_checked', complianceStatusLabel: 'Not fully checked', complianceScoreScale: '0-100, higher = safer' });
  });

  it('accepts current_valuation and says what is missing without coordinates or income', async () => {
    const response = await post({ property_data: { current_valuation: 750_000 }, loan_amount: 600_000, purpose: 'investor', repayment: 'interest_only' });
    expect(response.statusCode, response.body).toBe(200);
    const { assessment } = financialImpactResponseSchema.parse(response.json());
    expect(assessment.capital.riskWeight).toBe(0.45);
    expect(assessment.climate).toMatchObject({ isAvailable: false });
    expect(assessment.nccp.missing.map((check) => check.id)).toContain('capacity-to-repay');
  });

  it('refuses a negative loan, naming the field', async () => {
    expectFieldError(await post({ property_data: { valuation: 1_000_000 }, loan_amount: -5 }), 'body.loan_amount');
  });

  it('refuses a loan without a valuation, naming the field', async () => {
    expectFieldError(await post({ property_data: { address: '1 Test Street' }, loan_amount: 500_000 }), 'body.property_data.valuation');
  });

  it('refuses an unknown purpose, naming the field', async () => {
    expectFieldError(await post({ property_data: { valuation: 1_000_000 }, loan_amount: 500_000, purpose: 'holiday_home' }), 'body.purpose');
  });

  it('refuses a missing loan amount and a body that is not JSON', async () => {
    expectFieldError(await post({ property_data: { valuation: 1_000_000 } }), 'body.loan_amount');
    const response = await testApp.app.inject({ method: 'POST', url: URL, payload: '{bad', headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
  });

  it('shows CPS 230 evidence: health history, lender tolerances, an incident opened on breach with its clocks, the audit trail and the portfolio', async () => {
    const first = complianceOverviewSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/compliance/overview' })).json());
    expect(first.regulations.map((card) => card.id)).toEqual(['cps230', 'cps234', 'nccp', 'basel3']);
    // Issue 28 (the header badge said "APRA CPS 230 Compliant" and CPS 234 "100% Compliant" beside a
    // control not checked): no card is "Compliant" or 100% while one of its checks did not run, and
    // every check's status is in words. PropGuard's default tolerances are in use here, so CPS 230,
    // whose status the header badge reads, is not "Compliant".
    for (const card of first.regulations) {
      if (card.checks.some((item) => item.status === 'not_checked')) {
        expect(card.status, card.name).not.toBe('compliant');
        expect(card.score, card.name).toBeLessThan(100);
      }
      for (const item of card.checks) expect(item.statusLabel).toMatch(/^(Pass|Fail|Not checked)$/);
    }
    for (const item of first.resilience.businessContinuity) expect(item.statusLabel).toMatch(/^(Pass|Fail|Not checked)$/);
    const firstCps230 = first.regulations.find((card) => card.id === 'cps230')!;
    expect(firstCps230.checks.find((item) => item.label === 'Tolerances set by the lender')?.status).toBe(first.resilience.dependencies.some((dependency) => dependency.tolerance.source === 'lender') ? 'pass' : 'not_checked');
    expect(firstCps230.label).toMatch(/^(Compliant|Review required|Not fully checked)$/);
    const database = first.resilience.dependencies.find((dependency) => dependency.id === 'database');
    expect(database?.samples24h).toBeGreaterThan(0);
    // Issue 14: the payments provider (the offline test processor here) is sampled like the others.
    expect(first.resilience.dependencies.find((dependency) => dependency.id === 'payments')?.status).not.toBe('not_built');
    expect(first.portfolio.total).toBeGreaterThan(0);
    expect(first.audit.entries.some((entry) => entry.kind === 'loan assessment' && entry.modelVersion === 'lending-v1')).toBe(true);
    expect(first.reporting.length).toBeGreaterThan(0);
    // Issue 12.5: nothing passes by construction. The APS 112 table is not verified against APRA's
    // text, so its check reads "not checked" and Basel III cannot show 100% compliant; no report
    // PropGuard does not produce is listed as prepared; the APG 223 check runs the engine.
    const basel = first.regulations.find((card) => card.id === 'basel3')!;
    expect(basel.checks.find((item) => item.label.startsWith('APS 112'))?.status).toBe('not_checked');
    expect(basel.status === 'compliant' && basel.score === 100).toBe(false);
    expect(first.reporting.some((item) => item.status === 'Prepared')).toBe(false);
    expect(first.regulations.find((card) => card.id === 'nccp')!.checks.find((item) => item.label.includes('APG 223'))).toMatchObject({ status: 'pass', detail: expect.stringContaining('at 9%') });

    // A 1 ms latency tolerance on the property data cannot be met: the next sample opens an incident.
    const put = await testApp.app.inject({ method: 'PUT', url: '/api/compliance/tolerances/property-data', payload: { max_disruption_minutes: 30, min_availability_pct: 99, max_latency_ms: 1 } });
    expect(put.statusCode, put.body).toBe(200);
    await sampleDependencies(testApp.context);
    const second = complianceOverviewSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/compliance/overview' })).json());
    const incident = second.resilience.incidents.find((item) => item.dependency === 'property-data' && item.resolvedAt === null);
    expect(incident?.breach).toMatch(/latency .* above the 1 ms tolerance/);
    expect(new Date(incident?.notifyMaterialBy ?? 0).getTime() - new Date(incident?.openedAt ?? 0).getTime()).toBe(72 * 3_600_000);
    expect(second.resilience.dependencies.find((dependency) => dependency.id === 'property-data')?.tolerance.source).toBe('lender');
    // A check failed: CPS 230 (the header badge's status) needs a review, in words.
    expect(second.regulations[0]).toMatchObject({ id: 'cps230', status: 'review_required', label: 'Review required' });
    expect(second.regulations[0]?.checks.find((item) => item.label === 'Dependencies within their tolerances')).toMatchObject({ status: 'fail', statusLabel: 'Fail' });
    // The breach has its incident, so the automatic incident log check holds.
    expect(second.regulations.flatMap((card) => card.checks).find((item) => item.label === 'Incidents logged automatically')?.status).toBe('pass');
    expect(second.activeItems.some((item) => item.priority === 'high')).toBe(true);

    // Back to a reachable tolerance: the next sample closes it.
    await testApp.app.inject({ method: 'PUT', url: '/api/compliance/tolerances/property-data', payload: { max_disruption_minutes: 30, min_availability_pct: 0, max_latency_ms: 600_000 } });
    await sampleDependencies(testApp.context);
    const third = complianceOverviewSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/compliance/overview' })).json());
    expect(third.resilience.incidents.find((item) => item.id === incident?.id)?.resolvedAt).not.toBeNull();
  });

  it('refuses a tolerance for an unknown dependency or a bad value, naming the field', async () => {
    const unknown = await testApp.app.inject({ method: 'PUT', url: '/api/compliance/tolerances/teleporter', payload: { max_disruption_minutes: 30, min_availability_pct: 99, max_latency_ms: 100 } });
    expect(unknown.statusCode).toBe(404);
    const bad = await testApp.app.inject({ method: 'PUT', url: '/api/compliance/tolerances/database', payload: { max_disruption_minutes: 30, min_availability_pct: 140, max_latency_ms: 100 } });
    expectFieldError(bad, 'body.min_availability_pct');
    // The shared schema's message, the one the web form shows under its input.
    expect((bad.json() as { error: { message: string } }).error.message).toBe('body.min_availability_pct: Minimum availability must be at most 100%');
  });

  it('keeps the valuation audit trail to its retention (scheduler job)', async () => {
    const old = new Date(Date.now() - (testApp.context.config.auditRetentionDays + 5) * 86_400_000).toISOString();
    await insertValuationAudit(testApp.context.database, { recordedAt: old, kind: 'valuation', subject: 'retention test', modelVersion: 'test', inputs: {}, dataSources: [], result: {} });
    const count = async (subject: string) => (await testApp.context.database.query<{ n: number }>('SELECT count(*)::int AS n FROM valuation_audit WHERE subject = $1', [subject]))[0]!.n;
    expect(await count('retention test')).toBe(1);
    const before = (await testApp.context.database.query<{ n: number }>('SELECT count(*)::int AS n FROM valuation_audit'))[0]!.n;
    const deleted = await applyAuditRetention(testApp.context);
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(await count('retention test')).toBe(0);
    // Only rows past the retention went: the recent trail is intact.
    const after = (await testApp.context.database.query<{ n: number }>('SELECT count(*)::int AS n FROM valuation_audit'))[0]!.n;
    expect(after).toBe(before - deleted);
    expect(after).toBeGreaterThan(0);
  });
});
