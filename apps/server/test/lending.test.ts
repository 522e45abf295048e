import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema, financialImpactResponseSchema } from '@propguard/schemas';
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
});
