import { z } from 'zod';

import { marketPropertyTypeSchema } from './market.ts';
import { listingIdSchema } from './realty.ts';

/**
 * The original PropGuard AI client's calls (../shared/COMPAT.md), answered by our engines.
 * Field names and units are the client's (COMPAT.md "Exact shapes"): scores and confidences are
 * 0-1, except the insights' confidence (0-100); growth, returns and the cap rate are percentages
 * (4.2 means 4.2%); money is whole dollars. A figure we do not have is null and `unavailable` says why.
 * Requests are loose objects: the client sends fields we do not read, and they pass.
 */
const money = z.number().int().nullable();
const unit = z.number().min(0).max(1).nullable();
const percent = z.number().nullable();
const reasons = z.record(z.string(), z.string()).describe('Figures that are null, with the reason');

const coordinatesSchema = z.object({ lat: z.number().min(-44).max(-9), lng: z.number().min(112).max(154) });

/** POST /functions/v1/property-analysis: the client sends `{healthCheck: true}` as a probe. */
export const compatPropertyAnalysisRequestSchema = z
  .looseObject({
    healthCheck: z.boolean().optional(),
    query: z.string().trim().min(3).max(200).optional(),
    address: z.string().trim().min(3).max(200).optional(),
  })
  .refine((body) => body.healthCheck === true || body.query !== undefined || body.address !== undefined, { message: 'send {healthCheck: true} or an address', path: ['address'] })
  .meta({ id: 'CompatPropertyAnalysisRequest' });
export type CompatPropertyAnalysisRequest = z.infer<typeof compatPropertyAnalysisRequestSchema>;

export const compatHealthCheckResponseSchema = z
  .object({
    success: z.literal(true),
    healthCheck: z.literal(true),
    status: z.enum(['healthy', 'degraded']),
    engines: z.object({ valuation: z.boolean(), hazards: z.boolean(), address_index: z.boolean() }),
    timestamp: z.string(),
  })
  .meta({ id: 'CompatHealthCheckResponse' });

/** POST /functions/v1/nasa-fire-risk: `{latitude, longitude, radiusKm?}`; the health probe sends no radius. */
export const compatFireRiskRequestSchema = z
  .looseObject({
    latitude: z.number().min(-44).max(-9),
    longitude: z.number().min(112).max(154),
    radiusKm: z.number().positive().max(500).optional(),
  })
  .meta({ id: 'CompatFireRiskRequest' });

/** POST /functions/v1/enhanced-property-analysis: the client's three body forms. */
export const compatEnhancedAnalysisRequestSchema = z
  .looseObject({
    address: z.string().trim().min(3).max(200).optional().describe('A street address, or a listing id such as "sale-123"'),
    location: z.string().trim().min(2).max(120).optional().describe('A suburb, postcode, city or state'),
    propertyType: z.string().trim().max(40).optional(),
    analysisType: z.string().trim().max(40).optional(),
    coordinates: coordinatesSchema.optional(),
  })
  .refine((body) => body.address !== undefined || body.location !== undefined, { message: 'give an address (or listing id) or a location', path: ['address'] })
  .meta({ id: 'CompatEnhancedAnalysisRequest' });
export type CompatEnhancedAnalysisRequest = z.infer<typeof compatEnhancedAnalysisRequestSchema>;

export const compatPropertyAnalysisSchema = z.object({
  address: z.string().nullable(),
  listing_id: z.string().nullable(),
  estimated_value: money.describe('Our valuation (POST /api/valuations), AUD'),
  valuation_range: z.object({ min: z.number().int(), max: z.number().int() }).nullable().describe('Calibrated 80% range'),
  confidence_score: unit.describe('Our confidence, 0-1'),
  as_at: z.string().nullable(),
  property_type: z.string().nullable(),
});

/** One hazard as the client's Live analysis maps it: a 0-1 score and the facts behind it (or why there is none). */
export const compatClimateRiskSchema = z.object({
  score: unit.describe('Our 0-100 hazard score / 100; null where no data set covers the place'),
  factors: z.array(z.string()).describe('The hazard\'s facts in words, or why there is no score'),
});

const compatClimateRisksSchema = z.object({
  flood: compatClimateRiskSchema,
  fire: compatClimateRiskSchema,
  coastal: compatClimateRiskSchema,
  geological: compatClimateRiskSchema.describe('Earthquake and subsidence, the higher of the two with data'),
});

export const compatRiskAssessmentSchema = z.object({
  risk_grade: z.enum(['Low', 'Medium', 'High']).nullable().describe('The hazard engine\'s overall level'),
  overall_risk_score: unit.describe('Overall hazard score, 0-1 (our 0-100 score / 100)'),
  climate_risks: compatClimateRisksSchema,
  climate_risks_2050: compatClimateRisksSchema.describe('The same in 2050 under high emissions'),
  market_risks: z.object({
    price_trend: z.string().nullable(),
    price_growth_yoy: z.number().nullable().describe('Fraction, from the quality-adjusted index'),
    volume_change: z.number().nullable(),
    flags: z.array(z.string()),
  }),
});

export const compatComplianceSchema = z.object({
  loan_basis: z.string().describe('The loan assessed'),
  lvr: z.number().nullable(),
  lmi_required: z.boolean().nullable(),
  risk_weight: z.number().nullable(),
  compliance_score: z.number().int().nullable().describe('0-100, lending engine'),
  compliance_status: z.string().nullable(),
  climate_adjusted_lvr_2050: z.number().nullable(),
  apra_compliant: z.boolean().nullable().describe('True when the lending engine finds no issue on the default loan'),
});

export const compatMarketSentimentSchema = z.object({
  sentiment_score: z.number().nullable().describe('0-10'),
  trend: z.string().nullable(),
  confidence: unit,
  summary: z.string().nullable(),
});

/** The years of `cash_flow_projection`: the original sent five. */
export const CASH_FLOW_YEARS = 5;

export const compatFinancialMetricsSchema = z.object({
  cap_rate: percent.describe('Percentage: NOI / the suburb median price (4.2 means 4.2%)'),
  cash_flow_projection: z
    .array(z.number().int().nullable())
    .length(CASH_FLOW_YEARS)
    .describe('Net cash flow, AUD a year, years 1-5: year 1 from today\'s median rent, our stated costs and the default investment loan; later years null (we do not forecast rents or costs)'),
  roi_analysis: z.object({
    annual_return: percent.describe('Cash-on-cash return, percentage'),
    total_return_5yr: z.null().describe('Needs a price in five years: we do not forecast prices'),
    break_even_period: z.number().nullable().describe('Years for the net cash flow to repay the cash invested (simple payback); null when the cash flow is not positive'),
  }),
  debt_serviceability: z.object({ dscr: z.number().nullable() }),
});

export const compatEnhancedAnalysisResponseSchema = z
  .object({
    success: z.literal(true),
    analysis: z.object({
      analysis_type: z.string(),
      property_analysis: compatPropertyAnalysisSchema,
      risk_assessment: compatRiskAssessmentSchema,
      compliance_analysis: compatComplianceSchema,
      market_sentiment: compatMarketSentimentSchema,
      financial_metrics: compatFinancialMetricsSchema,
      market_location: z.string().nullable().describe('The suburb whose market figures were used'),
      location_note: z.string().nullable().describe('Set when the location given was a street address: the suburb it was answered for'),
      unavailable: reasons,
      data_sources: z.array(z.string()),
    }),
  })
  .meta({ id: 'CompatEnhancedAnalysisResponse' });
export type CompatEnhancedAnalysisResponse = z.infer<typeof compatEnhancedAnalysisResponseSchema>;
export type CompatEnhancedAnalysis = CompatEnhancedAnalysisResponse['analysis'];

export const MARKET_BALANCES = ['seller', 'buyer', 'balanced'] as const;
export type MarketBalance = (typeof MARKET_BALANCES)[number];
export const PRICE_MOMENTA = ['accelerating', 'decelerating', 'stable'] as const;
export type PriceMomentum = (typeof PRICE_MOMENTA)[number];

/** POST /functions/v1/market-intelligence. */
export const compatMarketIntelligenceRequestSchema = z
  .looseObject({
    location: z.string().trim().min(1, 'enter a suburb, postcode, city or state').max(120),
    propertyType: z.string().trim().max(40).optional(),
    analysisDepth: z.string().trim().max(40).optional(),
  })
  .meta({ id: 'CompatMarketIntelligenceRequest' });

export const compatMarketIntelligenceSchema = z.object({
  location: z.string(),
  matched: z.string(),
  property_type: marketPropertyTypeSchema,
  as_at: z.string(),
  market_overview: z.object({
    average_price: money.describe('The median price of the last 12 months (we publish medians, not means)'),
    price_basis: z.literal('median'),
    total_transactions: z.number().int().describe('Priced market sales in the 12 months'),
    listing_volume: z.number().int(),
  }),
  price_trends: z.object({
    current_median: money.describe('The median price of the last 12 months, AUD'),
    yoy_growth: percent.describe('Percentage, e.g. 5.2 for 5.2% (as the original), from the quality-adjusted index'),
    mom_growth: percent.describe('Percentage: the quality-adjusted index\'s last month on the month before'),
    price_momentum: z.enum(PRICE_MOMENTA).nullable().describe('The index\'s last 3 months\' growth against the 3 months before'),
    quarter_growth: percent.describe('Percentage: the index\'s last 3 months'),
    previous_quarter_growth: percent.describe('Percentage: the index\'s 3 months before those'),
    trend: z.string(),
    growth_interval_pct: z.object({ low: z.number(), high: z.number() }).nullable(),
  }),
  forecasts: z.object({ key_drivers: z.array(z.string()), price_forecast: z.null().describe('We do not forecast prices') }),
  recommendations: z.object({ investment_recommendation: z.string(), key_considerations: z.array(z.string()) }),
  risk_factors: z.object({ overall_risk_rating: z.string(), detail: z.string() }),
  demand_supply: z.object({
    market_balance: z.enum(MARKET_BALANCES).nullable().describe('From auction clearance, else from growth (the market engine\'s thresholds); null when neither is measured'),
    balance_basis: z.string().describe('The market engine\'s reading of supply and demand, in words'),
    market_heat: z.string(),
    auction_clearance_rate: z.number().nullable(),
    days_on_market: z.null(),
  }),
  location_note: z.string().nullable().describe('Set when the location given was a street address: the suburb it was answered for'),
  unavailable: reasons,
  data_sources: z.array(z.string()),
});
export type CompatMarketIntelligence = z.infer<typeof compatMarketIntelligenceSchema>;

export const compatMarketIntelligenceResponseSchema = z
  .object({ success: z.literal(true), market_intelligence: compatMarketIntelligenceSchema.nullable(), reason: z.string().optional() })
  .meta({ id: 'CompatMarketIntelligenceResponse' });

/** POST /functions/v1/valuation-report. */
export const compatValuationReportRequestSchema = z
  .looseObject({
    listing_id: z
      .string()
      .trim()
      .min(3, 'give a listing id ("sale-123") or an address')
      .max(200)
      .refine((id) => !/^sale-/i.test(id) || listingIdSchema.safeParse(id).success, 'must look like "sale-123" (a listing id), or be an address')
      .optional()
      .describe('What the property page holds: a listing id ("sale-123") or the address it was opened with'),
    address: z.string().trim().min(3).max(200).optional(),
    include_blockchain: z.boolean().default(true),
    loan_amount: z.number().int().positive().max(1_000_000_000).optional().describe('Assess this loan instead of the default 80% loan'),
  })
  .refine((body) => (body.listing_id === undefined) !== (body.address === undefined), { message: 'give either listing_id or address', path: ['listing_id'] })
  .meta({ id: 'CompatValuationReportRequest' });

export const compatValuationReportResponseSchema = z
  .object({
    success: z.literal(true),
    report: z.object({ report_id: z.string(), content_hash: z.string(), address: z.string(), url: z.string(), pdf_url: z.string(), generated_at: z.string() }),
  })
  .meta({ id: 'CompatValuationReportResponse' });

/** POST /api/propguard/process-command. */
export const processCommandRequestSchema = z
  .looseObject({ command: z.string().trim().min(1, 'type a command, e.g. an address').max(500, 'must be at most 500 characters') })
  .meta({ id: 'ProcessCommandRequest' });

const compatHazardDetail = z.object({ score: z.number().int(), level: z.string(), factors: z.array(z.string()) });

/** The property-analysis body the client renders; present for value, risk, compare (first) and LVR commands. */
export const compatAnalysisSchema = z.object({
  address: z.string().nullable(),
  current_valuation: z.number().int(),
  valuation_range: z.object({ min: z.number().int(), max: z.number().int() }),
  confidence: z.number().min(0).max(1).describe('Our confidence, 0-1 (as the original)'),
  risk_score: z.number().int().describe('Overall hazard score, 0-100'),
  analysis_result: z.object({
    detailed_breakdown: z.object({ land_value: z.number().int(), building_value: z.number().int(), intangible_assets: z.number().int() }),
    market_comparables: z.array(z.object({ address: z.string(), value: z.number().int(), premium: z.number() })),
    risk: z.object({ detailed: z.object({ flood: compatHazardDetail, fire: compatHazardDetail, coastal: compatHazardDetail }) }),
  }),
});
export type CompatAnalysis = z.infer<typeof compatAnalysisSchema>;

export const ASSISTANT_COMMAND_KINDS = ['value', 'risk', 'compare', 'market', 'lvr', 'help'] as const;

export const processCommandResponseSchema = z
  .object({
    success: z.literal(true),
    command: z.object({ kind: z.enum(ASSISTANT_COMMAND_KINDS), input: z.string() }),
    summary: z.string().describe('What the assistant says, written from the figures below'),
    examples: z.array(z.string()).optional(),
    comparison: z.array(compatAnalysisSchema).optional(),
    market: compatMarketIntelligenceSchema.nullable().optional(),
    lending: compatComplianceSchema.extend({ loan_amount: z.number().int() }).optional(),
  })
  .extend(compatAnalysisSchema.partial().shape)
  .meta({ id: 'ProcessCommandResponse' });
export type ProcessCommandResponse = z.infer<typeof processCommandResponseSchema>;

/** The client's `property_data` for the LLM endpoints: its own property and analysis objects. */
const clientPropertySchema = z.looseObject({
  address: z.string().trim().min(3).max(200).optional(),
  id: z.union([z.string().max(40), z.number()]).optional(),
  suburb: z.string().max(80).optional(),
  state: z.string().max(10).optional(),
  postcode: z.string().max(10).optional(),
});

export const compatPropertyDataRequestSchema = z
  .looseObject({
    property_data: z.looseObject({
      property: z.union([clientPropertySchema, z.string().trim().min(3).max(200)]).optional(),
      address: z.string().trim().min(3).max(200).optional(),
      analysis: z.unknown().optional(),
      timestamp: z.unknown().optional(),
      marketData: z.unknown().optional(),
    }),
  })
  .meta({ id: 'CompatPropertyDataRequest' });
export type CompatPropertyDataRequest = z.infer<typeof compatPropertyDataRequestSchema>;

export const TEXT_SOURCES = ['computed', 'llm'] as const;

export const riskExplanationResponseSchema = z
  .object({
    success: z.literal(true),
    address: z.string(),
    explanation: z.string(),
    text_source: z.enum(TEXT_SOURCES).describe('llm: written by the configured model and every number checked against our figures'),
    risk_score: z.number().int(),
    risk_level: z.string(),
  })
  .meta({ id: 'RiskExplanationResponse' });

export const insightSchema = z.object({
  type: z.enum(['opportunity', 'risk', 'information']),
  title: z.string(),
  description: z.string(),
  impact: z.enum(['high', 'medium', 'low']),
  confidence: z.number().int().min(0).max(100).describe('0-100 (the client\'s own default is 75)'),
  actionable: z.boolean(),
  category: z.enum(['valuation', 'climate', 'compliance', 'market']),
});
export type Insight = z.infer<typeof insightSchema>;

export const comprehensiveAnalysisResponseSchema = z
  .object({
    success: z.literal(true),
    address: z.string(),
    analysis_summary: z.string(),
    text_source: z.enum(TEXT_SOURCES),
    insights: z.array(insightSchema),
  })
  .meta({ id: 'ComprehensiveAnalysisResponse' });

