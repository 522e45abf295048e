import { z } from 'zod';

import { marketPropertyTypeSchema } from './market.ts';
import { listingIdSchema } from './realty.ts';

/**
 * The original PropGuard AI client's calls (../shared/COMPAT.md), answered by our engines.
 * Field names and units are the client's: `confidence_score` and `overall_risk_score` are 0-1,
 * `yoy_growth` is a percentage. A figure we do not have is null and `unavailable` says why.
 * Requests are loose objects: the client sends fields we do not read, and they pass.
 */
const money = z.number().int().nullable();
const unit = z.number().min(0).max(1).nullable();
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

export const compatRiskAssessmentSchema = z.object({
  risk_grade: z.enum(['Low', 'Medium', 'High']).nullable().describe('The hazard engine\'s overall level'),
  overall_risk_score: unit.describe('Overall hazard score, 0-1 (our 0-100 score / 100)'),
  climate_risks: z.object({ flood: unit, fire: unit, coastal: unit, geological: unit.describe('Earthquake and subsidence, the higher of the two with data') }),
  climate_risks_2050: z.object({ flood: unit, fire: unit, coastal: unit, geological: unit }).describe('The same in 2050 under high emissions'),
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

export const compatFinancialMetricsSchema = z.object({
  cap_rate: z.number().nullable().describe('Fraction: NOI / price of the suburb median'),
  cash_flow_projection: z.array(z.object({ year: z.number().int(), net_cash_flow: z.number().int(), noi: z.number().int(), debt_service: z.number().int() })).describe('Year 1 from today\'s rent and the default investment loan; we do not project later years'),
  roi_analysis: z.object({ annual_return: z.number().nullable().describe('Cash-on-cash return, fraction') }),
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
      unavailable: reasons,
      data_sources: z.array(z.string()),
    }),
  })
  .meta({ id: 'CompatEnhancedAnalysisResponse' });
export type CompatEnhancedAnalysisResponse = z.infer<typeof compatEnhancedAnalysisResponseSchema>;
export type CompatEnhancedAnalysis = CompatEnhancedAnalysisResponse['analysis'];

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
    yoy_growth: z.number().nullable().describe('Percentage, e.g. 5.2 for 5.2% (as the original)'),
    trend: z.string(),
    growth_interval_pct: z.object({ low: z.number(), high: z.number() }).nullable(),
  }),
  forecasts: z.object({ key_drivers: z.array(z.string()), price_forecast: z.null().describe('We do not forecast prices') }),
  recommendations: z.object({ investment_recommendation: z.string(), key_considerations: z.array(z.string()) }),
  risk_factors: z.object({ overall_risk_rating: z.string(), detail: z.string() }),
  demand_supply: z.object({ market_balance: z.string(), market_heat: z.string(), auction_clearance_rate: z.number().nullable(), days_on_market: z.null() }),
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
    listing_id: listingIdSchema.optional(),
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
  confidence: z.number().int().describe('0-100'),
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
  confidence: z.number().min(0).max(1),
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

