/**
 * `buildReportContent`: the content of a valuation report (issue 8) from a fresh analysis: the
 * valuation, the hazard report now and in 2050, and the mitigation plan. Pure: the caller passes
 * the analysis, the ids and the data versions.
 */
import { REPORT_TEMPLATE_INFO, type HazardReport, type LendingAssessment, type MarketAnalysis, type MitigationItem, type ReportContent, type ReportTemplate, type ValuationResult } from '@propguard/schemas';

export interface ReportInput {
  template: ReportTemplate;
  listingId: string | null;
  valuation: ValuationResult;
  /** Present-day hazards (high scenario). */
  hazards: HazardReport;
  /** The same place in 2050 under the high scenario. */
  hazards2050: HazardReport;
  recommendations: readonly MitigationItem[];
  /** The suburb market analysis for the property's type, or why there is none. */
  market: { analysis: MarketAnalysis; reason?: undefined } | { analysis: null; reason: string };
  /** The lending-rules assessment of the default loan (the caller states the loan in words). */
  lending: { assessment: LendingAssessment; assumptions: string };
  certificateId: string;
  dataVersions: Readonly<Record<string, string>>;
  includeBlockchain: boolean;
}

/** SPEC.md section 9: loan amounts at 80, 90 and 95 percent of the valuation. */
const LVR_SHARES = { '80_percent': 0.8, '90_percent': 0.9, '95_percent': 0.95 } as const;

const METHODOLOGY =
  'Automated valuation: gradient-boosted trees on time-adjusted local price levels, comparable sales and hedonic attributes, ' +
  'trained on real Australian sales; the range is the calibrated 80% interval (docs/methodology/valuation.md).';

function lendingSection({ assessment, assumptions }: ReportInput['lending']): NonNullable<ReportContent['compliance']['default_loan']> {
  return {
    loan_amount: assessment.inputs.loanAmountAud,
    lvr_percent: assessment.lvr.percent,
    lmi_required: assessment.lmi.isRequired,
    risk_weight: assessment.capital.riskWeight,
    risk_weight_without_lmi: assessment.capital.riskWeightWithoutLmi,
    risk_weighted_assets: assessment.capital.riskWeightedAssetsAud,
    minimum_capital: assessment.capital.minimumCapitalAud,
    climate_adjusted_value_2050: assessment.climate.climateAdjustedValueAud,
    climate_adjusted_lvr_2050: assessment.climate.climateAdjustedLvr,
    risk_category: assessment.riskCategory,
    compliance_score: assessment.complianceScore,
    assumptions,
    table_verification: assessment.capital.table.source,
  };
}

/**
 * The default loan's statuses in words, as the lending engine found them (the same on the APRA tab,
 * the search API and the original client's routes): "Compliant" only when every check ran and passed.
 */
function loanStatusText(assessment: LendingAssessment): string {
  const { lvr, nccp, basel3 } = assessment.statuses;
  return `Default loan checks: LVR ${lvr.label} (${lvr.summary}); NCCP ${nccp.label} (${nccp.summary}); Basel III (APS 112) ${basel3.label} (${basel3.summary}).`;
}

function marketSection(market: ReportInput['market']): ReportContent['market_analysis'] {
  if (!market.analysis) return { available: false, note: `No market analysis: ${market.reason}.` };
  const { analysis } = market;
  const metrics = analysis.market_metrics;
  return {
    available: true,
    note: `Market of ${analysis.matched} (${analysis.property_type}) as at ${analysis.as_at}, from a quality-adjusted price index of recorded sales (docs/methodology/market.md).`,
    location: analysis.matched,
    as_at: analysis.as_at,
    median_price: metrics.median_price,
    price_growth_yoy: metrics.price_growth_yoy,
    sales_volume: metrics.sales_volume,
    auction_clearance_rate: metrics.auction_clearance_rate,
    price_trend: analysis.trend_analysis.price_trend,
    market_heat: analysis.trend_analysis.market_heat,
    sentiment_score: analysis.sentiment.sentiment_score,
    sentiment_trend: analysis.sentiment.trend,
    summary: analysis.sentiment.summary,
    flags: [...analysis.flags],
  };
}

/**
 * @example buildReportContent({ template: 'full-valuation', listingId: 'sale-42', valuation, hazards, hazards2050, recommendations: [], market: { analysis: null, reason: 'no sales' }, lending, certificateId: 'PG-…', dataVersions: {}, includeBlockchain: true }).comprehensive_analysis.ai_valuation
 */
export function buildReportContent(input: ReportInput): ReportContent {
  const { valuation, hazards, hazards2050 } = input;
  const info = REPORT_TEMPLATE_INFO[input.template];
  const property = valuation.property;
  const address = property.address ?? [property.suburb, property.state, property.postcode].filter(Boolean).join(' ');
  const hazardLines = hazards.assessments.map((assessment) => ({
    hazard: assessment.hazard,
    label: assessment.label,
    score: assessment.hasData ? assessment.score : null,
    level: assessment.hasData ? assessment.level : null,
    factors: assessment.hasData ? assessment.factors.map((factor) => factor.label) : [assessment.dataNote ?? 'No data for this place'],
  }));
  const riskFactors = hazards.assessments
    .filter((assessment) => assessment.hasData && assessment.score >= 40)
    .flatMap((assessment) => assessment.factors.filter((factor) => factor.effect === 'raises').map((factor) => `${assessment.label}: ${factor.label}`));
  return {
    template: input.template,
    title: `${info.title}: ${address}`,
    sections: [...info.sections],
    property_details: {
      listing_id: input.listingId,
      address,
      suburb: property.suburb,
      state: property.state,
      postcode: property.postcode,
      property_type: property.attributes.propertyType ?? null,
      lat: property.lat,
      lng: property.lng,
      bedrooms: property.attributes.bedrooms ?? null,
      bathrooms: property.attributes.bathrooms ?? null,
      land_size_m2: property.attributes.landSizeM2 ?? null,
      assumed: [...valuation.assumed],
      subject: valuation.subject,
    },
    comprehensive_analysis: {
      ai_valuation: valuation.estimate,
      conservative_value: valuation.low,
      optimistic_value: valuation.high,
      confidence_level: valuation.confidence,
      confidence_label: valuation.confidenceLevel,
      fsd_pct: valuation.fsdPct,
      as_at: valuation.asAt,
      carry_forward: valuation.carryForward?.summary ?? null,
      methodology: `${METHODOLOGY} Model ${valuation.model.id}.`,
      model_id: valuation.model.id,
      factors: valuation.factors.map((factor) => ({ label: factor.label, contribution_aud: factor.contributionAud })),
      comparable_properties: valuation.comparables.map((comparable) => ({
        address: comparable.address ?? `${comparable.suburb} ${comparable.state ?? ''}`.trim(),
        sale_date: comparable.saleDate,
        distance_km: Math.round(comparable.distanceKm * 100) / 100,
        price: comparable.priceAud,
        time_adjusted_price: comparable.timeAdjustedPriceAud,
      })),
    },
    risk_assessment: {
      overall_risk: hazards.overall.level,
      overall_score: hazards.overall.score,
      method: hazards.overall.method,
      hazards: hazardLines,
      risk_factors: riskFactors.length > 0 ? riskFactors : ['No hazard scores 40 or more at this place'],
      mitigation_strategies: input.recommendations.map((item) => ({
        type: item.type,
        priority: item.priority,
        cost_aud: item.costAud,
        roi_years: item.roiYears,
        payback: item.payback,
        protects_against: item.protectsAgainst,
        cost_assumptions: item.costAssumptions,
        actions: [...item.actions],
      })),
      climate_2050_high: { overall_score: hazards2050.overall.score, overall_risk: hazards2050.overall.level },
    },
    market_analysis: marketSection(input.market),
    compliance: {
      lvr_thresholds: {
        '80_percent': Math.round(valuation.estimate * LVR_SHARES['80_percent']),
        '90_percent': Math.round(valuation.estimate * LVR_SHARES['90_percent']),
        '95_percent': Math.round(valuation.estimate * LVR_SHARES['95_percent']),
      },
      note: `Loan amounts at 80, 90 and 95% LVR of the AI valuation; capital and climate figures for the default loan below (docs/methodology/lending.md). ${loanStatusText(input.lending.assessment)} Serviceability and NCCP need the borrower and are assessed in the APRA Compliance tab.`,
      default_loan: lendingSection(input.lending),
    },
    compliance_certificate: {
      certificate_id: input.certificateId,
      apra_compliant: null,
      blockchain_hash: null,
      note: input.includeBlockchain
        ? 'The content hash below identifies this report. Minting its certificate records this hash in an ERC-721 token on chain; the report itself never changes, so the token and transaction are shown beside it (on the report page, and in a certificate section of the PDF and text downloads once minted), never inside its hashed content.'
        : 'Blockchain anchoring was not requested.',
    },
    data_versions: { ...input.dataVersions },
  };
}
