import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { analyseMarket, DEFAULT_LOAN, type MarketSale, type RentLookup } from '../../src/index.ts';
import { classifyMarketHeat, classifyPriceTrend, classifySentimentTrend, describeSupplyDemand, MARKET_THRESHOLDS, type GrowthEstimate } from '../../src/market/market-labels.ts';

/** A growth and an interval symmetric on the log scale, as indexGrowth gives them. */
function estimate(growth: number, halfWidthLog: number): GrowthEstimate {
  const level = Math.log(1 + growth);
  return { growth, low: Math.exp(level - halfWidthLog) - 1, high: Math.exp(level + halfWidthLog) - 1 };
}

describe('price trend thresholds', () => {
  it('reads a -35% year as falling when the interval rules out a rise (Parramatta NSW read "Stable" beside -35%)', () => {
    // -35% with an interval of -45% to -24%: beyond the -2% threshold, and no rise of 2% inside the interval.
    expect(classifyPriceTrend({ growth: -0.35, low: -0.45, high: -0.24 }).label).toBe('falling');
    // The interval touching zero no longer turns a large fall into "stable": -35% with -50% to +1% is still falling.
    expect(classifyPriceTrend({ growth: -0.35, low: -0.5, high: 0.01 }).label).toBe('falling');
  });

  it('reads a -68%..+32% interval as uncertain, and says why with the figures', () => {
    // Parramatta NSW houses, April 2019: growth -35.4%, 80% interval -68.4% to +31.9% on 16 sales.
    const trend = classifyPriceTrend({ growth: -0.354, low: -0.684, high: 0.319 });
    expect(trend.label).toBe('uncertain');
    expect(trend.basis).toBe('Quality-adjusted growth -35.4% (80% interval -68.4% to +31.9%): the interval admits both a rise and a fall of more than 2%');
  });

  it('reads rising, stable and no figure by the table', () => {
    // Reservoir VIC houses, March 2018: +11.5%, interval +3.6% to +20.0%.
    expect(classifyPriceTrend({ growth: 0.115, low: 0.036, high: 0.2 }).label).toBe('rising');
    // +3% with -1.5% to +7.6%: a fall inside the interval, but not one beyond 2%.
    expect(classifyPriceTrend({ growth: 0.03, low: -0.015, high: 0.076 }).label).toBe('rising');
    expect(classifyPriceTrend({ growth: 0.005, low: -0.01, high: 0.02 }).label).toBe('stable');
    expect(classifyPriceTrend({ growth: -0.02, low: -0.03, high: -0.01 }).label).toBe('falling');
    expect(classifyPriceTrend({ growth: 0.019, low: 0.018, high: 0.0199 }).label).toBe('stable');
    expect(classifyPriceTrend(null)).toEqual({ label: 'uncertain', basis: 'Growth cannot be measured here, so no trend is read' });
  });

  it('never reads a fall beyond the threshold as stable or rising, nor a rise as stable or falling', () => {
    fc.assert(fc.property(fc.double({ min: -0.6, max: 0.6, noNaN: true }), fc.double({ min: 0, max: 1.2, noNaN: true }), (growth, halfWidth) => {
      const label = classifyPriceTrend(estimate(growth, halfWidth)).label;
      if (growth <= -MARKET_THRESHOLDS.trendGrowth) return label === 'falling' || label === 'uncertain';
      if (growth >= MARKET_THRESHOLDS.trendGrowth) return label === 'rising' || label === 'uncertain';
      return label === 'stable' || label === 'uncertain';
    }), { numRuns: 500 });
  });

  it('reads uncertain exactly when the interval admits both a rise and a fall beyond the threshold', () => {
    fc.assert(fc.property(fc.double({ min: -0.6, max: 0.6, noNaN: true }), fc.double({ min: 0, max: 1.2, noNaN: true }), (growth, halfWidth) => {
      const figure = estimate(growth, halfWidth);
      const admitsBoth = figure.low <= -MARKET_THRESHOLDS.trendGrowth && figure.high >= MARKET_THRESHOLDS.trendGrowth;
      return (classifyPriceTrend(figure).label === 'uncertain') === admitsBoth;
    }), { numRuns: 500 });
  });
});

describe('market heat thresholds', () => {
  it('does not read hot beside a large fall (Abbotsford VIC read "Hot" beside -15%)', () => {
    // Abbotsford VIC houses, February 2018: 72.0% clearance (hot) but growth -14.7% (cold): the figures disagree.
    const heat = classifyMarketHeat({ clearance: 0.72, growth: { growth: -0.147, low: -0.372, high: 0.158 } });
    expect(heat.label).toBe('uncertain');
    expect(heat.basis).toBe('The figures disagree: 72.0% auction clearance reads hot, growth of -14.7% reads cold');
  });

  it('takes the cooler of clearance and growth when they are one band apart, and says so when they agree', () => {
    // 65% clearance reads warm, +12% reads hot: warm.
    expect(classifyMarketHeat({ clearance: 0.65, growth: estimate(0.12, 0.05) }).label).toBe('warm');
    // 80.2% and +11.5% both read hot (Reservoir VIC houses).
    expect(classifyMarketHeat({ clearance: 0.8022, growth: { growth: 0.1149, low: 0.036, high: 0.1997 } })).toEqual({ label: 'hot', basis: '80.2% auction clearance and growth of +11.5% both read hot' });
  });

  it('reads growth alone only when its trend is not uncertain, and nothing as uncertain', () => {
    expect(classifyMarketHeat({ clearance: null, growth: { growth: -0.119, low: -0.216, high: -0.011 } }).label).toBe('cold');
    expect(classifyMarketHeat({ clearance: null, growth: { growth: -0.354, low: -0.684, high: 0.319 } }).label).toBe('uncertain');
    expect(classifyMarketHeat({ clearance: 0.636, growth: null }).label).toBe('warm');
    expect(classifyMarketHeat({ clearance: null, growth: null }).label).toBe('uncertain');
  });

  it('never reads hot where the growth shown is under +3%', () => {
    fc.assert(fc.property(fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }), fc.double({ min: -0.6, max: 0.6, noNaN: true }), fc.double({ min: 0, max: 1.2, noNaN: true }), (clearance, growth, halfWidth) => {
      const label = classifyMarketHeat({ clearance, growth: estimate(growth, halfWidth) }).label;
      return growth >= MARKET_THRESHOLDS.heatGrowth.warm || label !== 'hot';
    }), { numRuns: 500 });
  });
});

describe('supply and demand sentence', () => {
  it('says when clearance and growth point opposite ways, and does not read an uncertain growth', () => {
    expect(describeSupplyDemand({ clearance: 0.72, growth: { growth: -0.147, low: -0.372, high: 0.158 } })).toBe("Mixed: 72.0% of auctions cleared (a seller's market), but quality-adjusted prices moved -14.7% over the year");
    expect(describeSupplyDemand({ clearance: null, growth: { growth: -0.354, low: -0.684, high: 0.319 } })).toMatch(/^Not measured: no auction results, and growth of -35.4% has an 80% interval -68.4% to \+31.9%/);
    expect(describeSupplyDemand({ clearance: null, growth: { growth: -0.119, low: -0.216, high: -0.011 } })).toBe('Supply exceeds demand, read from growth of -11.9% (no auction results recorded)');
    expect(describeSupplyDemand({ clearance: 0.8, growth: estimate(0.1, 0.05) })).toBe("Demand exceeds supply: 80.0% of auctions cleared (seller's market)");
  });
});

describe('sentiment trend thresholds', () => {
  it('reads the score by its bands: 6 or more bullish, 4 or less bearish, neutral between', () => {
    expect(classifySentimentTrend(6, 'stable').label).toBe('bullish');
    expect(classifySentimentTrend(5.9, 'stable').label).toBe('neutral');
    expect(classifySentimentTrend(4, 'stable').label).toBe('bearish');
  });

  it('never contradicts the price trend, and is uncertain with it', () => {
    // Richmond VIC units read "Bullish" (6.1/10) beside a -4.2% year.
    expect(classifySentimentTrend(6.1, 'falling')).toEqual({ label: 'neutral', basis: 'Score 6.1/10 reads bullish, but prices are falling: mixed signals' });
    expect(classifySentimentTrend(3, 'rising').label).toBe('neutral');
    expect(classifySentimentTrend(0, 'uncertain').label).toBe('uncertain');
    fc.assert(fc.property(fc.double({ min: 0, max: 10, noNaN: true }), fc.constantFrom('rising', 'falling', 'stable', 'uncertain' as const), (score, trend) => {
      const label = classifySentimentTrend(score, trend).label;
      if (trend === 'falling') return label !== 'bullish' && label !== 'uncertain';
      if (trend === 'rising') return label !== 'bearish' && label !== 'uncertain';
      if (trend === 'uncertain') return label === 'uncertain';
      return label !== 'uncertain';
    }), { numRuns: 300 });
  });
});

let nextId = 1;
function sale(date: string, price: number | null, landSizeM2 = 500, method = 'sold'): MarketSale {
  return {
    id: nextId++, address: `${nextId} Test St`, suburb: 'TESTVILLE', state: 'VIC', postcode: '3999', propertyType: 'house',
    bedrooms: 3, bathrooms: 1, landSizeM2, buildingSizeM2: null, priceAud: price, saleDate: date, saleMethod: method,
    hasRecordedMethod: true, isMarketSale: price !== null,
  };
}
const NO_RENT: RentLookup = { found: false, reason: 'no rent data' };
const analyse = (sales: MarketSale[]) => analyseMarket({
  location: 'Testville VIC', matched: 'suburb TESTVILLE', propertyType: 'house', asAt: '2018-03-31', depth: 'basic', sales,
  groupOf: (item) => item.suburb, rent: NO_RENT, loan: DEFAULT_LOAN, dataSources: [],
});

describe('analyseMarket: the words follow the figures shown', () => {
  it('a market whose same homes sell 35% cheaper reads falling, not stable; its all-cleared auctions do not make it hot', () => {
    // Eight sales a month on 300-1,000 m2 blocks at $1,000/m2 in 2017, sliding to $650/m2 by early 2018
    // (a fall of 35%); every auction cleared, so clearance reads hot while growth reads cold.
    const sales: MarketSale[] = [];
    for (let month = 0; month < 15; month += 1) {
      const factor = month < 3 ? 1 : month >= 12 ? 0.65 : 1 - (0.35 * (month - 2)) / 10;
      const date = `${2017 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-10`;
      for (let i = 0; i < 8; i += 1) sales.push(sale(date, Math.round((300 + 100 * i) * 1000 * factor), 300 + 100 * i));
    }
    const result = analyse(sales)!;
    const growth = result.market_metrics.price_growth_yoy!;
    expect(growth).toBeLessThan(-0.3);
    expect(growth).toBeGreaterThan(-0.4);
    expect(result.trend_analysis.price_trend).toBe('falling');
    expect(result.trend_analysis.market_heat).toBe('uncertain');
    expect(result.sentiment.trend).not.toBe('bullish');
    expect(result.ai_insights.recommendations).not.toContain('Prices are steady: value on recent comparable sales rather than expected growth.');
    expect(result.ai_insights.risk_assessment).toContain('falling prices raise the risk for lenders');
  });

  it('a handful of scattered sales reads uncertain everywhere, with the interval in the flag', () => {
    // A year ago 500k, 900k, 700k; now 350k and 800k for the same kind of home: growth negative, interval very wide.
    const result = analyse([sale('2017-01-10', 500_000), sale('2017-02-10', 900_000), sale('2017-03-10', 700_000), sale('2018-01-10', 350_000), sale('2018-03-10', 800_000)])!;
    const interval = result.market_metrics.price_growth_interval!;
    expect(interval.low).toBeLessThan(-MARKET_THRESHOLDS.trendGrowth);
    expect(interval.high).toBeGreaterThan(MARKET_THRESHOLDS.trendGrowth);
    expect(result.trend_analysis.price_trend).toBe('uncertain');
    expect(result.sentiment.trend).toBe('uncertain');
    expect(result.flags.some((flag) => flag.startsWith('Price trend uncertain: the 80% interval of the growth runs from'))).toBe(true);
    expect(result.ai_insights.risk_assessment).not.toContain('no falling trend');
  });

  it('a place without a growth figure has no trend, not a "stable" one', () => {
    const result = analyse([sale('2018-02-10', 700_000), sale('2018-03-10', 720_000)])!;
    expect(result.market_metrics.price_growth_yoy).toBeNull();
    expect(result.trend_analysis.price_trend).toBe('uncertain');
    expect(result.trend_analysis.price_trend_basis).toBe('Growth cannot be measured here, so no trend is read');
  });
});
