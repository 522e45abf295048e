import type { PropertyAnalysisResponse } from '@propguard/schemas';
import type { AppContext } from './app-context.ts';
import type { ValuationRuntime } from './valuation-runtime.ts';
import { valueRequest } from './valuation-service.ts';

/** The demo's property analysis, presented from our valuation; later issues fill the other parts. */
export async function analyseProperty(context: AppContext, runtime: ValuationRuntime, query: string): Promise<PropertyAnalysisResponse> {
  const valuation = await valueRequest(context, runtime, { address: query });
  return {
    success: true,
    analysis: {
      current_valuation: valuation.estimate,
      valuation_range: { min: valuation.low, max: valuation.high },
      confidence: valuation.confidence,
      analysis_result: {
        detailed_breakdown: {
          land_value: valuation.breakdown.landAud,
          building_value: valuation.breakdown.buildingAud,
          intangible_assets: valuation.breakdown.intangibleAud,
        },
        market_comparables: valuation.comparables.map((comparable) => ({
          address: comparable.address ?? `${comparable.suburb} ${comparable.state ?? ''} ${comparable.postcode ?? ''}`.trim(),
          value: comparable.timeAdjustedPriceAud,
          premium: Math.round((valuation.estimate / comparable.timeAdjustedPriceAud - 1) * 1000) / 1000,
        })),
      },
    },
    valuation,
    sentiment: null,
    marketSentiment: null,
    fireRisk: null,
    notYetAvailable: {
      risk: 'Hazard scores arrive with the hazards and climate issue',
      sentiment: 'Market sentiment arrives with the market analysis issue',
      compliance: 'Lending rules arrive with the APRA compliance issue',
    },
    dataSource: 'live',
  };
}
