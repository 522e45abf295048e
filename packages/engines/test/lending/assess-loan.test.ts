import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLIMATE_OUTLOOK, HAZARD_IDS, lendingAssessmentSchema, type HazardAssessment, type HazardReport, type LoanPurpose, type RepaymentType } from '@propguard/schemas';
import {
  assessLoan,
  computeLvr,
  lvrThresholds,
  monthlyRepayment,
  netAnnualIncome,
  riskWeightFor,
  type LoanInput,
} from '../../src/lending/assess-loan.ts';
import { portfolioBucketFor } from '../../src/lending/portfolio.ts';

const BASE: LoanInput = {
  valuationAud: 1_000_000,
  loanAmountAud: 850_000,
  purpose: 'owner_occupier',
  repayment: 'principal_and_interest',
  interestRatePct: 6,
  termYears: 30,
  interestOnlyYears: 5,
};

function hazardReport(scores: Partial<Record<string, number>>): HazardReport {
  const assessments = HAZARD_IDS.map((hazard): HazardAssessment => {
    const score = scores[hazard];
    return {
      hazard,
      label: hazard,
      score: score ?? 0,
      level: (score ?? 0) >= 70 ? 'High' : (score ?? 0) >= 40 ? 'Medium' : 'Low',
      scoreRange: { low: 0, high: 100 },
      baselineScore: score ?? 0,
      hasData: score !== undefined,
      dataNote: score === undefined ? 'no data' : null,
      factors: [],
      dataUsed: [],
      method: `${hazard}-v1`,
      expectedAnnualDamage: { label: '', minPctPerYear: 0, maxPctPerYear: 0 },
      scenario: 'high',
      year: 2050,
    };
  });
  return {
    location: { lat: -28.8, lng: 153.3 },
    locality: null,
    region: null,
    scenario: 'high',
    year: 2050,
    assessments,
    overall: { score: Math.max(0, ...Object.values(scores).map((value) => value ?? 0)), level: 'Low', method: 'overall-v1' },
    projectionTable: { id: 'ipcc', version: '1' },
  };
}

describe('worked examples', () => {
  it('$1,000,000 valuation, $850,000 owner-occupied P&I: LVR 85%, LMI required, RW 50% without LMI, 40% with', () => {
    const result = assessLoan({ ...BASE, hasLmi: true });
    lendingAssessmentSchema.parse(result);
    // LVR = 850,000 / 1,000,000 = 0.85 -> APS 112 band 80-90%
    expect(result.lvr.ratio).toBe(0.85);
    expect(result.lvr.band).toBe('80-90%');
    expect(result.lmi.isRequired).toBe(true);
    expect(result.capital.riskWeightWithoutLmi).toBe(0.5);
    expect(result.capital.riskWeightWithLmi).toBe(0.4);
    // RWA = 850,000 x 0.40 = 340,000; minimum capital = 340,000 x 8% = 27,200
    expect(result.capital.riskWeightedAssetsAud).toBe(340_000);
    expect(result.capital.minimumCapitalAud).toBe(27_200);
    // Without LMI: RWA = 850,000 x 0.50 = 425,000; capital 34,000; and a 25-point deduction
    const bare = assessLoan({ ...BASE, hasLmi: false });
    expect(bare.capital.riskWeight).toBe(0.5);
    expect(bare.capital.riskWeightedAssetsAud).toBe(425_000);
    expect(bare.capital.minimumCapitalAud).toBe(34_000);
    expect(bare.complianceDeductions).toContainEqual({ rule: 'LVR above 80% without LMI', points: 25 });
    // LMI not held above 80%: the LVR check fails, so the loan needs a review, in words.
    expect(bare.statuses.lvr.checks[0]).toMatchObject({ status: 'fail', statusLabel: 'Fail' });
    expect(bare.complianceStatus).toBe('review_required');
    expect(bare.complianceStatusLabel).toBe('Review required');
    // LMI assumed held (not given) is not a pass: the LVR status reads "Not fully checked".
    const assumed = assessLoan(BASE);
    expect(assumed.statuses.lvr.checks[0]).toMatchObject({ status: 'not_checked', statusLabel: 'Not checked' });
    expect(assumed.statuses.lvr).toMatchObject({ status: 'not_checked', label: 'Not fully checked', score: 50 });
    expect(result.statuses.lvr.status).toBe('compliant');
  });

  it('LVR thresholds are 80, 90 and 95% of the valuation', () => {
    // 1,234,567 x 0.8 = 987,653.6 -> 987,654; x 0.9 = 1,111,110.3; x 0.95 = 1,172,838.65
    expect(lvrThresholds(1_234_567)).toEqual({ '80_percent': 987_654, '90_percent': 1_111_110, '95_percent': 1_172_839 });
  });

  it('80% exactly is the 70-80% band with no LMI (35% owner-occupied P&I, 45% investor)', () => {
    const loan = { ...BASE, loanAmountAud: 800_000 };
    const result = assessLoan(loan);
    expect(result.lmi.isRequired).toBe(false);
    expect(result.lvr.band).toBe('70-80%');
    expect(result.capital.riskWeight).toBe(0.35);
    expect(assessLoan({ ...loan, purpose: 'investor' }).capital.riskWeight).toBe(0.45);
    // Interest only counts as "other" even for an owner-occupier
    expect(assessLoan({ ...loan, repayment: 'interest_only' }).capital.riskWeight).toBe(0.45);
  });

  it('regression: the default loan at round(80% x valuation) needs no LMI and stays in the 70-80% band', () => {
    // 1,234,567 x 0.8 = 987,653.6 -> 987,654: LVR 0.8000003 but exactly the 80% threshold in whole dollars
    const result = assessLoan({ ...BASE, valuationAud: 1_234_567, loanAmountAud: 987_654 });
    expect(result.lmi.isRequired).toBe(false);
    expect(result.lvr.band).toBe('70-80%');
    expect(result.capital.riskWeight).toBe(0.35);
    expect(assessLoan({ ...BASE, valuationAud: 1_234_567, loanAmountAud: 987_655 }).lmi.isRequired).toBe(true);
  });

  it('reads every band of both columns', () => {
    const lvrs = [0.4, 0.55, 0.65, 0.75, 0.85, 0.95, 1.1];
    expect(lvrs.map((lvr) => riskWeightFor(lvr, 'owner_occupier', 'principal_and_interest', false))).toEqual([0.2, 0.25, 0.3, 0.35, 0.5, 0.7, 0.85]);
    expect(lvrs.map((lvr) => riskWeightFor(lvr, 'owner_occupier', 'principal_and_interest', true))).toEqual([0.2, 0.25, 0.3, 0.35, 0.4, 0.55, 0.7]);
    expect(lvrs.map((lvr) => riskWeightFor(lvr, 'investor', 'principal_and_interest', false))).toEqual([0.25, 0.3, 0.4, 0.45, 0.65, 0.85, 1.05]);
  });

  it('repayments: $500,000 over 30 years at 6% is $2,997.75 a month; at 9% (6 + 3 pp) $4,023.11', () => {
    // r = 0.06 / 12 = 0.005; n = 360; 500,000 x 0.005 / (1 - 1.005^-360) = 2,997.75
    expect(monthlyRepayment(500_000, 6, 30)).toBeCloseTo(2997.75, 2);
    // r = 0.0075: 500,000 x 0.0075 / (1 - 1.0075^-360) = 4,023.11
    expect(monthlyRepayment(500_000, 9, 30)).toBeCloseTo(4023.11, 2);
    expect(monthlyRepayment(360_000, 0, 30)).toBe(1000);
  });

  it('net income on $100,000: tax 4,288 + 16,500 = 20,788, levy 2,000, net 77,212', () => {
    // (45,000 - 18,200) x 16% = 4,288; (100,000 - 45,000) x 30% = 16,500; 2% levy = 2,000
    expect(netAnnualIncome(100_000)).toBeCloseTo(77_212, 6);
    expect(netAnnualIncome(18_000)).toBeCloseTo(18_000 * 0.98, 6);
  });

  it('serviceability of $600,000 at 6% + 3 pp on $150,000 a year with $3,000 expenses', () => {
    // Net: 4,288 + 27,000 (90,000 x 30%) + 5,550 (15,000 x 37%) = 36,838 tax; levy 3,000; net 110,162 -> 9,180.17 a month
    // Assessed repayment: 600,000 at 9% over 30 years = 4,827.74
    // Surplus = 9,180.17 - 3,000 - 0 - 4,827.74 = 1,352.43
    const result = assessLoan({ ...BASE, valuationAud: 800_000, loanAmountAud: 600_000, grossAnnualIncomeAud: 150_000, livingExpensesMonthlyAud: 3000 });
    expect(result.serviceability.assessmentRatePct).toBe(9);
    expect(result.serviceability.netMonthlyIncomeAud).toBe(9180);
    expect(result.serviceability.assessedMonthlyRepaymentAud).toBe(4828);
    expect(result.serviceability.monthlySurplusAud).toBe(1352);
    expect(result.serviceability.passes).toBe(true);
    // DTI = 600,000 / 150,000 = 4.0
    expect(result.dti).toMatchObject({ ratio: 4, isHighDti: false });
    // LVR 75%: no LMI; everything assessed but requirements-and-objectives and debts: 100 - 10 = 90
    expect(result.complianceScore).toBe(90);
    expect(result.complianceScoreScale).toBe('0-100, higher = safer');
    // A score of 90 is not "compliant": two NCCP checks and the APS 112 table check did not run.
    expect(result.statuses.lvr.status).toBe('compliant');
    expect(result.statuses.nccp).toMatchObject({ status: 'not_checked', passed: 4, notChecked: 2, total: 6, score: 66, summary: '4 of 6 checks passed; 2 not checked' });
    expect(result.statuses.basel3).toMatchObject({ status: 'not_checked', passed: 1, notChecked: 1 });
    expect(result.complianceStatus).toBe('not_checked');
    expect(result.complianceStatusLabel).toBe('Not fully checked');
    expect(result.riskCategory).toBe('Low');
  });

  it('flags DTI >= 6: $900,000 loan + $30,000 debts on $150,000 is 6.2', () => {
    // (900,000 + 30,000) / 150,000 = 6.2
    const result = assessLoan({ ...BASE, valuationAud: 1_200_000, loanAmountAud: 900_000, otherDebtsAud: 30_000, grossAnnualIncomeAud: 150_000 });
    expect(result.dti.ratio).toBe(6.2);
    expect(result.dti.isHighDti).toBe(true);
    // Other debts repaid at 3% a month: 900
    expect(result.serviceability.otherDebtRepaymentsMonthlyAud).toBe(900);
    expect(result.serviceability.passes).toBe(false);
    expect(result.riskCategory).toBe('High');
  });

  it('interest-only loans are assessed on P&I over the term after the interest-only period', () => {
    // 500,000 IO at 6%: 2,500 a month; assessed at 9% over 25 years: 4,195.98
    const result = assessLoan({ ...BASE, loanAmountAud: 500_000, repayment: 'interest_only', grossAnnualIncomeAud: 120_000 });
    expect(result.serviceability.monthlyRepaymentAud).toBe(2500);
    expect(result.serviceability.assessedMonthlyRepaymentAud).toBe(Math.round(monthlyRepayment(500_000, 9, 25)));
    expect(result.inputs.interestOnlyYears).toBe(5);
  });

  it('lists what NCCP checks were assessed and what is missing', () => {
    const result = assessLoan(BASE);
    expect(result.nccp.assessed.map((check) => check.id)).toEqual(['security-valued', 'loan-to-value']);
    expect(result.nccp.missing.map((check) => check.id)).toEqual(['capacity-to-repay', 'living-expenses', 'existing-debts', 'requirements-objectives']);
    expect(result.serviceability.isAssessed).toBe(false);
  });

  it('climate: 2050 flood 70 (1 %/yr) takes 35% x 1% x 15.37 = 5.38% off the value', () => {
    // Adjustment = 1,000,000 x 0.35 x 0.01 x 15.3725 = 53,804; value 946,196; LVR 800,000 / 946,196 = 0.8455
    const result = assessLoan({ ...BASE, loanAmountAud: 800_000 }, { outlook: CLIMATE_OUTLOOK, report: hazardReport({ flood: 70, fire: 0 }) });
    expect(result.climate.isAvailable).toBe(true);
    expect(result.climate.expectedAnnualDamagePct).toBeCloseTo(1, 6);
    expect(result.climate.valueAdjustmentAud).toBe(53_804);
    expect(result.climate.climateAdjustedValueAud).toBe(946_196);
    expect(result.climate.climateAdjustedLvr).toBeCloseTo(0.8455, 4);
    expect(result.complianceDeductions).toContainEqual({ rule: '2050 climate-adjusted LVR above 80%', points: 10 });
    expect(result.climate).toMatchObject({ scenario: 'high', year: 2050 });
    const missing = assessLoan(BASE, { outlook: CLIMATE_OUTLOOK, unavailableReason: 'Hazard layers not loaded' });
    expect(missing.climate).toMatchObject({ isAvailable: false, reason: 'Hazard layers not loaded', climateAdjustedLvr: null, scenario: 'high', year: 2050 });
    expect(assessLoan(BASE).climate).toMatchObject({ isAvailable: false, scenario: null, year: null });
  });

  // Regression (issue 13.2): the engine labelled its output 2050/high whatever outlook it was given.
  it('labels the climate figures with the outlook it was given', () => {
    const outlook = { scenario: 'low' as const, year: 2090 };
    const report = { ...hazardReport({ flood: 70, fire: 0 }), ...outlook };
    const result = assessLoan({ ...BASE, loanAmountAud: 800_000 }, { outlook, report });
    expect(result.climate).toMatchObject({ scenario: 'low', year: 2090 });
    expect(result.climate.method).toContain('2090 low-scenario');
    expect(result.complianceDeductions).toContainEqual({ rule: '2090 climate-adjusted LVR above 80%', points: 10 });
    expect(assessLoan(BASE, { outlook, unavailableReason: 'none' }).climate).toMatchObject({ scenario: 'low', year: 2090 });
  });

  // Regression (issue 28): the default loan scored 55 at 80% LVR and 65 at 94% (the LVR deduction
  // stopped once LMI was assumed, and the climate one above 80%), so a riskier loan scored safer.
  it('regression: the lending score at 94% LVR is below the score at 80% (higher = safer)', () => {
    const climate = { outlook: CLIMATE_OUTLOOK, report: hazardReport({ flood: 70, fire: 0 }) };
    // 80%: 100 - 10 (serviceability not assessed) - 5 (DTI not assessed) - 20 (4 NCCP checks missing) - 10 (climate LVR 84.6%) = 55
    const at80 = assessLoan({ ...BASE, loanAmountAud: 800_000 }, climate);
    expect(at80.complianceScore).toBe(55);
    // 94%: 55 - 10 (above 80% with LMI assumed) - 10 (above 90%) = 35
    const at94 = assessLoan({ ...BASE, loanAmountAud: 940_000 }, climate);
    expect(at94.complianceScore).toBe(35);
    expect(at94.complianceDeductions).toEqual(expect.arrayContaining([{ rule: 'LVR above 80% with LMI', points: 10 }, { rule: 'LVR above 90%', points: 10 }, { rule: '2050 climate-adjusted LVR above 80%', points: 10 }]));
    expect(at94.complianceFormula).toContain('0-100, higher = safer');
  });

  it('puts LVRs in the portfolio buckets at 60 and 80%', () => {
    expect([0.3, 0.6, 0.61, 0.8, 0.8001].map(portfolioBucketFor)).toEqual(['low', 'low', 'medium', 'medium', 'high']);
    expect(portfolioBucketFor(computeLvr(600_000, 1_000_000))).toBe('low');
  });
});

const purposes: LoanPurpose[] = ['owner_occupier', 'investor'];
const repayments: RepaymentType[] = ['principal_and_interest', 'interest_only'];

describe('properties', () => {
  it('a higher LVR never lowers the risk weight', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 1.5, noNaN: true }), fc.double({ min: 0.01, max: 1.5, noNaN: true }), fc.constantFrom(...purposes), fc.constantFrom(...repayments), fc.boolean(), (a, b, purpose, repayment, hasLmi) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(riskWeightFor(high, purpose, repayment, hasLmi)).toBeGreaterThanOrEqual(riskWeightFor(low, purpose, repayment, hasLmi));
      }),
    );
  });

  it('LMI never raises the risk weight', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 1.5, noNaN: true }), fc.constantFrom(...purposes), fc.constantFrom(...repayments), (lvr, purpose, repayment) => {
        expect(riskWeightFor(lvr, purpose, repayment, true)).toBeLessThanOrEqual(riskWeightFor(lvr, purpose, repayment, false));
      }),
    );
  });

  it('a higher income never worsens serviceability', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000, max: 3_000_000 }),
        fc.integer({ min: 0, max: 500_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 100_000, max: 2_000_000 }),
        fc.constantFrom(...repayments),
        (income, raise, otherDebts, loan, repayment) => {
          const input = { ...BASE, loanAmountAud: loan, valuationAud: 2_000_000, repayment, otherDebtsAud: otherDebts };
          const lower = assessLoan({ ...input, grossAnnualIncomeAud: income }).serviceability;
          const higher = assessLoan({ ...input, grossAnnualIncomeAud: income + raise }).serviceability;
          expect(higher.monthlySurplusAud as number).toBeGreaterThanOrEqual(lower.monthlySurplusAud as number);
          if (lower.passes) expect(higher.passes).toBe(true);
        },
      ),
    );
  });

  it('a bigger loan on the same security never raises the lending score nor lowers the risk category', () => {
    const order = { Low: 0, Medium: 1, High: 2 } as const;
    const climate = { outlook: CLIMATE_OUTLOOK, report: hazardReport({ flood: 55, fire: 30 }) };
    fc.assert(
      fc.property(
        fc.integer({ min: 200_000, max: 3_000_000 }),
        fc.double({ min: 0.05, max: 1.3, noNaN: true }),
        fc.double({ min: 0, max: 0.3, noNaN: true }),
        fc.option(fc.integer({ min: 20_000, max: 600_000 }), { nil: undefined }),
        fc.option(fc.boolean(), { nil: undefined }),
        fc.constantFrom(...purposes),
        fc.constantFrom(...repayments),
        (valuation, lvr, step, income, hasLmi, purpose, repayment) => {
          const input = { ...BASE, valuationAud: valuation, grossAnnualIncomeAud: income, hasLmi, purpose, repayment };
          const smaller = assessLoan({ ...input, loanAmountAud: Math.max(1, Math.round(valuation * lvr)) }, climate);
          const bigger = assessLoan({ ...input, loanAmountAud: Math.max(1, Math.round(valuation * (lvr + step))) }, climate);
          expect(bigger.complianceScore).toBeLessThanOrEqual(smaller.complianceScore);
          expect(order[bigger.riskCategory]).toBeGreaterThanOrEqual(order[smaller.riskCategory]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('"compliant" only when every check of the loan ran and passed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 200_000, max: 3_000_000 }),
        fc.double({ min: 0.05, max: 1.3, noNaN: true }),
        fc.option(fc.integer({ min: 20_000, max: 600_000 }), { nil: undefined }),
        fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: undefined }),
        fc.option(fc.boolean(), { nil: undefined }),
        (valuation, lvr, income, expenses, hasLmi) => {
          const result = assessLoan({ ...BASE, valuationAud: valuation, loanAmountAud: Math.max(1, Math.round(valuation * lvr)), grossAnnualIncomeAud: income, livingExpensesMonthlyAud: expenses, hasLmi });
          const checks = [...result.statuses.lvr.checks, ...result.statuses.nccp.checks, ...result.statuses.basel3.checks];
          expect(result.complianceStatus === 'compliant').toBe(checks.every((check) => check.status === 'pass'));
          expect(result.complianceStatus === 'review_required').toBe(checks.some((check) => check.status === 'fail'));
          for (const summary of Object.values(result.statuses)) if (summary.notChecked > 0) expect(summary.score).toBeLessThan(100);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the compliance score stays within 0-100 and every result matches the schema', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 50_000, max: 5_000_000 }),
        fc.integer({ min: 1, max: 6_000_000 }),
        fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: undefined }),
        fc.constantFrom(...purposes),
        fc.constantFrom(...repayments),
        (valuation, loan, income, purpose, repayment) => {
          const result = assessLoan({ ...BASE, valuationAud: valuation, loanAmountAud: loan, grossAnnualIncomeAud: income, purpose, repayment });
          expect(result.complianceScore).toBeGreaterThanOrEqual(0);
          expect(result.complianceScore).toBeLessThanOrEqual(100);
          lendingAssessmentSchema.parse(result);
        },
      ),
      { numRuns: 200 },
    );
  });
});
