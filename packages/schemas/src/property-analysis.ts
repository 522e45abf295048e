import { z } from 'zod';
import { fireRiskSchema, hazardReportSchema, riskLevelSchema } from './hazards.ts';
import { valuationResultSchema } from './valuation.ts';

/** POST /api/functions/property-analysis: the demo's hosted function, answered by our engines. */
export const propertyAnalysisRequestSchema = z
  .object({
    query: z.string().trim().min(3, 'must be an address of at least 3 characters').max(200).describe('An address, e.g. "85 Turner St, Abbotsford VIC 3067"'),
  })
  .meta({ id: 'PropertyAnalysisRequest' });
export type PropertyAnalysisRequest = z.infer<typeof propertyAnalysisRequestSchema>;

const hazardDetailSchema = z.object({
  score: z.number().int().min(0).max(100),
  level: riskLevelSchema,
  factors: z.array(z.string()).describe('The facts that drove the score, in words'),
});

/** The demo's "Property analysis" entity (SPEC.md section 3), with the parts we compute today. */
export const propertyAnalysisResponseSchema = z
  .object({
    success: z.literal(true),
    analysis: z.object({
      current_valuation: z.number().int(),
      valuation_range: z.object({ min: z.number().int(), max: z.number().int() }),
      confidence: z.number().int(),
      risk_score: z.number().int().min(0).max(100).describe('Overall hazard score of the hazard engine (docs/methodology/hazards.md)'),
      climate_risk: z.object({ score: z.number().int().min(0).max(100), level: riskLevelSchema, year: z.number().int(), scenario: z.string() }).describe('Overall hazard score projected to 2050 under the high scenario'),
      analysis_result: z.object({
        detailed_breakdown: z.object({ land_value: z.number().int(), building_value: z.number().int(), intangible_assets: z.number().int() }),
        market_comparables: z.array(z.object({ address: z.string(), value: z.number().int(), premium: z.number().describe('Subject estimate over the comparable\'s time-adjusted price (priced as the subject\'s type when the sale is of the other kind), minus 1') })),
        risk: z.object({ detailed: z.object({ flood: hazardDetailSchema, fire: hazardDetailSchema, coastal: hazardDetailSchema }) }),
      }),
    }),
    valuation: valuationResultSchema,
    hazards: hazardReportSchema,
    sentiment: z.null(),
    marketSentiment: z.null(),
    fireRisk: fireRiskSchema.nullable().describe('Null when the fire-detection reading failed (logged; the analysis goes on)'),
    notYetAvailable: z.record(z.string(), z.string()).describe('Parts not in this response, each with the endpoint that gives it'),
    dataSource: z.literal('live'),
  })
  .meta({ id: 'PropertyAnalysisResponse' });
export type PropertyAnalysisResponse = z.infer<typeof propertyAnalysisResponseSchema>;
