import { assessDefaultLoan, assessHazardsForYears } from '@propguard/engines';
import { HAZARD_YEAR_MIN, type HazardReport, type LendingAssessment, type SubjectRequest, type ValuationResult } from '@propguard/schemas';
import type { AppContext } from '../app-context.ts';
import { requireValuationRuntime } from './require-valuation.ts';
import { resolveValuationSubject, valueDatedSubject } from './valuation-service.ts';

/** The hazards of a place today and at the climate outlook, and the default loan on a value (or why there are no hazards). */
export interface PlaceAssessment {
  hazards: HazardReport | null;
  hazards2050: HazardReport | null;
  /** The default loan (or `loanAmountAud` on the same terms), climate-adjusted by the outlook's hazards. */
  lending: LendingAssessment;
  hazardReason: string | null;
}

/** One property's analysis: the valuation, its hazards and its loan (DESIGN.md section 8: resolve, value, assess, lend). */
export interface SubjectAnalysis extends PlaceAssessment {
  valuation: ValuationResult;
}

/**
 * Hazards today and at the context's climate outlook (2050, high emissions) at one point, and the
 * lending engine on `valueAud`: the same figures for a search card, a property page, a report and
 * the original client's analysis of the same subject.
 */
export function assessPlace(context: AppContext, location: { lat: number; lng: number }, valueAud: number, loanAmountAud?: number): PlaceAssessment {
  const outlook = context.climateOutlook;
  if (!context.hazards.ready) {
    const hazardReason = `Hazard layers are not loaded: ${context.hazards.reason}`;
    return { hazards: null, hazards2050: null, lending: assessDefaultLoan(valueAud, { outlook, unavailableReason: hazardReason }, loanAmountAud), hazardReason };
  }
  const [hazards, hazards2050] = assessHazardsForYears(location, context.hazards.runtime.context, outlook.scenario, [HAZARD_YEAR_MIN, outlook.year]) as [HazardReport, HazardReport];
  return { hazards, hazards2050, lending: assessDefaultLoan(valueAud, { outlook, report: hazards2050 }, loanAmountAud), hazardReason: null };
}

/** Resolves, values and assesses one subject: every door that shows a whole analysis calls this. */
export async function analyseSubject(context: AppContext, request: SubjectRequest, loanAmountAud?: number): Promise<SubjectAnalysis> {
  const runtime = requireValuationRuntime(context);
  const valuation = valueDatedSubject(runtime, await resolveValuationSubject(context, runtime, request));
  return { valuation, ...assessPlace(context, { lat: valuation.property.lat, lng: valuation.property.lng }, valuation.estimate, loanAmountAud) };
}
