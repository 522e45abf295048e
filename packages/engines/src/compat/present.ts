/**
 * Presenters for the original client's calls (../shared/COMPAT.md): pure mappings from our engines'
 * outputs to the field names and units the client reads, and the deterministic writers of the
 * assistant's texts. No figure is made here: each is one of the inputs, rescaled or renamed, or
 * null with the reason in `unavailable`.
 */
import type {
  CompatAnalysis,
  CompatEnhancedAnalysis,
  CompatMarketIntelligence,
  HazardAssessment,
  HazardReport,
  Insight,
  InvestmentMetrics,
  LendingAssessment,
  MarketAnalysis,
  MarketBalance,
  PriceMomentum,
  ValuationResult,
} from '@propguard/schemas';
import { CASH_FLOW_YEARS, formatAud, formatHazardScore } from '@propguard/schemas';
import { presentCompatCompliance } from '../compliance/present-compliance.ts';
import { MARKET_THRESHOLDS } from '../market/analyse-market.ts';
import { classifySupplyDemand } from '../market/market-labels.ts';

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const pct = (fraction: number) => `${round(fraction * 100, 1)}%`;

type ClimateRisk = CompatEnhancedAnalysis['risk_assessment']['climate_risks']['flood'];

function hazardOf(report: HazardReport, id: HazardAssessment['hazard']): HazardAssessment | undefined {
  return report.assessments.find((assessment) => assessment.hazard === id);
}

/** Why a hazard has no score: its own data note, else that no data set covers the place. */
function missingDataNote(assessment: HazardAssessment): string {
  return assessment.dataNote ?? `No ${HAZARD_WORDS[assessment.hazard].toLowerCase()} data for this place`;
}

/**
 * One hazard as the client's Live analysis maps it: our 0-100 score as 0-1 and the hazard's facts
 * in words; where no data set covers the place, a null score and the reason as the only factor.
 */
function climateRisk(assessment: HazardAssessment | undefined, missing: string): ClimateRisk {
  if (!assessment) return { score: null, factors: [missing] };
  if (!assessment.hasData) return { score: null, factors: [missingDataNote(assessment)] };
  return { score: round(assessment.score / 100, 2), factors: assessment.factors.map((factor) => factor.label) };
}

/** Earthquake and subsidence: the higher of the two that have data, its facts named by hazard. */
function geological(report: HazardReport): ClimateRisk {
  const both = [hazardOf(report, 'earthquake'), hazardOf(report, 'subsidence')].filter((assessment): assessment is HazardAssessment => assessment !== undefined);
  const scored = both.filter((assessment) => assessment.hasData).sort((a, b) => b.score - a.score)[0];
  if (!scored) return { score: null, factors: both.length > 0 ? both.map((assessment) => `${HAZARD_WORDS[assessment.hazard]}: ${missingDataNote(assessment)}`) : ['No geological assessment'] };
  return { score: round(scored.score / 100, 2), factors: scored.factors.map((factor) => `${HAZARD_WORDS[scored.hazard]}: ${factor.label}`) };
}

function climateRisks(report: HazardReport | null, missing: string) {
  if (!report) return { flood: climateRisk(undefined, missing), fire: climateRisk(undefined, missing), coastal: climateRisk(undefined, missing), geological: climateRisk(undefined, missing) };
  return {
    flood: climateRisk(hazardOf(report, 'flood'), 'No flood assessment'),
    fire: climateRisk(hazardOf(report, 'fire'), 'No bushfire assessment'),
    coastal: climateRisk(hazardOf(report, 'coastal'), 'No coastal assessment'),
    geological: geological(report),
  };
}

/**
 * The client's financial metrics, in its units: the cap rate and the cash-on-cash return as
 * percentages; the net cash flow of year 1 (NOI less the loan's repayments) with years 2-5 null, as
 * we do not forecast rents, costs or rates; the simple payback period (cash invested / net cash
 * flow, years) when the cash flow is positive; no five-year total return (it needs a future price).
 * Reasons for the nulls are added to `unavailable`.
 * @example financialMetrics({ cap_rate: 0.0223, cash_on_cash: -0.0512, noi: 22_300, annual_debt_service: 47_964, cash_invested: 255_000, dscr: 0.46, ... }, {})
 *   // { cap_rate: 2.23, cash_flow_projection: [-25664, null, null, null, null], roi_analysis: { annual_return: -5.12, break_even_period: null, ... }, ... }
 */
function financialMetrics(investment: InvestmentMetrics | null, unavailable: Record<string, string>): CompatEnhancedAnalysis['financial_metrics'] {
  const laterYears = Array.from({ length: CASH_FLOW_YEARS - 1 }, () => null);
  unavailable.total_return_5yr = 'A five-year total return needs the price in five years: PropGuard does not forecast prices';
  if (!investment) {
    return { cap_rate: null, cash_flow_projection: [null, ...laterYears], roi_analysis: { annual_return: null, total_return_5yr: null, break_even_period: null }, debt_serviceability: { dscr: null } };
  }
  const netCashFlow = investment.noi - investment.annual_debt_service;
  unavailable.cash_flow_projection = 'Year 1 is today\'s median rent less our stated costs and the default loan\'s repayments; years 2-5 are not projected, as PropGuard does not forecast rents, costs or rates';
  if (netCashFlow <= 0) unavailable.break_even_period = `The rent does not cover the costs and repayments (net cash flow ${formatAud(netCashFlow)} a year), so the cash invested is not paid back from rent`;
  return {
    cap_rate: round(investment.cap_rate * 100, 2),
    cash_flow_projection: [netCashFlow, ...laterYears],
    roi_analysis: {
      annual_return: round(investment.cash_on_cash * 100, 2),
      total_return_5yr: null,
      break_even_period: netCashFlow > 0 ? round(investment.cash_invested / netCashFlow, 1) : null,
    },
    debt_serviceability: { dscr: investment.dscr },
  };
}

export interface EnhancedAnalysisInput {
  analysisType: string;
  listingId: string | null;
  valuation: ValuationResult | null;
  hazards: HazardReport | null;
  hazards2050: HazardReport | null;
  lending: { assessment: LendingAssessment; basis: string } | null;
  market: MarketAnalysis | null;
  /** Why a part is missing, by part name (valuation, hazards, lending, market). */
  reasons: Record<string, string>;
  dataSources: string[];
  /** Set when the location given was a street address: the suburb the market figures are for. */
  locationNote: string | null;
}

/** The enhanced-property-analysis function's `analysis`, from our valuation, hazard, lending and market engines. */
export function presentEnhancedAnalysis(input: EnhancedAnalysisInput): CompatEnhancedAnalysis {
  const { valuation, hazards, lending, market } = input;
  const unavailable: Record<string, string> = { ...input.reasons };
  const investment = market?.investment ?? null;
  if (!market) unavailable.market_sentiment = input.reasons.market ?? 'No market analysis for this location';
  if (!investment) unavailable.financial_metrics = market ? market.unavailable.investment ?? 'No rent figure for this location, so no yields' : unavailable.market_sentiment!;
  const hazardsMissing = input.reasons.hazards ?? 'No hazard assessment';
  if (!lending) unavailable.compliance_analysis = input.reasons.lending ?? 'No valuation to lend against';
  const assessment = lending?.assessment;
  return {
    analysis_type: input.analysisType,
    property_analysis: {
      address: valuation?.property.address ?? null,
      listing_id: input.listingId,
      estimated_value: valuation?.estimate ?? null,
      valuation_range: valuation ? { min: valuation.low, max: valuation.high } : null,
      confidence_score: valuation ? round(valuation.confidence / 100, 2) : null,
      as_at: valuation?.asAt ?? null,
      property_type: valuation?.property.attributes.propertyType ?? null,
    },
    risk_assessment: {
      risk_grade: hazards?.overall.level ?? null,
      overall_risk_score: hazards ? round(hazards.overall.score / 100, 2) : null,
      climate_risks: climateRisks(hazards, hazardsMissing),
      climate_risks_2050: climateRisks(input.hazards2050, hazardsMissing),
      market_risks: {
        price_trend: market?.trend_analysis.price_trend ?? null,
        price_growth_yoy: market?.market_metrics.price_growth_yoy ?? null,
        volume_change: market?.market_metrics.volume_change ?? null,
        flags: market?.flags ?? [],
      },
    },
    // The loan's statuses as the lending engine found them, in words (issue 28).
    compliance_analysis: presentCompatCompliance(assessment ?? null, lending?.basis ?? 'No loan assessed'),
    market_sentiment: {
      sentiment_score: market?.sentiment.sentiment_score ?? null,
      trend: market?.sentiment.trend ?? null,
      confidence: market?.sentiment.confidence ?? null,
      summary: market?.sentiment.summary ?? null,
    },
    financial_metrics: financialMetrics(investment, unavailable),
    market_location: market?.matched ?? null,
    location_note: input.locationNote,
    unavailable,
    data_sources: input.dataSources,
  };
}

/**
 * The market's risk rating for the client: from the 80% interval of the year's quality-adjusted
 * growth (a fall inside the interval raises it). Null growth cannot be rated.
 */
export function rateMarketRisk(analysis: MarketAnalysis): { rating: string; detail: string } {
  const interval = analysis.market_metrics.price_growth_interval;
  if (!interval) return { rating: 'Not rated', detail: 'Too few sales to measure growth, so the risk of a fall is not rated' };
  const rating = interval.low < -0.05 ? 'High' : interval.low < 0 ? 'Medium' : 'Low';
  return { rating, detail: `Annual growth 80% interval ${pct(interval.low)} to ${pct(interval.high)}: High when a fall of more than 5% is inside it, Medium when any fall is, else Low` };
}

type GrowthFigure = { growth: number; low: number; high: number };

/**
 * Seller's, buyer's or balanced market, by the rule of the market engine's `supply_demand_balance`
 * sentence and its thresholds (MARKET_THRESHOLDS, docs/methodology/market.md): auction clearance
 * where auctions are recorded (>= 70% seller, < 60% buyer), else the year's quality-adjusted growth
 * (>= +5% seller, <= -2% buyer) when its 80% interval does not admit both a rise and a fall beyond
 * the trend threshold. Null where the sentence says "Mixed" (clearance and growth point opposite
 * ways) or "Not measured".
 * @example marketBalanceOf({ clearance: 0.72, growth: null }) // 'seller'
 * @example marketBalanceOf({ clearance: null, growth: { growth: 0.01, low: -0.01, high: 0.03 } }) // 'balanced'
 */
export function marketBalanceOf(input: { clearance: number | null; growth: GrowthFigure | null }): MarketBalance | null {
  return classifySupplyDemand(input).balance;
}

/**
 * A change in quarterly growth that counts as momentum: the trend threshold (2% a year,
 * MARKET_THRESHOLDS.trendGrowth) spread over a quarter, i.e. 0.5 percentage points.
 */
export const MOMENTUM_QUARTER_CHANGE = MARKET_THRESHOLDS.trendGrowth / 4;

/** The change of the index from `monthsBefore` months before its last month to `monthsAfter` before it, as a fraction. */
function indexChange(series: MarketAnalysis['index_series'], monthsBefore: number, monthsAfter: number): number | null {
  const from = series[series.length - 1 - monthsBefore]?.index;
  const to = series[series.length - 1 - monthsAfter]?.index;
  return from == null || to == null || from <= 0 ? null : to / from - 1;
}

/**
 * Month-on-month growth and momentum from the quality-adjusted monthly index: the last month on the
 * one before; the last 3 months' growth against the 3 months before, accelerating or decelerating
 * when they differ by more than MOMENTUM_QUARTER_CHANGE, else stable. Fractions; null where the
 * index is too short.
 * @example readPriceMomentum(series ending 100, 101, 102, 103, 104, 105, 107) // quarter 3.96%, previous 3%: 'accelerating'
 */
export function readPriceMomentum(series: MarketAnalysis['index_series']): { monthGrowth: number | null; quarterGrowth: number | null; previousQuarterGrowth: number | null; momentum: PriceMomentum | null } {
  const quarterGrowth = indexChange(series, 3, 0);
  const previousQuarterGrowth = indexChange(series, 6, 3);
  let momentum: PriceMomentum | null = null;
  if (quarterGrowth !== null && previousQuarterGrowth !== null) {
    const change = quarterGrowth - previousQuarterGrowth;
    momentum = change > MOMENTUM_QUARTER_CHANGE ? 'accelerating' : change < -MOMENTUM_QUARTER_CHANGE ? 'decelerating' : 'stable';
  }
  return { monthGrowth: indexChange(series, 1, 0), quarterGrowth, previousQuarterGrowth, momentum };
}

const percentOf = (fraction: number | null) => (fraction === null ? null : round(fraction * 100, 1));

/**
 * The market-intelligence function's `market_intelligence`, from one market analysis; `locationNote`
 * says which suburb a street address was answered for.
 */
export function presentMarketIntelligence(analysis: MarketAnalysis, locationNote: string | null = null): CompatMarketIntelligence {
  const metrics = analysis.market_metrics;
  const risk = rateMarketRisk(analysis);
  const growthFigure = metrics.price_growth_yoy !== null && metrics.price_growth_interval ? { growth: metrics.price_growth_yoy, ...metrics.price_growth_interval } : null;
  const balance = marketBalanceOf({ clearance: metrics.auction_clearance_rate, growth: growthFigure });
  const momentum = readPriceMomentum(analysis.index_series);
  const drivers: string[] = [];
  if (metrics.price_growth_yoy !== null) drivers.push(`Quality-adjusted prices ${metrics.price_growth_yoy >= 0 ? 'up' : 'down'} ${pct(Math.abs(metrics.price_growth_yoy))} over the year`);
  if (metrics.volume_change !== null) drivers.push(`Sales volume ${metrics.volume_change >= 0 ? 'up' : 'down'} ${pct(Math.abs(metrics.volume_change))} on the previous year (${metrics.sales_volume} sales)`);
  if (metrics.auction_clearance_rate !== null) drivers.push(`Auction clearance ${pct(metrics.auction_clearance_rate)} of ${metrics.auctions_counted} auctions`);
  if (analysis.investment) drivers.push(`Gross rental yield ${pct(analysis.investment.gross_yield)}`);
  const unavailable: Record<string, string> = { ...analysis.unavailable, days_on_market: 'Our sales records carry no listing dates', price_forecast: 'PropGuard does not forecast prices' };
  if (metrics.median_price === null) unavailable.average_price = unavailable.current_median = 'No priced sales in the 12 months';
  if (momentum.monthGrowth === null) unavailable.mom_growth = 'The monthly index has fewer than two months here';
  if (momentum.momentum === null) unavailable.price_momentum = 'The monthly index has fewer than seven months here, so two quarters cannot be compared';
  if (balance === null) unavailable.market_balance = analysis.trend_analysis.supply_demand_balance;
  return {
    location: analysis.location,
    matched: analysis.matched,
    property_type: analysis.property_type,
    as_at: analysis.as_at,
    market_overview: { average_price: metrics.median_price, price_basis: 'median', total_transactions: metrics.sales_volume, listing_volume: metrics.listing_volume },
    price_trends: {
      current_median: metrics.median_price,
      yoy_growth: percentOf(metrics.price_growth_yoy),
      mom_growth: percentOf(momentum.monthGrowth),
      price_momentum: momentum.momentum,
      quarter_growth: percentOf(momentum.quarterGrowth),
      previous_quarter_growth: percentOf(momentum.previousQuarterGrowth),
      trend: analysis.trend_analysis.price_trend,
      growth_interval_pct: metrics.price_growth_interval ? { low: round(metrics.price_growth_interval.low * 100, 1), high: round(metrics.price_growth_interval.high * 100, 1) } : null,
    },
    forecasts: { key_drivers: drivers, price_forecast: null },
    recommendations: { investment_recommendation: analysis.ai_insights.investment_outlook, key_considerations: analysis.ai_insights.recommendations },
    risk_factors: { overall_risk_rating: risk.rating, detail: risk.detail },
    demand_supply: {
      market_balance: balance,
      balance_basis: analysis.trend_analysis.supply_demand_balance,
      market_heat: analysis.trend_analysis.market_heat,
      auction_clearance_rate: metrics.auction_clearance_rate,
      days_on_market: null,
    },
    location_note: locationNote,
    unavailable,
    data_sources: analysis.data_sources,
  };
}

const HAZARD_WORDS: Record<HazardAssessment['hazard'], string> = {
  flood: 'Flood',
  fire: 'Bushfire',
  coastal: 'Coastal',
  subsidence: 'Subsidence',
  cyclone: 'Cyclone',
  earthquake: 'Earthquake',
};

/** The risk-assessment endpoint's `explanation`, written from the hazard reports today and in 2050. */
export function writeRiskExplanation(address: string, today: HazardReport, future: HazardReport | null): string {
  const lines = [`${address}: overall hazard score ${formatHazardScore(today.overall.score)} (${today.overall.level}).`];
  const ranked = [...today.assessments].sort((a, b) => b.score - a.score);
  for (const assessment of ranked) {
    if (!assessment.hasData) {
      lines.push(`${HAZARD_WORDS[assessment.hazard]}: no data here${assessment.dataNote ? ` (${assessment.dataNote})` : ''}.`);
      continue;
    }
    const projected = future ? hazardOf(future, assessment.hazard) : undefined;
    const outlook = projected && projected.hasData ? `; ${formatHazardScore(projected.score)} in ${projected.year} under ${projected.scenario} emissions` : '';
    const facts = assessment.factors.slice(0, 2).map((factor) => factor.label).join('; ');
    lines.push(`${HAZARD_WORDS[assessment.hazard]} ${formatHazardScore(assessment.score)} (${assessment.level})${outlook}${facts ? `: ${facts}` : ''}.`);
  }
  lines.push('Scores are screening estimates from national data sets (docs/methodology/hazards.md), not site studies.');
  return lines.join(' ');
}

export interface ComprehensiveInput {
  address: string;
  valuation: ValuationResult;
  hazards: HazardReport;
  hazards2050: HazardReport | null;
  lending: LendingAssessment | null;
  market: MarketAnalysis | null;
}

/** The comprehensive-analysis endpoint's `insights[]`: one per finding of our engines, none invented. */
export function writeInsights(input: ComprehensiveInput): Insight[] {
  const { valuation, hazards, lending, market } = input;
  // The client's insight confidence is 0-100 (COMPAT.md); ours are 0-100 already or 0-1 rescaled.
  const confidence = valuation.confidence;
  const spread = (valuation.high - valuation.low) / valuation.estimate;
  const insights: Insight[] = [
    {
      type: 'information',
      title: `Valued at ${formatAud(valuation.estimate)}`,
      description: `80% range ${formatAud(valuation.low)} to ${formatAud(valuation.high)} as at ${valuation.asAt}, from ${valuation.comparables.length} comparable sales.`,
      impact: spread > 0.4 ? 'high' : spread > 0.2 ? 'medium' : 'low',
      confidence,
      actionable: spread > 0.4,
      category: 'valuation',
    },
  ];
  for (const assessment of hazards.assessments) {
    if (!assessment.hasData || assessment.level === 'Low') continue;
    const projected = input.hazards2050 ? hazardOf(input.hazards2050, assessment.hazard) : undefined;
    insights.push({
      type: 'risk',
      title: `${HAZARD_WORDS[assessment.hazard]} risk ${assessment.level.toLowerCase()} (${formatHazardScore(assessment.score)})`,
      description: `${assessment.factors.slice(0, 2).map((factor) => factor.label).join('; ') || assessment.method}${projected && projected.hasData ? `; ${formatHazardScore(projected.score)} by ${projected.year}` : ''}. Expected damage ${assessment.expectedAnnualDamage.label}.`,
      impact: assessment.level === 'High' ? 'high' : 'medium',
      confidence: 100 - (assessment.scoreRange.high - assessment.scoreRange.low),
      actionable: true,
      category: 'climate',
    });
  }
  if (lending) {
    insights.push({
      type: lending.complianceStatus === 'review_required' ? 'risk' : 'information',
      title: `LVR ${lending.lvr.percent}% on an 80% loan: ${lending.complianceStatusLabel}`,
      description: `Risk weight ${pct(lending.capital.riskWeight)}, minimum capital ${formatAud(lending.capital.minimumCapitalAud)}${lending.climate.climateAdjustedLvr === null ? '' : `; climate-adjusted LVR in 2050 ${pct(lending.climate.climateAdjustedLvr)}`}.`,
      impact: lending.complianceStatus === 'review_required' ? 'medium' : 'low',
      confidence,
      actionable: lending.complianceStatus !== 'compliant',
      category: 'compliance',
    });
  }
  if (market) {
    const growth = market.market_metrics.price_growth_yoy;
    insights.push({
      type: growth !== null && growth < 0 ? 'risk' : 'opportunity',
      title: `${market.matched}: ${market.trend_analysis.price_trend} market`,
      description: market.ai_insights.market_sentiment,
      impact: growth !== null && Math.abs(growth) > 0.1 ? 'high' : 'medium',
      confidence: Math.round(market.sentiment.confidence * 100),
      actionable: false,
      category: 'market',
    });
  }
  return insights;
}

/** The comprehensive-analysis endpoint's `analysis_summary`. */
export function writeAnalysisSummary(input: ComprehensiveInput): string {
  const { valuation, hazards, lending, market } = input;
  const parts = [
    `${input.address} is valued at ${formatAud(valuation.estimate)} (80% range ${formatAud(valuation.low)} to ${formatAud(valuation.high)}, confidence ${valuation.confidence}/100, as at ${valuation.asAt}).`,
    `Overall hazard score ${formatHazardScore(hazards.overall.score)} (${hazards.overall.level}).`,
  ];
  if (lending) parts.push(`An 80% loan has LVR ${lending.lvr.percent}%; its checks read "${lending.complianceStatusLabel}" (lending safety score ${lending.complianceScore}/100, higher = safer).`);
  if (market) parts.push(`${market.ai_insights.market_sentiment}`);
  return parts.join(' ');
}

/** Every number a model-written text about this analysis may quote (checked by isSummaryFaithful). */
export function factsOfComprehensive(input: ComprehensiveInput): number[] {
  const values: Array<number | null | undefined> = [
    input.valuation.estimate, input.valuation.low, input.valuation.high, input.valuation.confidence, 80, 100, 2050,
    Number(input.valuation.asAt.slice(0, 4)), Number(input.valuation.asAt.slice(8, 10)),
    input.hazards.overall.score, ...input.hazards.assessments.map((assessment) => assessment.score),
    ...(input.hazards2050?.assessments.map((assessment) => assessment.score) ?? []),
    input.lending?.lvr.percent, input.lending?.complianceScore, input.lending?.capital.riskWeight, input.lending?.climate.climateAdjustedLvr,
    input.market?.market_metrics.median_price, input.market?.market_metrics.price_growth_yoy, input.market?.sentiment.sentiment_score,
  ];
  return values.filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
}

/** The assistant's reply to a valuation, from the analysis it shows. */
export function summariseAnalysis(analysis: CompatAnalysis): string {
  return `${analysis.address ?? 'The property'}: ${formatAud(analysis.current_valuation)} (80% range ${formatAud(analysis.valuation_range.min)} to ${formatAud(analysis.valuation_range.max)}, confidence ${Math.round(analysis.confidence * 100)}/100); overall hazard score ${formatHazardScore(analysis.risk_score)}.`;
}
