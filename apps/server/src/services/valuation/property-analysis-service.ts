import { type FireRisk, type HazardAssessment, type HazardReport, type PropertyAnalysisResponse } from '@propguard/schemas';
import type { AppContext } from '../app-context.ts';
import { getFireRisk } from '../hazards/fire-risk-service.ts';
import { requireHazardRuntime } from '../hazards/require-hazards.ts';
import { analyseSubject } from './subject-analysis.ts';
import { subjectOfText } from './valuation-service.ts';


interface WarnLogger {
  warn(object: object, message: string): void;
}

function detailOf(report: HazardReport, hazard: HazardAssessment['hazard']) {
  const assessment = report.assessments.find((item) => item.hazard === hazard);
  if (!assessment) throw new Error(`The hazard report has no ${hazard} assessment`);
  return { score: assessment.score, level: assessment.level, factors: assessment.factors.map((factor) => factor.label) };
}

/** The demo's property analysis, presented from our valuation and hazard engines; later issues fill the rest. */
export async function analyseProperty(context: AppContext, query: string, log: WarnLogger): Promise<PropertyAnalysisResponse> {
  requireHazardRuntime(context);
  const analysis = await analyseSubject(context, subjectOfText(query));
  const { valuation } = analysis;
  const hazards = analysis.hazards!;
  const projected = analysis.hazards2050!;
  const location = { lat: valuation.property.lat, lng: valuation.property.lng };
  // `climate_risk` is projected to the context's climate outlook (2050, high emissions).
  // SPEC.md section 8: a fire-risk failure is only logged; the analysis continues.
  let fireRisk: FireRisk | null = null;
  try {
    fireRisk = await getFireRisk(context, { latitude: location.lat, longitude: location.lng, radiusKm: 50 }, log);
  } catch (error) {
    log.warn({ reason: (error as Error).message }, 'Fire-risk reading failed; the analysis goes on without it');
  }
  return {
    success: true,
    analysis: {
      current_valuation: valuation.estimate,
      valuation_range: { min: valuation.low, max: valuation.high },
      confidence: valuation.confidence,
      risk_score: hazards.overall.score,
      climate_risk: { score: projected.overall.score, level: projected.overall.level, year: projected.year, scenario: projected.scenario },
      analysis_result: {
        detailed_breakdown: {
          land_value: valuation.breakdown.landAud,
          building_value: valuation.breakdown.buildingAud,
          intangible_assets: valuation.breakdown.intangibleAud,
        },
        market_comparables: valuation.comparables.map((comparable) => ({
          address: comparable.address ?? `${comparable.suburb} ${comparable.state ?? ''} ${comparable.postcode ?? ''}`.trim(),
          value: comparable.timeAdjustedPriceAud,
          premium: Math.round((valuation.estimate / comparable.kindAdjustedPriceAud - 1) * 1000) / 1000,
        })),
        risk: { detailed: { flood: detailOf(hazards, 'flood'), fire: detailOf(hazards, 'fire'), coastal: detailOf(hazards, 'coastal') } },
      },
    },
    valuation,
    hazards,
    sentiment: null,
    marketSentiment: null,
    fireRisk,
    notYetAvailable: {
      sentiment: 'Not part of this response: POST /api/llm/market-sentiment gives the suburb market sentiment',
      compliance: 'Not part of this response: POST /api/pipeline/financial-impact-assessment assesses a loan',
    },
    dataSource: 'live',
  };
}
