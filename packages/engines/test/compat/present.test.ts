import { describe, expect, it } from 'vitest';
import {
  CASH_FLOW_YEARS,
  compatAnalysisSchema,
  compatEnhancedAnalysisResponseSchema,
  compatMarketIntelligenceSchema,
  HAZARD_IDS,
  insightSchema,
  type CompatAnalysis,
  type HazardAssessment,
  type HazardReport,
  type MarketAnalysis,
} from '@propguard/schemas';
import { TEST_VALUATION } from '../../../../e2e/fixtures/valuation-result.ts';
import { analyseMarket, DEFAULT_LOAN, type MarketSale, type RentLookup } from '../../src/index.ts';
import {
  marketBalanceOf,
  MOMENTUM_QUARTER_CHANGE,
  presentEnhancedAnalysis,
  presentMarketIntelligence,
  readPriceMomentum,
  summariseAnalysis,
  writeInsights,
  type EnhancedAnalysisInput,
} from '../../src/compat/present.ts';

/**
 * The original client's exact shapes (../shared/COMPAT.md, "Exact shapes where the table above was
 * loose"): each test is named after what broke on its screens.
 */

type HazardId = HazardAssessment['hazard'];

/** A hazard report: a score and facts for each hazard given, "no data" for the others. */
function hazardReport(hazards: Partial<Record<HazardId, { score: number; facts: string[]; range?: [number, number] }>>): HazardReport {
  const assessments = HAZARD_IDS.map((hazard): HazardAssessment => {
    const given = hazards[hazard];
    const score = given?.score ?? 0;
    return {
      hazard,
      label: hazard,
      score,
      level: score >= 70 ? 'High' : score >= 40 ? 'Medium' : 'Low',
      scoreRange: { low: given?.range?.[0] ?? 0, high: given?.range?.[1] ?? 100 },
      baselineScore: score,
      hasData: given !== undefined,
      dataNote: given === undefined ? `No ${hazard} data mapped here` : null,
      factors: (given?.facts ?? []).map((label, index) => ({ id: `${hazard}-${index}`, label, value: null, unit: null, effect: 'raises' })),
      dataUsed: [],
      method: `${hazard}-v1`,
      expectedAnnualDamage: { label: '0.1% to 0.5% of the building\'s replacement cost a year', minPctPerYear: 0.1, maxPctPerYear: 0.5 },
      scenario: 'high',
      year: 2025,
    };
  });
  return {
    location: { lat: -37.8, lng: 145 },
    locality: null,
    region: null,
    scenario: 'high',
    year: 2025,
    assessments,
    overall: { score: 42, level: 'Medium', method: 'overall-v1' },
    projectionTable: { id: 'ncra', version: '1' },
  };
}

let nextId = 1;
function sale(date: string, price: number, method = 'sold'): MarketSale {
  nextId += 1;
  return {
    id: nextId, address: `${nextId} Test St`, suburb: 'TESTVILLE', state: 'VIC', postcode: '3999', propertyType: 'house',
    bedrooms: 3, bathrooms: 1, landSizeM2: 500, buildingSizeM2: null, priceAud: price, saleDate: date, saleMethod: method,
    hasRecordedMethod: true, isMarketSale: method !== 'passed_in',
  };
}

/** Two years of monthly sales, each month `monthlyGrowth` dearer; `passedIn` of every 10 auctions passed in. */
function market(options: { basePrice: number; monthlyGrowth: number; passedIn: number; rent: RentLookup }): MarketAnalysis {
  const sales: MarketSale[] = [];
  for (let month = 0; month < 24; month += 1) {
    const date = `${2016 + Math.floor((month + 3) / 12)}-${String(((month + 3) % 12) + 1).padStart(2, '0')}-10`;
    const price = Math.round(options.basePrice * (1 + options.monthlyGrowth) ** month);
    for (let i = 0; i < 10; i += 1) sales.push(i < options.passedIn ? sale(date, price, 'passed_in') : sale(date, price + i * 1_000));
  }
  const analysis = analyseMarket({
    location: 'Testville VIC', matched: 'suburb TESTVILLE (VIC)', propertyType: 'house', asAt: '2018-03-31', depth: 'comprehensive', sales,
    groupOf: (item) => item.suburb, rent: options.rent, loan: DEFAULT_LOAN, dataSources: ['test sales'],
  });
  if (!analysis) throw new Error('the test market has priced sales');
  return analysis;
}

const RENT_600: RentLookup = { found: true, weeklyRentAud: 600, source: 'test rent, $600 a week' };
const NO_RENT: RentLookup = { found: false, reason: 'No published rents for TESTVILLE' };
/** A $300,000 market let at $600 a week: the rent pays more than the costs and the default loan. */
const LETTABLE = market({ basePrice: 300_000, monthlyGrowth: 0.005, passedIn: 2, rent: RENT_600 });

function enhanced(overrides: Partial<EnhancedAnalysisInput> = {}) {
  const input: EnhancedAnalysisInput = {
    analysisType: 'comprehensive',
    listingId: null,
    valuation: TEST_VALUATION,
    hazards: hazardReport({
      flood: { score: 62, facts: ['0.3 km from the Yarra River', '4 m above the river'] },
      fire: { score: 8, facts: ['No detections within 10 km since 2019'] },
      earthquake: { score: 12, facts: ['Peak ground acceleration 0.08 g (NSHA18)'] },
      subsidence: { score: 30, facts: ['Reactive clay soils'] },
    }),
    hazards2050: null,
    lending: null,
    market: LETTABLE,
    reasons: {},
    dataSources: [],
    locationNote: null,
    ...overrides,
  };
  const analysis = presentEnhancedAnalysis(input);
  // The response schema is the contract the server answers with.
  compatEnhancedAnalysisResponseSchema.parse({ success: true, analysis });
  return analysis;
}

describe('enhanced-property-analysis: climate_risks are {score, factors} (plain numbers crashed the Live analysis, which maps factors)', () => {
  it('gives each hazard its 0-1 score and its facts in words', () => {
    const risks = enhanced().risk_assessment.climate_risks;
    // Flood 62/100 -> 0.62; its facts as the hazard engine wrote them.
    expect(risks.flood).toEqual({ score: 0.62, factors: ['0.3 km from the Yarra River', '4 m above the river'] });
    expect(risks.fire).toEqual({ score: 0.08, factors: ['No detections within 10 km since 2019'] });
  });

  it('geological is the higher of earthquake and subsidence, its facts named by hazard', () => {
    // Subsidence 30 > earthquake 12 -> 0.30 with the subsidence facts.
    expect(enhanced().risk_assessment.climate_risks.geological).toEqual({ score: 0.3, factors: ['Subsidence: Reactive clay soils'] });
  });

  it('a hazard with no data has a null score and the reason as its factor, never 0', () => {
    // Coastal has no data in the report above.
    expect(enhanced().risk_assessment.climate_risks.coastal).toEqual({ score: null, factors: ['No coastal data mapped here'] });
  });

  it('without a hazard report every hazard is still an object, with the reason', () => {
    const analysis = enhanced({ hazards: null, reasons: { hazards: 'No address, so no place to assess' } });
    for (const risk of Object.values(analysis.risk_assessment.climate_risks)) expect(risk).toEqual({ score: null, factors: ['No address, so no place to assess'] });
    for (const risk of Object.values(analysis.risk_assessment.climate_risks_2050)) expect(Array.isArray(risk.factors)).toBe(true);
  });
});

describe('enhanced-property-analysis: financial metrics in the original units (fractions showed as "0.0223%", objects as "$NaN")', () => {
  it('cap rate and annual return are percentages of our fractions', () => {
    const analysis = enhanced();
    const investment = LETTABLE.investment!;
    // e.g. a cap rate of 0.0631 is shown as 6.31 (%).
    expect(analysis.financial_metrics.cap_rate).toBeCloseTo(investment.cap_rate * 100, 6);
    expect(analysis.financial_metrics.roi_analysis.annual_return).toBeCloseTo(investment.cash_on_cash * 100, 6);
    expect(analysis.financial_metrics.cap_rate!).toBeGreaterThan(1);
  });

  it('cash_flow_projection is five numbers or nulls: year 1 = NOI - repayments, later years not forecast', () => {
    const analysis = enhanced();
    const investment = LETTABLE.investment!;
    const projection = analysis.financial_metrics.cash_flow_projection;
    expect(projection).toHaveLength(CASH_FLOW_YEARS);
    expect(projection[0]).toBe(investment.noi - investment.annual_debt_service);
    expect(projection.slice(1)).toEqual([null, null, null, null]);
    expect(analysis.unavailable.cash_flow_projection).toMatch(/years 2-5 are not projected/);
  });

  it('break_even_period is the simple payback in years when the rent pays more than the costs and repayments', () => {
    const analysis = enhanced();
    const investment = LETTABLE.investment!;
    const net = investment.noi - investment.annual_debt_service;
    expect(net).toBeGreaterThan(0);
    // Cash invested (deposit + purchase costs) / net cash flow a year, to 0.1 year.
    expect(analysis.financial_metrics.roi_analysis.break_even_period).toBeCloseTo(investment.cash_invested / net, 1);
  });

  it('break_even_period is null with the reason when the cash flow is negative', () => {
    // At a $900,000 median and $600 a week the repayments exceed the NOI.
    const analysis = enhanced({ market: market({ basePrice: 900_000, monthlyGrowth: 0.005, passedIn: 2, rent: RENT_600 }) });
    expect(analysis.financial_metrics.cash_flow_projection[0]).toBeLessThan(0);
    expect(analysis.financial_metrics.roi_analysis.break_even_period).toBeNull();
    expect(analysis.unavailable.break_even_period).toMatch(/does not cover/);
  });

  it('total_return_5yr is null with the reason: it needs a price we do not forecast', () => {
    const analysis = enhanced();
    expect(analysis.financial_metrics.roi_analysis.total_return_5yr).toBeNull();
    expect(analysis.unavailable.total_return_5yr).toMatch(/does not forecast prices/);
  });

  it('without rents every figure is null and the reason is given, in the same shape', () => {
    const analysis = enhanced({ market: market({ basePrice: 300_000, monthlyGrowth: 0.005, passedIn: 2, rent: NO_RENT }) });
    expect(analysis.financial_metrics.cap_rate).toBeNull();
    expect(analysis.financial_metrics.cash_flow_projection).toEqual([null, null, null, null, null]);
    expect(analysis.unavailable.financial_metrics).toBe('No published rents for TESTVILLE');
  });
});

describe('enhanced-property-analysis: confidence_score is 0-1 and the location note is passed on', () => {
  it('our 0-100 confidence divided by 100', () => {
    // TEST_VALUATION.confidence is 78 -> 0.78.
    expect(enhanced().property_analysis.confidence_score).toBe(0.78);
  });

  it('says which suburb a street address was answered for', () => {
    expect(enhanced({ locationNote: 'Answered for ABBOTSFORD VIC, the suburb of the address given' }).location_note).toBe('Answered for ABBOTSFORD VIC, the suburb of the address given');
    expect(enhanced().location_note).toBeNull();
  });
});

describe('market-intelligence: market_balance is seller, buyer or balanced (a sentence showed as "Balanced" in a seller\'s market)', () => {
  it('reads the balance from auction clearance: >= 70% seller, 60-70% balanced, < 60% buyer', () => {
    expect(marketBalanceOf({ clearance: 0.72, growth: null })).toBe('seller');
    expect(marketBalanceOf({ clearance: 0.7, growth: null })).toBe('seller');
    expect(marketBalanceOf({ clearance: 0.65, growth: null })).toBe('balanced');
    expect(marketBalanceOf({ clearance: 0.55, growth: null })).toBe('buyer');
  });

  it('reads it from growth without auctions: >= +5% seller, <= -2% buyer, unless the interval admits a rise and a fall', () => {
    expect(marketBalanceOf({ clearance: null, growth: { growth: 0.06, low: 0.03, high: 0.09 } })).toBe('seller');
    expect(marketBalanceOf({ clearance: null, growth: { growth: 0.01, low: -0.01, high: 0.03 } })).toBe('balanced');
    expect(marketBalanceOf({ clearance: null, growth: { growth: -0.04, low: -0.06, high: -0.01 } })).toBe('buyer');
    expect(marketBalanceOf({ clearance: null, growth: { growth: 0.06, low: -0.2, high: 0.3 } })).toBeNull();
    expect(marketBalanceOf({ clearance: null, growth: null })).toBeNull();
  });

  it('is null where clearance and growth point opposite ways', () => {
    // 75% cleared (seller) beside a 10% fall (buyer): the engine's sentence says "Mixed".
    expect(marketBalanceOf({ clearance: 0.75, growth: { growth: -0.1, low: -0.15, high: -0.05 } })).toBeNull();
  });

  it('presents the label beside the engine\'s sentence, both from the same figures', () => {
    // 9 of 10 auctions cleared every month: 90% clearance, a seller's market.
    const analysis = market({ basePrice: 600_000, monthlyGrowth: 0.005, passedIn: 1, rent: NO_RENT });
    const presented = presentMarketIntelligence(analysis);
    compatMarketIntelligenceSchema.parse(presented);
    expect(presented.demand_supply.market_balance).toBe('seller');
    expect(presented.demand_supply.balance_basis).toBe(analysis.trend_analysis.supply_demand_balance);
    expect(presented.demand_supply.balance_basis).toMatch(/seller's market/);
    // 5 of 10 cleared: a buyer's market.
    const slow = presentMarketIntelligence(market({ basePrice: 600_000, monthlyGrowth: 0, passedIn: 5, rent: NO_RENT }));
    expect(slow.demand_supply.market_balance).toBe('buyer');
  });
});

describe('market-intelligence: price trends in AUD and percentages, momentum as a word', () => {
  it('current_median is the median in dollars; yoy_growth a percentage of our fraction', () => {
    const analysis = market({ basePrice: 600_000, monthlyGrowth: 0.005, passedIn: 1, rent: NO_RENT });
    const trends = presentMarketIntelligence(analysis).price_trends;
    expect(trends.current_median).toBe(analysis.market_metrics.median_price);
    // 0.5% a month compounds to about 6.2% a year: shown as about 6.2, not 0.062.
    expect(trends.yoy_growth).toBeCloseTo(analysis.market_metrics.price_growth_yoy! * 100, 1);
    expect(trends.yoy_growth!).toBeGreaterThan(3);
  });

  it('mom_growth is the index\'s last month on the one before, as a percentage', () => {
    const analysis = market({ basePrice: 600_000, monthlyGrowth: 0.005, passedIn: 1, rent: NO_RENT });
    const series = analysis.index_series;
    const last = series[series.length - 1]!.index!;
    const before = series[series.length - 2]!.index!;
    expect(presentMarketIntelligence(analysis).price_trends.mom_growth).toBeCloseTo((last / before - 1) * 100, 1);
  });

  const point = (index: number | null) => ({ month: '2018-01', index, city_index: null, sales: 10, median_price: null });

  it('momentum compares the last 3 months\' growth with the 3 months before (worked examples)', () => {
    // 100 -> 103 (+3%) then 103 -> 107 (+3.9%): 0.9 points faster, beyond 0.5 -> accelerating.
    const faster = readPriceMomentum([100, 101, 102, 103, 104, 105, 107].map(point));
    expect(faster.quarterGrowth).toBeCloseTo(107 / 103 - 1, 10);
    expect(faster.previousQuarterGrowth).toBeCloseTo(0.03, 10);
    expect(faster.momentum).toBe('accelerating');
    // +3% then +1%: decelerating.
    expect(readPriceMomentum([100, 101, 102, 103, 103.3, 103.7, 104.03].map(point)).momentum).toBe('decelerating');
    // +3% then +3.2%: within 0.5 points -> stable.
    expect(readPriceMomentum([100, 101, 102, 103, 104, 105, 106.3].map(point)).momentum).toBe('stable');
    expect(MOMENTUM_QUARTER_CHANGE).toBe(0.005);
    // Month on month: 107 / 105 - 1.
    expect(faster.monthGrowth).toBeCloseTo(107 / 105 - 1, 10);
  });

  it('momentum is null with a short index, and the reason is given', () => {
    expect(readPriceMomentum([100, 101, 102].map(point))).toEqual({ monthGrowth: 102 / 101 - 1, quarterGrowth: null, previousQuarterGrowth: null, momentum: null });
    expect(readPriceMomentum([]).monthGrowth).toBeNull();
    const analysis = market({ basePrice: 600_000, monthlyGrowth: 0.005, passedIn: 1, rent: NO_RENT });
    const short = presentMarketIntelligence({ ...analysis, index_series: analysis.index_series.slice(-3) });
    expect(short.price_trends.price_momentum).toBeNull();
    expect(short.unavailable.price_momentum).toMatch(/fewer than seven months/);
  });

  it('passes on which suburb a street address was answered for', () => {
    const analysis = market({ basePrice: 600_000, monthlyGrowth: 0.005, passedIn: 1, rent: NO_RENT });
    expect(presentMarketIntelligence(analysis, 'Answered for TESTVILLE VIC, the suburb of the address given').location_note).toMatch(/^Answered for TESTVILLE VIC/);
    expect(presentMarketIntelligence(analysis).location_note).toBeNull();
  });
});

describe('comprehensive-analysis: insight confidence is 0-100 (0-1 showed as "0.65%")', () => {
  it('every insight carries a whole-number confidence from 0 to 100', () => {
    const hazards = hazardReport({ flood: { score: 62, facts: ['0.3 km from the Yarra River'], range: [50, 75] } });
    const analysis = market({ basePrice: 600_000, monthlyGrowth: 0.005, passedIn: 1, rent: NO_RENT });
    const insights = writeInsights({ address: TEST_VALUATION.property.address!, valuation: TEST_VALUATION, hazards, hazards2050: null, lending: null, market: analysis });
    for (const insight of insights) insightSchema.parse(insight);
    // Valuation: our confidence 78/100 as it is.
    expect(insights.find((insight) => insight.category === 'valuation')!.confidence).toBe(78);
    // Flood: 100 - the width of its score range (75 - 50) = 75.
    expect(insights.find((insight) => insight.category === 'climate')!.confidence).toBe(75);
    // Market: the sentiment's 0-1 confidence x 100.
    expect(insights.find((insight) => insight.category === 'market')!.confidence).toBe(Math.round(analysis.sentiment.confidence * 100));
  });
});

describe('process-command: confidence is 0-1', () => {
  it('the schema refuses 0-100 and the summary reads it out of 100', () => {
    const analysis: CompatAnalysis = {
      address: '85 Turner St, Abbotsford VIC 3067',
      current_valuation: 1_250_000,
      valuation_range: { min: 1_120_000, max: 1_390_000 },
      confidence: 0.78,
      risk_score: 42,
      analysis_result: {
        detailed_breakdown: { land_value: 820_000, building_value: 410_000, intangible_assets: 20_000 },
        market_comparables: [],
        risk: { detailed: { flood: { score: 62, level: 'Medium', factors: [] }, fire: { score: 8, level: 'Low', factors: [] }, coastal: { score: 0, level: 'Low', factors: [] } } },
      },
    };
    expect(compatAnalysisSchema.safeParse(analysis).success).toBe(true);
    expect(compatAnalysisSchema.safeParse({ ...analysis, confidence: 78 }).success).toBe(false);
    expect(summariseAnalysis(analysis)).toContain('confidence 78/100');
  });
});
