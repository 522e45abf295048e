import { resolveDatedSubject, toSubjectProperty, type DatedSubject, type LoadedRecords } from '@propguard/db';
import { noEstimateError, valueOrRefuse, valueProperty, type PointValuation } from '@propguard/engines';
import { addressSuggestionIdSchema, listingIdSchema, type SubjectRequest, type ValuationResult } from '@propguard/schemas';
import type { AppContext } from '../app-context.ts';
import type { ValuationRuntime } from './valuation-runtime.ts';
import { LruMap } from '../lru-map.ts';

/** A text typed or sent where an address goes: a listing id ("sale-123") or a suggestion id ("address-45") names that property; anything else is an address. */
export function subjectOfText(text: string): SubjectRequest {
  const trimmed = text.trim();
  if (listingIdSchema.safeParse(trimmed).success) return { listingId: trimmed };
  if (addressSuggestionIdSchema.safeParse(trimmed).success) return { suggestionId: trimmed };
  return { address: trimmed };
}

/**
 * Resolves what names a property (a listing id, a suggestion id, an address, coordinates) and the
 * date it is valued as at: resolveDatedSubject of packages/db, the code path of the CLI's
 * `value --csv` and a portfolio's loans.
 */
export function resolveValuationSubject(context: AppContext, runtime: ValuationRuntime, request: SubjectRequest, loaded?: LoadedRecords): Promise<DatedSubject> {
  return resolveDatedSubject(context.database, runtime, runtime.index, request, loaded);
}

/** The estimate, range and confidence alone (search cards, the property page): valueProperty's figures without the explanations. */
export function valueDatedPoint(runtime: ValuationRuntime, dated: DatedSubject): PointValuation {
  const { point, noEstimate } = valueOrRefuse(runtime.model, runtime.index, toSubjectProperty(dated.resolved), dated.market);
  if (noEstimate) {
    const { address, suburb, state, postcode, lat, lng } = dated.resolved.location;
    throw noEstimateError(noEstimate, { address, suburb, state, postcode, lat, lng });
  }
  return point;
}

export interface KeptAnswers {
  /** True: computed afresh, never a kept answer (a health sample times the engine itself). */
  fresh?: boolean;
}

/** Whole answers kept per runtime, least recently used dropped first (a few tens of kB each). */
const ANSWERS_KEPT = 1_000;
const keptAnswers = new WeakMap<ValuationRuntime, LruMap<string, ValuationResult>>();

/**
 * The full valuation of a dated subject (factors, comparables, breakdown, timeline). A pure
 * function of the runtime (model, sales index, market series) and the dated subject (its place,
 * attributes, as-at and evidence dates, assumptions), so its answer is kept per runtime under the
 * subject's JSON and served again while both are unchanged (issue 35): the dashboard, the report
 * and the certificate of one property ask the same question. A new model or new data load a new
 * runtime, and with it no kept answers; each caller gets its own copy.
 */
export function valueDatedSubject(runtime: ValuationRuntime, dated: DatedSubject, options: KeptAnswers = {}): ValuationResult {
  if (options.fresh) return computeValuation(runtime, dated);
  let kept = keptAnswers.get(runtime);
  if (!kept) keptAnswers.set(runtime, (kept = new LruMap(ANSWERS_KEPT)));
  const key = JSON.stringify(dated);
  const found = kept.get(key);
  if (found) return structuredClone(found);
  const answer = computeValuation(runtime, dated);
  kept.set(key, structuredClone(answer));
  return answer;
}

function computeValuation(runtime: ValuationRuntime, dated: DatedSubject): ValuationResult {
  const { resolved, market, asAt, assumed } = dated;
  const { location, attributes } = resolved;
  // Refused first (no local market, evidence too far) with the region's ABS median: valueDatedPoint's check.
  const point = valueDatedPoint(runtime, dated);
  const valuation = valueProperty(runtime.model, runtime.index, toSubjectProperty(resolved), { asAt, evidenceDate: market.evidenceDate, point });
  return {
    ...valuation,
    asAt,
    market: { name: market.market, state: market.state, lastSaleDate: market.marketLastSaleDate, evidenceDate: market.evidenceDate, capped: market.capped, note: market.note },
    property: {
      address: location.address,
      suburb: location.suburb,
      state: location.state,
      postcode: location.postcode,
      lat: location.lat,
      lng: location.lng,
      locationPrecision: location.locationPrecision,
      attributes,
    },
    assumed,
    subject: resolved.subject,
    dataSource: 'live',
  };
}

/** Values one property named by a request (see resolveDatedSubject), then runs the model. */
export async function valueRequest(context: AppContext, runtime: ValuationRuntime, request: SubjectRequest, options: KeptAnswers = {}): Promise<ValuationResult> {
  return valueDatedSubject(runtime, await resolveValuationSubject(context, runtime, request), options);
}
