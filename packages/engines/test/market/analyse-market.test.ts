import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { analyseMarket, analysePropertySentiment, computeInvestmentMetrics, DEFAULT_LOAN, findRent, fitQualityIndex, isSummaryFaithful, medianOf, monthOf, type MarketSale, type RentLookup } from '../../src/index.ts';

let nextId = 1;
function sale(date: string, price: number | null, method = 'sold', extra: Partial<MarketSale> = {}): MarketSale {
  return {
    id: nextId++, address: `${nextId} Test St`, suburb: 'TESTVILLE', state: 'VIC', postcode: '3999', propertyType: 'house',
    bedrooms: 3, bathrooms: 1, landSizeM2: 500, buildingSizeM2: null, priceAud: price, saleDate: date, saleMethod: method,
    hasRecordedMethod: true, isMarketSale: price !== null && !['passed_in', 'withdrawn'].includes(method), ...extra,
  };
}

const NO_RENT: RentLookup = { found: false, reason: 'no rent data' };
const analyse = (sales: MarketSale[], asAt = '2018-03-31') => analyseMarket({
  location: 'Testville VIC', matched: 'suburb TESTVILLE', propertyType: 'house', asAt, depth: 'comprehensive', sales,
  groupOf: (item) => item.suburb, rent: NO_RENT, loan: DEFAULT_LOAN, dataSources: [],
});

describe('analyseMarket worked examples', () => {
  // A year ago (Q1 2017) three sales at 500k, 600k, 700k; now (Q1 2018) three identical homes at 550k, 660k, 770k.
  const table = [
    sale('2017-01-15', 500_000), sale('2017-02-15', 600_000), sale('2017-03-15', 700_000),
    sale('2018-01-15', 550_000), sale('2018-02-15', 660_000), sale('2018-03-15', 770_000),
    sale('2018-03-20', null, 'passed_in'), sale('2018-03-21', null, 'withdrawn'), sale('2018-02-01', 640_000, 'sold_prior'),
  ];

  it('takes the median of the priced sales of the last 12 months', () => {
    // Sales after 2017-03-31: 550k, 640k, 660k, 770k -> median (640k + 660k) / 2 = 650k.
    const result = analyse(table)!;
    expect(result.market_metrics.median_price).toBe(650_000);
    expect(result.market_metrics.sales_volume).toBe(4);
  });

  it('computes clearance as cleared / (cleared + passed in + vendor bid + withdrawn)', () => {
    // Results after 2017-03-31: sold x3, sold prior x1 cleared; passed in and withdrawn not: 4 / 6.
    expect(analyse(table)!.market_metrics.auction_clearance_rate).toBeCloseTo(4 / 6, 4);
  });

  it('reads about 10% growth when the same homes sell for 10% more', () => {
    const growth = analyse(table)!.market_metrics.price_growth_yoy!;
    expect(growth).toBeGreaterThan(0.05);
    expect(growth).toBeLessThan(0.15);
  });

  it('says days on market is not available and flags the small sample', () => {
    const result = analyse(table)!;
    expect(result.market_metrics.days_on_market).toBeNull();
    expect(result.unavailable.days_on_market).toMatch(/Not available/);
    expect(result.flags[0]).toMatch(/^Only 4 sales in 12 months/);
  });

  it('does not read a month of cheaper homes as a fall (quality adjustment)', () => {
    // Prices per square metre of land are flat; the last quarter sells small blocks only.
    const sales: MarketSale[] = [];
    for (let month = 1; month <= 12; month += 1) {
      for (const land of [300, 600, 900]) sales.push(sale(`2017-${String(month).padStart(2, '0')}-10`, land * 1000, 'sold', { landSizeM2: land }));
    }
    for (const month of ['01', '02', '03']) for (let i = 0; i < 3; i += 1) sales.push(sale(`2018-${month}-10`, 300_000, 'sold', { landSizeM2: 300 }));
    const index = fitQualityIndex(sales, monthOf('2017-01-01'), monthOf('2018-03-01'), () => 'one');
    const plainMedianFall = medianOf([300_000]) / medianOf([300_000, 600_000, 900_000]) - 1;
    expect(plainMedianFall).toBeCloseTo(-0.5, 5);
    // The index moves by under 10% (the ridge on attributes shrinks the land coefficient a little), not -50%.
    expect(Math.abs(index.logLevels[14]!)).toBeLessThan(0.1);
  });

  it('returns null where there is no priced sale of the type', () => {
    expect(analyse([sale('2018-01-01', null, 'passed_in')])).toBeNull();
  });
});

describe('analyseMarket properties', () => {
  it('adding a sale above the median never lowers the median', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 100_000, max: 5_000_000 }), { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 2_000_000 }), (prices, extra) => {
      const sales = prices.map((price, i) => sale(`2018-0${(i % 3) + 1}-10`, price));
      const before = analyse(sales)!.market_metrics.median_price!;
      const after = analyse([...sales, sale('2018-03-11', before + extra)])!.market_metrics.median_price!;
      return after >= before;
    }), { numRuns: 100 });
  });

  it('keeps the sentiment score within 0-10 and clearance within 0-1', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 200_000, max: 3_000_000 }), fc.constantFrom('sold', 'passed_in', 'sold_prior', 'vendor_bid')), { minLength: 2, maxLength: 60 }), (rows) => {
      const sales = rows.map(([month, price, method]) => sale(`2017-${String(month).padStart(2, '0')}-05`, method === 'passed_in' ? null : price, method));
      const result = analyse(sales, '2017-12-31');
      if (!result) return true;
      const clearance = result.market_metrics.auction_clearance_rate;
      return result.sentiment.sentiment_score >= 0 && result.sentiment.sentiment_score <= 10 && (clearance === null || (clearance >= 0 && clearance <= 1));
    }), { numRuns: 100 });
  });
});

describe('investment metrics', () => {
  it('computes yields, NOI, DSCR and cash-on-cash by the stated formulas', () => {
    // Rent 600/wk: 31,200 a year; gross yield 31,200 / 1,000,000 = 3.12%.
    // Collected 31,200 x 0.96 = 29,952; costs: management 29,952 x 0.077 = 2,306, maintenance 1,560, rates 2,600, insurance 1,800 -> NOI 21,686.
    const metrics = computeInvestmentMetrics({ priceAud: 1_000_000, weeklyRentAud: 600, propertyType: 'house', rentSource: 'test', loan: DEFAULT_LOAN });
    expect(metrics.gross_yield).toBeCloseTo(0.0312, 4);
    expect(metrics.noi).toBe(21_686);
    expect(metrics.cap_rate).toBeCloseTo(0.0217, 3);
    // 800,000 at 6% over 30 years: 4,796.40 a month = 57,557 a year; DSCR 21,686 / 57,557 = 0.38.
    expect(metrics.annual_debt_service).toBe(57_557);
    expect(metrics.dscr).toBe(0.38);
    // Cash invested 200,000 + 55,000; cash-on-cash (21,686 - 57,557) / 255,000 = -14.07%.
    expect(metrics.cash_on_cash).toBeCloseTo(-0.1407, 3);
  });

  it('finds the rent of the suburb group and says when there is none', () => {
    const rows = [
      { dwellingType: '3 bedroom house', region: 'Inner', suburbGroup: 'Richmond-Burnley', periodEnd: '2018-03', newLettings: 100, weeklyRentAud: 560 },
      { dwellingType: '3 bedroom house', region: 'Inner', suburbGroup: 'Richmond-Burnley', periodEnd: '2018-06', newLettings: 100, weeklyRentAud: 580 },
    ];
    const found = findRent(rows, 'Burnley', 'house', 3, '2018-04-15');
    expect(found).toMatchObject({ found: true, weeklyRentAud: 560 });
    expect(findRent(rows, 'Richmond', 'land', null, '2018-04-15').found).toBe(false);
    expect(findRent(rows, 'Toorak', 'house', 3, '2018-04-15').found).toBe(false);
  });
});

describe('property text sentiment', () => {
  it('names the property phrases that drove it and handles negation', () => {
    const result = analysePropertySentiment('Fully renovated north-facing home; not flood-affected.');
    expect(result.sentiment).toBe('positive');
    expect(result.risk_level).toBe('low');
    expect(result.drivers.map((driver) => driver.phrase)).toEqual(expect.arrayContaining(['fully renovated', 'north-facing', 'flood-affected']));
    expect(result.drivers.find((driver) => driver.phrase === 'flood-affected')?.negated).toBe(true);
  });

  it('reads risk phrases as negative and high risk', () => {
    const result = analysePropertySentiment('Needs work. Flood-affected block with rising damp.');
    expect(result.sentiment).toBe('negative');
    expect(result.risk_level).toBe('high');
  });
});

describe('summary number check', () => {
  it('accepts numbers that are computed figures and rejects invented ones', () => {
    expect(isSummaryFaithful('Median $1,320,000 on 75 sales, up 0.2%, clearance 70.2%', [1_320_000, 75, 0.0021, 0.7021])).toBe(true);
    expect(isSummaryFaithful('Prices rose 8% this year', [0.0021])).toBe(false);
  });
});
