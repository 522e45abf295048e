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
  LendingAssessment,
  MarketAnalysis,
  ValuationResult,
} from '@propguard/schemas';
import { formatAud } from '@propguard/schemas';
import { presentCompatCompliance } from '../compliance/present-compliance.ts';

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const pct = (fraction: number) => `${round(fraction * 100, 1)}%`;

/** A 0-100 hazard score as the client's 0-1, or null where no data set covers the place. */
function unitScore(assessment: HazardAssessment | undefined): number | null {
  return assessment && assessment.hasData ? round(assessment.score / 100, 2) : null;
}

function hazardOf(report: HazardReport, id: HazardAssessment['hazard']): HazardAssessment | undefined {
  return report.assessments.find((assessment) => assessment.hazard === id);
}

/** Earthquake and subsidence: the higher of the two that have data. */
function geological(report: HazardReport): number | null {
  const scores = [unitScore(hazardOf(report, 'earthquake')), unitScore(hazardOf(report, 'subsidence'))].filter((score): score is number => score !== null);
  return scores.length > 0 ? Math.max(...scores) : null;
}

function climateRisks(report: HazardReport | null) {
  if (!report) return { flood: null, fire: null, coastal: null, geological: null };
  return { flood: unitScore(hazardOf(report, 'flood')), fire: unitScore(hazardOf(report, 'fire')), coastal: unitScore(hazardOf(report, 'coastal')), geological: geological(report) };
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
}

/** The enhanced-property-analysis function's `analysis`, from our valuation, hazard, lending and market engines. */
export function presentEnhancedAnalysis(input: EnhancedAnalysisInput): CompatEnhancedAnalysis {
  const { valuation, hazards, lending, market } = input;
  const unavailable: Record<string, string> = { ...input.reasons };
  const investment = market?.investment ?? null;
  if (!market) unavailable.market_sentiment = input.reasons.market ?? 'No market analysis for this location';
  if (market && !investment) unavailable.financial_metrics = market.unavailable.investment ?? 'No rent figure for this location, so no yields';
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
      climate_risks: climateRisks(hazards),
      climate_risks_2050: climateRisks(input.hazards2050),
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
    financial_metrics: {
      cap_rate: investment?.cap_rate ?? null,
      cash_flow_projection: investment
        ? [{ year: 1, net_cash_flow: investment.noi - investment.annual_debt_service, noi: investment.noi, debt_service: investment.annual_debt_service }]
        : [],
      roi_analysis: { annual_return: investment?.cash_on_cash ?? null },
      debt_serviceability: { dscr: investment?.dscr ?? null },
    },
    market_location: market?.matched ?? null,
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

/** The market-intelligence function's `market_intelligence`, from one market analysis. */
export function presentMarketIntelligence(analysis: MarketAnalysis): CompatMarketIntelligence {
  const metrics = analysis.market_metrics;
  const risk = rateMarketRisk(analysis);
  const drivers: string[] = [];
  if (metrics.price_growth_yoy !== null) drivers.push(`Quality-adjusted prices ${metrics.price_growth_yoy >= 0 ? 'up' : 'down'} ${pct(Math.abs(metrics.price_growth_yoy))} over the year`);
  if (metrics.volume_change !== null) drivers.push(`Sales volume ${metrics.volume_change >= 0 ? 'up' : 'down'} ${pct(Math.abs(metrics.volume_change))} on the previous year (${metrics.sales_volume} sales)`);
  if (metrics.auction_clearance_rate !== null) drivers.push(`Auction clearance ${pct(metrics.auction_clearance_rate)} of ${metrics.auctions_counted} auctions`);
  if (analysis.investment) drivers.push(`Gross rental yield ${pct(analysis.investment.gross_yield)}`);
  const unavailable: Record<string, string> = { ...analysis.unavailable, days_on_market: 'Our sales records carry no listing dates', price_forecast: 'PropGuard does not forecast prices' };
  if (metrics.median_price === null) unavailable.average_price = 'No priced sales in the 12 months';
  return {
    location: analysis.location,
    matched: analysis.matched,
    property_type: analysis.property_type,
    as_at: analysis.as_at,
    market_overview: { average_price: metrics.median_price, price_basis: 'median', total_transactions: metrics.sales_volume, listing_volume: metrics.listing_volume },
    price_trends: {
      yoy_growth: metrics.price_growth_yoy === null ? null : round(metrics.price_growth_yoy * 100, 1),
      trend: analysis.trend_analysis.price_trend,
      growth_interval_pct: metrics.price_growth_interval ? { low: round(metrics.price_growth_interval.low * 100, 1), high: round(metrics.price_growth_interval.high * 100, 1) } : null,
    },
    forecasts: { key_drivers: drivers, price_forecast: null },
    recommendations: { investment_recommendation: analysis.ai_insights.investment_outlook, key_considerations: analysis.ai_insights.recommendations },
    risk_factors: { overall_risk_rating: risk.rating, detail: risk.detail },
    demand_supply: { market_balance: analysis.trend_analysis.supply_demand_balance, market_heat: analysis.trend_analysis.market_heat, auction_clearance_rate: metrics.auction_clearance_rate, days_on_market: null },
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
  const lines = [`${address}: overall hazard score ${today.overall.score}/100 (${today.overall.level}).`];
  const ranked = [...today.assessments].sort((a, b) => b.score - a.score);
  for (const assessment of ranked) {
    if (!assessment.hasData) {
      lines.push(`${HAZARD_WORDS[assessment.hazard]}: no data here${assessment.dataNote ? ` (${assessment.dataNote})` : ''}.`);
      continue;
    }
    const projected = future ? hazardOf(future, assessment.hazard) : undefined;
    const outlook = projected && projected.hasData ? `; ${projected.score}/100 in ${projected.year} under ${projected.scenario} emissions` : '';
    const facts = assessment.factors.slice(0, 2).map((factor) => factor.label).join('; ');
    lines.push(`${HAZARD_WORDS[assessment.hazard]} ${assessment.score}/100 (${assessment.level})${outlook}${facts ? `: ${facts}` : ''}.`);
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
  const confidence = round(valuation.confidence / 100, 2);
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
      title: `${HAZARD_WORDS[assessment.hazard]} risk ${assessment.level.toLowerCase()} (${assessment.score}/100)`,
      description: `${assessment.factors.slice(0, 2).map((factor) => factor.label).join('; ') || assessment.method}${projected && projected.hasData ? `; ${projected.score}/100 by ${projected.year}` : ''}. Expected damage ${assessment.expectedAnnualDamage.label}.`,
      impact: assessment.level === 'High' ? 'high' : 'medium',
      confidence: round(1 - (assessment.scoreRange.high - assessment.scoreRange.low) / 100, 2),
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
      confidence: market.sentiment.confidence,
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
    `Overall hazard score ${hazards.overall.score}/100 (${hazards.overall.level}).`,
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
  return `${analysis.address ?? 'The property'}: ${formatAud(analysis.current_valuation)} (80% range ${formatAud(analysis.valuation_range.min)} to ${formatAud(analysis.valuation_range.max)}, confidence ${analysis.confidence}/100); overall hazard score ${analysis.risk_score}/100.`;
}
