import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STRESS_CITIES, stressResultSchema, stressScenarioSchema, type PortfolioResultRow, type StressScenario } from '@propguard/schemas';
import { CAPITAL_CITIES } from '../../src/realty/parse-search-location.ts';
import { eadPctForScore } from '../../src/hazards/reference-tables.ts';
import { assessLoan } from '../../src/lending/assess-loan.ts';
import { eventDamageShare, isInRegion, stressLoanFromResultRow, stressPortfolio, stressResultRows, type StressLoan } from '../../src/portfolio-stress/stress-portfolio.ts';

const scenario = (input: Partial<StressScenario>): StressScenario => stressScenarioSchema.parse(input);
const NATIONAL = { kind: 'national' } as const;

const LOAN: StressLoan = {
  loanId: 'L1',
  suburb: 'RICHMOND',
  state: 'VIC',
  lat: -37.8233,
  lng: 144.9987,
  valueAud: 1_000_000,
  loanAmountAud: 750_000,
  purpose: 'owner_occupier',
  repayment: 'principal_and_interest',
  interestRatePct: 6,
  termYears: 30,
  grossAnnualIncomeAud: 120_000,
  floodScore: 40,
  fireScore: 0,
};

/** The first rows of the real Perth sales (data/perth-house-sales), as a loan book at 75% and 85% LVR. */
function perthLoanBook(rows: number): StressLoan[] {
  const text = gunzipSync(readFileSync(new URL('../../../../data/perth-house-sales/perth_house_sales.csv.gz', import.meta.url))).toString('utf8');
  const lines = text.split('\n').slice(1, rows + 1);
  return lines.map((line, index) => {
    const cells = line.split(',');
    const price = Number(cells[2]);
    return {
      ...LOAN,
      loanId: `P${index}`,
      suburb: cells[1] ?? null,
      state: 'WA',
      lat: Number(cells[14]),
      lng: Number(cells[15]),
      valueAud: price,
      loanAmountAud: Math.round(price * (index % 2 === 0 ? 0.75 : 0.85)),
      grossAnnualIncomeAud: index % 3 === 0 ? undefined : 90_000 + 1_000 * index,
      floodScore: null,
      fireScore: null,
    };
  });
}

describe('worked examples', () => {
  it('20% price drop: $750,000 on $1,000,000 (75%) becomes 93.75% of $800,000, above 80% but not 100%', () => {
    const result = stressPortfolio([LOAN], scenario({ priceShock: { dropPct: 20, region: NATIONAL } }));
    stressResultSchema.parse(result);
    expect(result.figures.lvrAbove80.base).toBe(0);
    expect(result.figures.lvrAbove80.stressed).toBe(1);
    expect(result.figures.lvrAbove100.stressed).toBe(0);
    const loan = result.mostAffected[0]!;
    expect(loan.stressedValueAud).toBe(800_000);
    expect(loan.stressedLvr).toBe(0.9375);
    expect(loan.trace[0]).toBe('Price shock: $1,000,000 x (1 - 20%) = $800,000');
  });

  it('minimum capital: 70-80% band 35% -> 90-100% band 70% without LMI (none was required at origination)', () => {
    const result = stressPortfolio([LOAN], scenario({ priceShock: { dropPct: 20, region: NATIONAL } }));
    // base: 750,000 x 0.35 x 8% = 21,000; stressed: 750,000 x 0.70 x 8% = 42,000
    expect(result.figures.minimumCapitalAud.base).toBe(21_000);
    expect(result.figures.minimumCapitalAud.stressed).toBe(42_000);
  });

  it('expected loss: base PD 1% x LGD floor 10% x $750,000 = $750; stressed LGD (750,000 - 800,000 x 0.8) / 750,000 = 14.67%', () => {
    const result = stressPortfolio([LOAN], scenario({ priceShock: { dropPct: 20, region: NATIONAL } }));
    expect(result.figures.expectedLossAud.base).toBe(750);
    // 0.01 x 110,000 = 1,100
    expect(result.figures.expectedLossAud.stressed).toBe(1_100);
    // shortfall = (42,000 + 1,100) - (21,000 + 750) = 21,350
    expect(result.figures.capitalShortfallAud.stressed).toBe(21_350);
    expect(result.figures.capitalShortfallAud.trace.join(' ')).toContain('$21,350');
  });

  it('rate rise: serviceability is the lending engine\'s at the new rate without the buffer', () => {
    // $130,000 income: net $97,612 a year = $8,134 a month, less the $2,600 floor = $5,534 for repayments.
    // $800,000 over 30 years: $4,796 a month at 6% (met), $6,437 at 9% (not met).
    const loan = { ...LOAN, loanAmountAud: 800_000, grossAnnualIncomeAud: 130_000 };
    const result = stressPortfolio([loan], scenario({ rateShock: { risePp: 3 } }));
    const withBufferAtBase = assessLoan({ valuationAud: 1_000_000, loanAmountAud: 800_000, purpose: 'owner_occupier', repayment: 'principal_and_interest', interestRatePct: 6, termYears: 30, interestOnlyYears: 5, grossAnnualIncomeAud: 130_000 });
    // The lending engine's own test at 6% + 3 pp buffer = 9% agrees with the stressed case at 9% without buffer.
    expect(withBufferAtBase.serviceability.passes).toBe(false);
    expect(result.figures.serviceabilityFails.base).toBe(0);
    expect(result.figures.serviceabilityFails.stressed).toBe(1);
    expect(result.mostAffected[0]!.baseServiceable).toBe(true);
    expect(result.mostAffected[0]!.stressedServiceable).toBe(false);
    // PD 1% x 10 = 10%: expected loss 10% x 10% x 800,000 = 8,000
    expect(result.figures.expectedLossAud.stressed).toBe(8_000);
  });

  it('loans without income are not counted for serviceability, and the trace says so', () => {
    const result = stressPortfolio([LOAN, { ...LOAN, loanId: 'L2', grossAnnualIncomeAud: undefined }], scenario({ rateShock: { risePp: 1 } }));
    expect(result.figures.serviceabilityFails.ofLoans).toBe(1);
    expect(result.loansWithIncome).toBe(1);
    expect(result.figures.serviceabilityFails.trace.join(' ')).toContain('1 loans have no income');
  });

  it('1% AEP flood: a flood score of 40 (EAD 0.2%/yr) destroys 20% of the building, 35% of the value', () => {
    expect(eadPctForScore(40)).toBeCloseTo(0.2, 10);
    expect(eventDamageShare(40, 0.01)).toBeCloseTo(0.2, 10);
    expect(eventDamageShare(70, 0.01)).toBe(1);
    expect(eventDamageShare(0, 0.01)).toBe(0);
    const result = stressPortfolio([LOAN], scenario({ hazardEvent: { event: 'flood_1pct_aep', region: { kind: 'state', state: 'VIC' } } }));
    // repair 1,000,000 x 35% x 20% = 70,000: value 930,000
    expect(result.mostAffected[0]!.stressedValueAud).toBe(930_000);
    expect(result.loansHitByHazardEvent).toBe(1);
  });

  it('an event outside its region, or where the hazard has no data, changes nothing', () => {
    const elsewhere = stressPortfolio([LOAN], scenario({ hazardEvent: { event: 'flood_1pct_aep', region: { kind: 'state', state: 'QLD' } } }));
    expect(elsewhere.mostAffected[0]!.stressedValueAud).toBe(1_000_000);
    const noData = stressPortfolio([{ ...LOAN, fireScore: null }], scenario({ hazardEvent: { event: 'severe_bushfire_season', region: NATIONAL } }));
    expect(noData.loansHitByHazardEvent).toBe(0);
    expect(noData.mostAffected[0]!.trace[0]).toContain('no fire data');
  });
});

describe('regions', () => {
  it('every city a scenario names is a capital in the engines', () => {
    expect([...STRESS_CITIES].sort()).toEqual(Object.keys(CAPITAL_CITIES).sort());
  });

  it('a city is 50 km around its centre; a loan without coordinates is in no city', () => {
    expect(isInRegion(LOAN, { kind: 'city', city: 'MELBOURNE' })).toBe(true);
    expect(isInRegion(LOAN, { kind: 'city', city: 'SYDNEY' })).toBe(false);
    expect(isInRegion({ ...LOAN, lat: -36.76, lng: 144.28 }, { kind: 'city', city: 'MELBOURNE' })).toBe(false); // Bendigo
    expect(isInRegion({ ...LOAN, lat: null, lng: null }, { kind: 'city', city: 'MELBOURNE' })).toBe(false);
    expect(isInRegion(LOAN, { kind: 'state', state: 'VIC' })).toBe(true);
  });
});

describe('the real Perth sales as a loan book', () => {
  const book = perthLoanBook(200);

  it('a 20% fall in Perth pushes every 75% loan above 80% and every 85% loan above 100%', () => {
    const inPerth = book.filter((loan) => isInRegion(loan, { kind: 'city', city: 'PERTH' }));
    expect(inPerth.length).toBeGreaterThan(150);
    const result = stressPortfolio(book, scenario({ priceShock: { dropPct: 20, region: { kind: 'city', city: 'PERTH' } } }));
    stressResultSchema.parse(result);
    const at85 = inPerth.filter((loan) => loan.loanAmountAud > loan.valueAud * 0.8).length;
    expect(result.loansHitByPriceShock).toBe(inPerth.length);
    expect(result.figures.lvrAbove80.base).toBe(book.filter((loan) => loan.loanAmountAud > Math.round(loan.valueAud * 0.8)).length);
    expect(result.figures.lvrAbove80.stressed).toBe(result.figures.lvrAbove80.base + (inPerth.length - at85));
    expect(result.figures.lvrAbove100.stressed).toBe(at85);
    expect(result.figures.capitalShortfallAud.stressed).toBeGreaterThan(0);
    expect(result.mostAffected).toHaveLength(20);
  });

  it('the 20 most affected loans kept while streaming are those of a sort of the whole book', () => {
    const stress = scenario({ priceShock: { dropPct: 30, region: NATIONAL }, rateShock: { risePp: 3 } });
    const result = stressPortfolio(book, stress);
    const rise = (loan: StressLoan) => {
      const one = stressPortfolio([loan], stress).mostAffected[0]!;
      return { id: loan.loanId, rise: one.stressedExpectedLossAud - one.baseExpectedLossAud, lvr: one.stressedLvr };
    };
    const expected = book.map(rise).sort((a, b) => b.rise - a.rise || b.lvr - a.lvr).slice(0, 20).map((loan) => loan.rise);
    expect(result.mostAffected.map((loan) => loan.stressedExpectedLossAud - loan.baseExpectedLossAud)).toEqual(expected);
    expect(result.mostAffected[0]!.trace.length).toBeGreaterThan(2);
  });

  it('the same scenario in Sydney leaves the Perth book as it was', () => {
    const result = stressPortfolio(book, scenario({ priceShock: { dropPct: 30, region: { kind: 'city', city: 'SYDNEY' } }, hazardEvent: { event: 'flood_1pct_aep', region: { kind: 'state', state: 'NSW' } } }));
    for (const id of ['lvrAbove80', 'lvrAbove100', 'serviceabilityFails', 'expectedLossAud', 'minimumCapitalAud'] as const) expect(result.figures[id].change).toBe(0);
    expect(result.figures.capitalShortfallAud.stressed).toBe(0);
  });

  it('a deeper fall or a higher rate never lowers a count or a loss (monotone)', () => {
    fc.assert(
      fc.property(fc.constantFrom(10, 20), fc.constantFrom(1, 2), (drop, rise) => {
        const mild = stressPortfolio(book, scenario({ priceShock: { dropPct: drop, region: NATIONAL }, rateShock: { risePp: rise } }));
        const severe = stressPortfolio(book, scenario({ priceShock: { dropPct: drop + 10, region: NATIONAL }, rateShock: { risePp: rise + 1 } }));
        for (const id of ['lvrAbove80', 'lvrAbove100', 'serviceabilityFails', 'expectedLossAud', 'minimumCapitalAud', 'capitalShortfallAud'] as const) {
          expect(severe.figures[id].stressed).toBeGreaterThanOrEqual(mild.figures[id].stressed);
        }
      }),
      { numRuns: 4 },
    );
  });
});

describe('scenario schema', () => {
  it('rejects a scenario with nothing in it, and steps other than the issue\'s', () => {
    expect(stressScenarioSchema.safeParse({}).success).toBe(false);
    expect(stressScenarioSchema.safeParse({ priceShock: { dropPct: 15, region: NATIONAL } }).success).toBe(false);
    expect(stressScenarioSchema.safeParse({ rateShock: { risePp: 4 } }).success).toBe(false);
    expect(stressScenarioSchema.safeParse({ hazardEvent: { event: 'meteor', region: NATIONAL } }).success).toBe(false);
    expect(stressScenarioSchema.safeParse({ priceShock: { dropPct: 10, region: { kind: 'city', city: 'GEELONG' } } }).success).toBe(false);
  });
});

describe('stored result rows', () => {
  const row = (overrides: Partial<PortfolioResultRow>): PortfolioResultRow => ({
    row: 1, loan_id: 'A1', input: { loan_id: 'A1', loan_amount: '$600,000', interest_rate: '6.5', repayment: 'IO', gross_annual_income: '150000', suburb: 'Richmond', postcode: '3121' },
    estimate: 800_000, low: 700_000, high: 900_000, fsd_pct: 9.8, confidence: 0.8, lvr: 0.75, lvr_band: '60_to_80', lmi_required: false, risk_weight: 0.45, rwa: 270_000, minimum_capital: 21_600,
    lvr_2050: 0.76, lvr_2050_band: '60_to_80', flood: 45, fire: 12, coastal: 0, subsidence: 0, cyclone: 5, earthquake: 10, levels: '', hazard_level: 'Medium', levels_2050: '', hazard_score_2050: 50, hazard_level_2050: 'Medium',
    lat: -37.82, lng: 145.0, suburb: 'RICHMOND', state: 'VIC', loan_amount: 600_000, note: null, error: null, ...overrides,
  });

  it('reads the loan terms of the uploaded row, with the default loan where absent', () => {
    const loan = stressLoanFromResultRow(row({}))!;
    expect(loan).toMatchObject({ valueAud: 800_000, loanAmountAud: 600_000, repayment: 'interest_only', purpose: 'owner_occupier', interestRatePct: 6.5, termYears: 30, grossAnnualIncomeAud: 150_000, floodScore: 45, fireScore: 12 });
  });

  it('regression: an upload with its own column names is read through its mapping (the stress once counted every loan of a mapped file as skipped)', () => {
    const mapped = row({ input: { loan_id: 'A1', 'Principal Outstanding': '600000', Rate: '7.1', suburb: 'Richmond', postcode: '3121' } });
    expect(stressLoanFromResultRow(mapped)).toBeNull();
    const loan = stressLoanFromResultRow(mapped, { loan_id: 'A1', loan_amount: '600000', interest_rate: '7.1', suburb: 'Richmond', postcode: '3121', 'Branch name': 'Melbourne' });
    expect(loan).toMatchObject({ loanAmountAud: 600_000, interestRatePct: 7.1 });
    expect(stressResultRows([{ result: mapped, record: { loan_id: 'A1', loan_amount: '600000', suburb: 'Richmond', postcode: '3121' } }], scenario({ rateShock: { risePp: 2 } })).loansAssessed).toBe(1);
  });

  it('a row the run could not assess is skipped and counted', () => {
    const result = stressResultRows([{ result: row({}), record: null }, { result: row({ row: 2, loan_id: 'A2', error: 'address not found', estimate: null }), record: null }], scenario({ rateShock: { risePp: 1 } }));
    expect(result.loansAssessed).toBe(1);
    expect(result.loansSkipped).toBe(1);
  });

  it('the base risk weight is the run\'s own (interest only, 70-80%: other loans 45%)', () => {
    const result = stressResultRows([{ result: row({}), record: null }], scenario({ rateShock: { risePp: 1 } }));
    // 600,000 x 0.45 x 8% = 21,600: the stored minimum_capital
    expect(result.figures.minimumCapitalAud.base).toBe(21_600);
  });
});
