/**
 * `analyseMarket`: the market figures of a location and property type as at a date, from the
 * recorded sales (issue 6). Method and thresholds: docs/methodology/market.md.
 */
import type { InvestmentMetrics, LoanInputs, MarketAnalysis, MarketPropertyType, MarketSentiment, PriceTrend } from '@propguard/schemas';
import { formatAud } from '@propguard/schemas';
import { computeInvestmentMetrics, type RentLookup } from './investment-metrics.ts';
import { fitQualityIndex, meanLogLevel, DEFAULT_QUALITY_INDEX_PARAMS, type QualityIndex, type QualityIndexParams } from './quality-index.ts';
import { capitalise, classifyMarketHeat, classifyPriceTrend, classifySentimentTrend, describeSupplyDemand, formatFractionPct, formatThresholdPct, MARKET_THRESHOLDS, type GrowthEstimate } from './market-labels.ts';
import { medianOf, monthLabel, monthOf, yearBefore, type MarketSale } from './types.ts';

/**
 * Auction clearance, as the Real Estate Institute of Victoria and Domain count it: sold at auction,
 * sold before and sold after auction are cleared; passed in, vendor bid and withdrawn are not.
 *   clearance = cleared / (cleared + not cleared)
 */
export const CLEARED_METHODS: ReadonlySet<string> = new Set(['sold', 'sold_prior', 'sold_prior_not_disclosed', 'sold_not_disclosed', 'sold_after_auction', 'sold_after_auction_not_disclosed']);
export const NOT_CLEARED_METHODS: ReadonlySet<string> = new Set(['passed_in', 'vendor_bid', 'withdrawn']);

/** The threshold table lives with the labels it drives (market-labels.ts); re-exported for the server's index window. */
export { MARKET_THRESHOLDS };

/** The sentiment score's weights (points either side of 5), docs/methodology/market.md. */
export const SENTIMENT_WEIGHTS = { growth: 2.5, clearance: 1.5, volume: 1, yield: 1 } as const;

const Z80 = 1.2816;

export interface AnalyseMarketInput {
  location: string;
  matched: string;
  propertyType: MarketPropertyType;
  asAt: string;
  depth: 'basic' | 'comprehensive';
  /** Every recorded result of the location (any type, any method). */
  sales: readonly MarketSale[];
  /** Fixed-effect group of a sale (its suburb and postcode). */
  groupOf: (sale: MarketSale) => string;
  /** The surrounding city's index for the chart, and its name (comprehensive depth). */
  cityIndex?: { index: QualityIndex; label: string } | null;
  rent: RentLookup;
  loan: LoanInputs;
  dataSources: string[];
  indexParams?: QualityIndexParams;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
const pct = formatFractionPct;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const monthName = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;

/** The quality-adjusted growth over the year to the as-at month: 3-month mean levels a year apart. */
export function indexGrowth(index: QualityIndex, asAtMonth: number): GrowthEstimate | null {
  const recent = meanLogLevel(index, asAtMonth - 2, asAtMonth);
  const prior = meanLogLevel(index, asAtMonth - 14, asAtMonth - 12);
  if (recent.sales === 0 || prior.sales === 0 || !Number.isFinite(recent.level) || !Number.isFinite(prior.level)) return null;
  const diff = recent.level - prior.level;
  const se = (Number.isFinite(index.residualSd) ? index.residualSd : 0.3) * Math.sqrt(1 / recent.sales + 1 / prior.sales);
  return { growth: round4(Math.exp(diff) - 1), low: round4(Math.exp(diff - Z80 * se) - 1), high: round4(Math.exp(diff + Z80 * se) - 1) };
}

/**
 * The sentiment score /10 from growth, clearance, volume change and yield (each clamped to its band),
 * and its word from that score and the price trend (classifySentimentTrend), so that the word never
 * contradicts the trend shown beside it.
 */
export function scoreMarketSentiment(input: { growth: number | null; clearance: number | null; volumeChange: number | null; grossYield: number | null; salesVolume: number; investment: InvestmentMetrics | null; summary: string; priceTrend: PriceTrend }): MarketSentiment {
  const parts = [
    { name: 'price_growth_yoy', value: input.growth, weight: SENTIMENT_WEIGHTS.growth, scaled: input.growth === null ? null : clamp(input.growth / 0.1, -1, 1) },
    { name: 'auction_clearance_rate', value: input.clearance, weight: SENTIMENT_WEIGHTS.clearance, scaled: input.clearance === null ? null : clamp((input.clearance - 0.6) / 0.2, -1, 1) },
    { name: 'volume_change', value: input.volumeChange, weight: SENTIMENT_WEIGHTS.volume, scaled: input.volumeChange === null ? null : clamp(input.volumeChange / 0.25, -1, 1) },
    { name: 'gross_yield', value: input.grossYield, weight: SENTIMENT_WEIGHTS.yield, scaled: input.grossYield === null ? null : clamp((input.grossYield - 0.035) / 0.015, -1, 1) },
  ];
  const available = parts.filter((part) => part.scaled !== null);
  const totalWeight = available.reduce((sum, part) => sum + part.weight, 0);
  const allWeight = parts.reduce((sum, part) => sum + part.weight, 0);
  // Rescaled so that the score spans 0-10 whatever is missing.
  const points = available.map((part) => ({ name: part.name, value: part.value, points: totalWeight === 0 ? 0 : Math.round(((part.weight * part.scaled!) / totalWeight) * 5 * 100) / 100 }));
  const score = Math.round(clamp(5 + points.reduce((sum, part) => sum + part.points, 0), 0, 10) * 10) / 10;
  const confidence = Math.round(clamp(Math.sqrt(Math.min(1, input.salesVolume / 60)) * (0.5 + (0.5 * totalWeight) / allWeight), 0.05, 0.95) * 100) / 100;
  const trend = classifySentimentTrend(score, input.priceTrend);
  return {
    sentiment_score: score,
    trend: trend.label,
    trend_basis: trend.basis,
    confidence,
    summary: input.summary,
    summary_source: 'computed',
    detailed_metrics: {
      cap_rate: input.investment?.cap_rate ?? null,
      cash_on_cash: input.investment?.cash_on_cash ?? null,
      noi: input.investment?.noi ?? null,
      debt_coverage: input.investment?.dscr ?? null,
    },
    components: parts.map((part) => ({ name: part.name, value: part.value, points: points.find((item) => item.name === part.name)?.points ?? 0 })),
  };
}

/** The lender's reading of the growth interval, in the words of the price trend. */
function describeFallRisk(priceTrend: PriceTrend, growth: GrowthEstimate): string {
  if (priceTrend === 'falling') return 'falling prices raise the risk for lenders';
  if (priceTrend === 'uncertain') return `a fall of up to ${pct(-growth.low)} cannot be ruled out`;
  if (growth.low < -MARKET_THRESHOLDS.trendGrowth) return `no falling trend, though a fall of up to ${pct(-growth.low)} is inside the interval`;
  return 'no falling trend';
}

function typeMatches(sale: MarketSale, propertyType: MarketPropertyType): boolean {
  return sale.propertyType === propertyType;
}

/**
 * The market analysis of SPEC.md section 3, or null when the location has no priced sale of the type.
 * @example analyseMarket({ location: 'Richmond VIC', propertyType: 'house', asAt: '2018-03-17', sales, ... }).market_metrics.median_price
 */
export function analyseMarket(input: AnalyseMarketInput): MarketAnalysis | null {
  const { asAt, propertyType } = input;
  const typed = input.sales.filter((sale) => typeMatches(sale, propertyType) && sale.saleDate <= asAt);
  const priced = typed.filter((sale) => sale.isMarketSale && sale.priceAud !== null);
  if (priced.length === 0) return null;

  const yearAgo = yearBefore(asAt);
  const twoYearsAgo = yearBefore(yearAgo);
  const inWindow = typed.filter((sale) => sale.saleDate > yearAgo);
  const pricedWindow = inWindow.filter((sale) => sale.isMarketSale && sale.priceAud !== null);
  const pricedPrevious = priced.filter((sale) => sale.saleDate > twoYearsAgo && sale.saleDate <= yearAgo);
  const hasPreviousYear = typed.some((sale) => sale.saleDate <= yearAgo);
  const medianPrice = pricedWindow.length > 0 ? Math.round(medianOf(pricedWindow.map((sale) => sale.priceAud!))) : null;
  const salesVolume = pricedWindow.length;
  const volumeChange = hasPreviousYear && pricedPrevious.length > 0 ? round4(salesVolume / pricedPrevious.length - 1) : null;

  const auctions = inWindow.filter((sale) => sale.hasRecordedMethod && (CLEARED_METHODS.has(sale.saleMethod) || NOT_CLEARED_METHODS.has(sale.saleMethod)));
  const cleared = auctions.filter((sale) => CLEARED_METHODS.has(sale.saleMethod)).length;
  const clearance = auctions.length > 0 ? round4(cleared / auctions.length) : null;

  const asAtMonth = monthOf(asAt);
  const firstSaleMonth = priced.reduce((first, sale) => Math.min(first, monthOf(sale.saleDate)), asAtMonth);
  const seriesStart = Math.max(firstSaleMonth, asAtMonth - MARKET_THRESHOLDS.indexMonths + 1);
  const index = fitQualityIndex(priced, seriesStart, asAtMonth, input.groupOf, input.indexParams ?? DEFAULT_QUALITY_INDEX_PARAMS);
  const growth = indexGrowth(index, asAtMonth);

  const unavailable: Record<string, string> = {
    days_on_market: 'Not available: our sales records have no listing dates, so days on market cannot be measured',
  };
  if (clearance === null) unavailable.auction_clearance_rate = 'Not available: the sales records of this location do not say how each property was sold (only Melbourne\'s do)';
  if (growth === null) unavailable.price_growth_yoy = 'Not available: the index needs sales both in the last three months and a year before';
  if (medianPrice === null) unavailable.median_price = 'No priced sales in the last 12 months';

  // Every label below comes from the figures shown beside it (g and its interval, clearance), by the
  // table in market-labels.ts.
  const g = growth?.growth ?? null;
  const trend = classifyPriceTrend(growth);
  const priceTrend = trend.label;
  const heat = classifyMarketHeat({ clearance, growth });
  const supplyDemand = describeSupplyDemand({ clearance, growth });

  const flags: string[] = [];
  if (salesVolume < MARKET_THRESHOLDS.smallSample) flags.push(`Only ${salesVolume} sale${salesVolume === 1 ? '' : 's'} in 12 months: figures are indicative and the growth interval is wide`);
  if (growth && priceTrend === 'uncertain') flags.push(`Price trend uncertain: the 80% interval of the growth runs from ${pct(growth.low, true)} to ${pct(growth.high, true)}, wide enough for a rise and a fall of more than ${formatThresholdPct(MARKET_THRESHOLDS.trendGrowth)}`);
  else if (growth && growth.high - growth.low > MARKET_THRESHOLDS.impreciseInterval) flags.push(`Growth is imprecise: the 80% interval runs from ${pct(growth.low, true)} to ${pct(growth.high, true)} (its direction holds, its size does not)`);

  let investment: InvestmentMetrics | null = null;
  if (!input.rent.found) unavailable.investment = input.rent.reason;
  else if (medianPrice === null) unavailable.investment = 'No median price to compute yields on';
  else investment = computeInvestmentMetrics({ priceAud: medianPrice, weeklyRentAud: input.rent.weeklyRentAud, propertyType, rentSource: input.rent.source, loan: input.loan });

  const typeLabel = propertyType === 'unit' ? 'units' : `${propertyType}s`;
  const facts = [
    medianPrice === null ? null : `median ${formatAud(medianPrice)} over the 12 months to ${monthName(asAt)} (${salesVolume} sales)`,
    growth === null ? null : `quality-adjusted prices ${pct(growth.growth, true)} year on year (80% interval ${pct(growth.low, true)} to ${pct(growth.high, true)}; price trend ${priceTrend})`,
    clearance === null ? null : `${pct(clearance)} auction clearance`,
  ].filter((fact): fact is string => fact !== null);
  const summary = `${input.location}, ${typeLabel}: ${facts.join('; ')}.`;
  const sentiment = scoreMarketSentiment({ growth: g, clearance, volumeChange, grossYield: investment?.gross_yield ?? null, salesVolume, investment, summary, priceTrend });

  const recommendations: string[] = [];
  if (salesVolume < MARKET_THRESHOLDS.smallSample) recommendations.push(`Treat these figures as indicative: only ${salesVolume} sales in 12 months. Compare with the city index and nearby suburbs.`);
  if (priceTrend === 'rising' && heat.label === 'hot') recommendations.push('Expect competition: set a firm limit before auction and budget for prices above the median.');
  if (priceTrend === 'falling') recommendations.push('Prices are falling: there is room to negotiate, and lenders may value conservatively.');
  if (priceTrend === 'stable') recommendations.push('Prices are steady: value on recent comparable sales rather than expected growth.');
  if (priceTrend === 'uncertain') {
    recommendations.push(growth
      ? `The price trend is uncertain (growth ${pct(growth.growth, true)}, 80% interval ${pct(growth.low, true)} to ${pct(growth.high, true)}): value on recent comparable sales and rely on no growth either way.`
      : 'Growth cannot be measured here: value on recent comparable sales and rely on no growth either way.');
  }
  if (investment && investment.dscr !== null && investment.dscr < 1) recommendations.push(`At ${pct(input.loan.lvr)} LVR and ${pct(input.loan.interest_rate)} interest the rent covers ${investment.dscr.toFixed(2)} times the repayments: budget for negative cash flow.`);
  if (investment && investment.gross_yield < 0.03) recommendations.push(`A gross yield of ${pct(investment.gross_yield)} makes this a growth play rather than an income one.`);
  if (!investment) recommendations.push('No rent data for this location: yields are not shown rather than guessed.');
  const cityGrowth = input.cityIndex ? indexGrowth(input.cityIndex.index, asAtMonth) : null;
  if (input.depth === 'comprehensive' && cityGrowth && g !== null) {
    recommendations.push(g > cityGrowth.growth
      ? `${input.location} grew faster than ${input.cityIndex!.label} (${pct(g, true)} against ${pct(cityGrowth.growth, true)}).`
      : `${input.location} grew slower than ${input.cityIndex!.label} (${pct(g, true)} against ${pct(cityGrowth.growth, true)}).`);
  }

  const cityBase = input.cityIndex ? input.cityIndex.index.logLevels[seriesStart - input.cityIndex.index.firstMonth] : undefined;
  const pricesByMonth = new Map<number, number[]>();
  for (const sale of priced) {
    const month = monthOf(sale.saleDate);
    const list = pricesByMonth.get(month);
    if (list) list.push(sale.priceAud!);
    else pricesByMonth.set(month, [sale.priceAud!]);
  }
  const indexSeries = index.logLevels.map((level, t) => {
    const month = seriesStart + t;
    const monthSales = pricesByMonth.get(month) ?? [];
    const cityLevel = input.cityIndex ? input.cityIndex.index.logLevels[month - input.cityIndex.index.firstMonth] : undefined;
    return {
      month: monthLabel(month),
      index: Math.round(100 * Math.exp(level) * 10) / 10,
      city_index: cityLevel === undefined || cityBase === undefined ? null : Math.round(100 * Math.exp(cityLevel - cityBase) * 10) / 10,
      sales: index.counts[t]!,
      median_price: monthSales.length > 0 ? Math.round(medianOf(monthSales)) : null,
    };
  });

  const recentSales = [...typed]
    .sort((a, b) => (a.saleDate === b.saleDate ? b.id - a.id : a.saleDate < b.saleDate ? 1 : -1))
    .slice(0, input.depth === 'comprehensive' ? 15 : 5)
    .map((sale) => ({ id: sale.id, address: sale.address, suburb: sale.suburb, sale_date: sale.saleDate, price: sale.priceAud, sale_method: sale.saleMethod, bedrooms: sale.bedrooms, land_size: sale.landSizeM2 }));

  const outlook = investment
    ? `Gross yield ${pct(investment.gross_yield)}, net ${pct(investment.net_yield)} on a weekly rent of ${formatAud(investment.weekly_rent)}; at ${pct(input.loan.lvr)} LVR the rent covers the repayments ${investment.dscr === null ? 'with no loan' : `${investment.dscr.toFixed(2)} times`}.`
    : `Yields not available: ${input.rent.found ? 'no median price' : input.rent.reason}.`;
  const risk = growth
    ? `Growth 80% interval ${pct(growth.low, true)} to ${pct(growth.high, true)} on ${salesVolume} sales; ${describeFallRisk(priceTrend, growth)}.`
    : `Growth cannot be measured here; ${salesVolume} sales in 12 months.`;

  return {
    location: input.location,
    matched: input.matched,
    property_type: propertyType,
    as_at: asAt,
    market_metrics: {
      median_price: medianPrice,
      price_growth_yoy: g,
      price_growth_interval: growth ? { low: growth.low, high: growth.high } : null,
      days_on_market: null,
      auction_clearance_rate: clearance,
      auctions_counted: auctions.length,
      listing_volume: inWindow.length,
      sales_volume: salesVolume,
      volume_change: volumeChange,
    },
    trend_analysis: { price_trend: priceTrend, price_trend_basis: trend.basis, market_heat: heat.label, market_heat_basis: heat.basis, supply_demand_balance: supplyDemand },
    ai_insights: {
      market_sentiment: `${capitalise(sentiment.trend)}: ${sentiment.trend_basis}. ${capitalise(facts.join('; ') || 'few figures available')}.`,
      investment_outlook: outlook,
      risk_assessment: risk,
      recommendations: input.depth === 'basic' ? recommendations.slice(0, 2) : recommendations,
    },
    sentiment,
    investment,
    flags,
    unavailable,
    index_series: indexSeries,
    recent_sales: recentSales,
    method: `Hedonic time-dummy index (suburb effects, attributes ${Object.keys(index.coefficients).join(', ')}, smoothness ${(input.indexParams ?? DEFAULT_QUALITY_INDEX_PARAMS).smoothness}) on ${index.salesUsed} priced sales; growth = 3-month mean index a year apart; clearance = cleared / (cleared + passed in + vendor bid + withdrawn)`,
    data_sources: input.dataSources,
  };
}
