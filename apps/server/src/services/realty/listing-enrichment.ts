import { assessHazards, DEFAULT_LOAN_TEXT, describeAttributeBasis, presentListingCompliance, type PointValuation } from '@propguard/engines';
import { AppError, HAZARD_YEAR_MIN } from '@propguard/schemas';
import type { DatedSubject, SaleListingRow } from '@propguard/db';
import type { AppContext } from '../app-context.ts';
import { assessPlace } from '../valuation/subject-analysis.ts';
import { resolveValuationSubject, valueDatedPoint } from '../valuation/valuation-service.ts';

import type { ListingEnrichment } from './listing-enrichment-cache.ts';

/** The AI valuation against the recorded price, as a share (0.05: valued 5% above the price). */
function valuationGap(estimate: number, priceAud: number | null): number | null {
  return priceAud ? Math.round((estimate / priceAud - 1) * 1000) / 1000 : null;
}

type ListingValuation = { dated: DatedSubject; point: PointValuation } | { reason: string };

/**
 * The listing's property resolved and valued as every door values it (resolveDatedSubject with
 * the listing id: its street address and last sale's attributes, or the sale's own record), or why not.
 */
async function valueListing(context: AppContext, row: SaleListingRow): Promise<ListingValuation> {
  if (!context.valuation.ready) return { reason: context.valuation.reason };
  const { runtime } = context.valuation;
  try {
    const dated = await resolveValuationSubject(context, runtime, { listingId: `sale-${row.id}` }, { sale: row });
    return { dated, point: valueDatedPoint(runtime, dated) };
  } catch (error) {
    if (error instanceof AppError) return { reason: error.message };
    throw error;
  }
}

/** The valuation gap alone (no hazards, no lending), for ranking a window of sales; NaN where there is none. */
export async function computeValuationGap(context: AppContext, row: SaleListingRow): Promise<number> {
  const valued = await valueListing(context, row);
  return 'point' in valued ? (valuationGap(valued.point.estimate, row.priceAud) ?? Number.NaN) : Number.NaN;
}

function riskOf(report: NonNullable<ReturnType<typeof assessPlace>['hazards']>): NonNullable<ListingEnrichment['propguard_risk']> {
  const score = (id: string) => {
    const assessment = report.assessments.find((item) => item.hazard === id);
    return assessment && assessment.hasData ? assessment.score / 100 : null;
  };
  return {
    risk_grade: report.overall.level,
    overall_score: report.overall.score / 100,
    climate_risks: { flood: score('flood'), fire: score('fire'), coastal: score('coastal'), geological: score('subsidence'), cyclone: score('cyclone'), earthquake: score('earthquake') },
    method: report.overall.method,
  };
}

/** Values and assesses one sale's property: the same subject, estimate, hazards and loan as the report and POST /api/valuations. */
export async function computeListingEnrichment(context: AppContext, row: SaleListingRow): Promise<ListingEnrichment> {
  const unavailable: Record<string, string> = {};
  const enrichment: ListingEnrichment = { unavailable };
  const valued = await valueListing(context, row);
  if (!('point' in valued)) {
    unavailable.propguard_valuation = valued.reason;
    // Without a valuation, the hazards of the sale's own point (if it has one).
    if (!context.hazards.ready) unavailable.propguard_risk = context.hazards.reason;
    else if (row.lat === null || row.lng === null) unavailable.propguard_risk = 'This sale has no coordinates';
    else enrichment.propguard_risk = riskOf(assessHazards({ lat: row.lat, lng: row.lng }, context.hazards.runtime.context, context.climateOutlook.scenario, HAZARD_YEAR_MIN));
    return enrichment;
  }
  const { dated, point } = valued;
  const { model } = (context.valuation as Extract<AppContext['valuation'], { ready: true }>).runtime;
  enrichment.propguard_valuation = {
    ai_valuation: point.estimate,
    confidence_score: point.confidence / 100,
    valuation_range: { min: point.low, max: point.high },
    as_at: dated.asAt,
    model_id: model.id,
    valuation_gap: valuationGap(point.estimate, row.priceAud),
    assumed: dated.assumed,
    // Four units of one building without attributes share the suburb's typical unit's figure: say so.
    basis_note: describeAttributeBasis(dated.resolved.attributes.propertyType, dated.resolved.typicalAttributes, dated.resolved.leftToModel),
  };
  const { lat, lng } = dated.resolved.location;
  const place = assessPlace(context, { lat, lng }, point.estimate);
  enrichment.propguard_compliance = presentListingCompliance(place.lending, DEFAULT_LOAN_TEXT);
  if (place.hazards) enrichment.propguard_risk = riskOf(place.hazards);
  else unavailable.propguard_risk = place.hazardReason ?? 'No hazard assessment';
  return enrichment;
}

/** The cache key of a listing's enrichment: the model and the data it was valued on (the as-at rule follows the data), and the sale. */
export function listingEnrichmentKey(context: AppContext, saleId: number): string {
  if (!context.valuation.ready) return `none|${saleId}`;
  const { model, latestSaleDate, salesIndexed } = context.valuation.runtime;
  return `${model.id}|${salesIndexed}|${latestSaleDate}|${saleId}`;
}
