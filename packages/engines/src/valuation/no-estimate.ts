/**
 * When PropGuard makes no property estimate, and what it answers instead: a place whose state has
 * no local sales in our data (Brisbane, Adelaide, Hobart, Darwin, Canberra...), or whose nearest
 * sales of its type are too far away to value it (a country town with no recent sale). The answer
 * is the region's published ABS median for its kind of dwelling, labelled as such, with the reason.
 */
import { AppError, type NoEstimateDetail, type RegionMedianInfo } from '@propguard/schemas';
import { formatLongDate, type MarketAsAt } from './as-at.ts';
import { regionMedianOf, type RegionMedian } from './market-movement.ts';
import { FEATURE_NAMES } from './features.ts';
import { findNearestEarlierSales, median, segmentOf, type SalesIndex } from './sales-index.ts';
import { valuePoint, type PointValuation } from './value-property.ts';
import type { ValuationModel } from './model.ts';
import type { SubjectProperty } from './types.ts';

/** The 12 nearest earlier sales of the type further than this (their median distance, km): too far to value the property. */
export const MAX_EVIDENCE_KM = 25;

export interface NoEstimate {
  reason: string;
  regionMedian: RegionMedian | null;
}

/** "$930,000" (whole dollars, en-AU). */
function dollars(value: number): string {
  return `$${Math.round(value).toLocaleString('en-AU')}`;
}

function quarterName(quarter: string): string {
  const months: Record<string, string> = { '03': 'March', '06': 'June', '09': 'September', '12': 'December' };
  return `${months[quarter.slice(5, 7)] ?? quarter.slice(5, 7)} quarter ${quarter.slice(0, 4)}`;
}

/** The region median in words: what it is, and that it is not this property's value. */
export function describeRegionMedian(median: RegionMedian): string {
  const kind = median.kind === 'house' ? 'established house' : 'attached dwelling (unit, flat, townhouse)';
  return `${median.capital ? median.region : `${median.region} (outside the capital)`}: median ${kind} transfer price ${dollars(median.medianAud)} in the ${quarterName(median.quarter)} (${median.transfers != null ? `${median.transfers.toLocaleString('en-AU')} transfers, ` : ''}${median.source}). A ${median.capital ? 'city' : 'regional'} median, not this property's value.`;
}

/**
 * Why no estimate is made for this subject (null: value it). `point` is the valuation when one was
 * computed (its nearest evidence is checked); without it only the market's coverage is.
 * @example whyNoEstimate(index, resolveAsAt(index, { state: 'QLD', lat: -27.47, lng: 153.03 }), { state: 'QLD', lat: -27.47, lng: 153.03, propertyType: 'house' }, null)?.reason
 *   // 'No property estimate for this address: our data hold no local sales in QLD ...'
 */
export function whyNoEstimate(
  index: SalesIndex,
  market: MarketAsAt,
  place: { state?: string | null; lat: number; lng: number; propertyType?: string | null },
  point: PointValuation | null,
): NoEstimate | null {
  const regionMedian = () => (index.movement ? regionMedianOf(index.movement, place, place.propertyType) : null);
  if (!market.hasLocalSales) {
    return { reason: `No property estimate for this address: our data hold no local sales in ${place.state ?? 'its state'}, and a model of other cities' sales would not know this market.`, regionMedian: regionMedian() };
  }
  if (point) {
    // The 12 nearest sales of its type; a type with no sales of its own (a warehouse read as "other") is judged by its kind's (houses or units).
    let type = point.features.propertyType;
    let distance = point.features.values[FEATURE_NAMES.indexOf('nearbyDistanceKm')]!;
    if (!Number.isFinite(distance)) {
      type = segmentOf(type);
      const nearest = findNearestEarlierSales(index, type, place.lat, place.lng, market.evidenceDate, 12, point.features.state);
      distance = nearest.length > 0 ? median(nearest.map((neighbour) => neighbour.distanceKm)) : Number.NaN;
    }
    if (!Number.isFinite(distance) || distance > MAX_EVIDENCE_KM) {
      const found = Number.isFinite(distance) ? `the 12 nearest ${type} sales before ${formatLongDate(market.evidenceDate)} lie a median ${Math.round(distance)} km away` : `no ${type} sale before ${formatLongDate(market.evidenceDate)} is in our data`;
      return { reason: `No property estimate for this address: ${found} (more than ${MAX_EVIDENCE_KM} km), too far to value it.`, regionMedian: regionMedian() };
    }
  }
  return null;
}

/** The region median as the API states it (RegionMedian of packages/schemas). */
export function regionMedianInfo(median: RegionMedian): RegionMedianInfo {
  return { ...median, summary: describeRegionMedian(median) };
}

/** The one line every door shows for a refused estimate: the reason, then the region median. */
export function describeNoEstimate(noEstimate: NoEstimate): string {
  return noEstimate.regionMedian ? `${noEstimate.reason} ${describeRegionMedian(noEstimate.regionMedian)}` : noEstimate.reason;
}

/** The API's answer to a refused estimate: 422 NO_ESTIMATE with the place and the region median. */
export function noEstimateError(noEstimate: NoEstimate, place: NoEstimateDetail['place']): AppError {
  return new AppError('NO_ESTIMATE', describeNoEstimate(noEstimate), { noEstimate: { reason: noEstimate.reason, place, regionMedian: noEstimate.regionMedian ? regionMedianInfo(noEstimate.regionMedian) : null } });
}

/**
 * The estimate of a subject at its market's dates, or why none is made: every door (API, CLI,
 * portfolio) values through this, so that the same subject is refused alike everywhere.
 */
export function valueOrRefuse(model: ValuationModel, index: SalesIndex, subject: SubjectProperty, market: MarketAsAt): { point: PointValuation; noEstimate: null } | { point: null; noEstimate: NoEstimate } {
  const early = whyNoEstimate(index, market, subject, null);
  if (early) return { point: null, noEstimate: early };
  const point = valuePoint(model, index, subject, market.asAt, market.evidenceDate);
  const refused = whyNoEstimate(index, market, subject, point);
  return refused ? { point: null, noEstimate: refused } : { point, noEstimate: null };
}
