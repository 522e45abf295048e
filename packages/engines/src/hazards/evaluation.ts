import { MIN_HAZARD_FACTOR_Z, SEISMIC_PLACES, type SeismicPlace } from './reference-tables.ts';

/**
 * Ranking quality of a hazard score on labelled places (issue 18, `npm run bench:hazards`).
 * Pure: the places and their scores are passed in.
 */

/**
 * Area under the ROC curve of `score` for separating positives from negatives: the probability
 * that a random positive scores above a random negative, ties counting a half (Mann-Whitney U / n+n-).
 * A place without data has score null and ranks below every scored place (it would not be flagged).
 * Null when either class is empty.
 * @example rankingAuc([{ score: 60, isPositive: true }, { score: 20, isPositive: false }]) // 1
 */
export function rankingAuc(items: readonly { score: number | null; isPositive: boolean }[]): number | null {
  const rank = (score: number | null) => (score === null ? -1 : score);
  const positives = items.filter((item) => item.isPositive).map((item) => rank(item.score));
  const negatives = items.filter((item) => !item.isPositive).map((item) => rank(item.score));
  if (positives.length === 0 || negatives.length === 0) return null;
  let wins = 0;
  for (const p of positives) for (const n of negatives) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / (positives.length * negatives.length);
}

/**
 * The capitals in the lowest earthquake hazard zone of the national hazard values we hold (table
 * `as-1170.4-hazard-factor-z`): those whose hazard factor, raised to the national minimum Z = 0.08
 * of Amendment 2 (2018, NSHA18), is that minimum. The comparison set of the earthquake benchmark
 * (issue 33): a place at the epicentre of an onshore Mw 6+ earthquake must score above each.
 * @example capitalsInLowestHazardZone().map((p) => p.name) // ['Brisbane', 'Canberra', 'Hobart', 'Melbourne', 'Sydney']
 */
export function capitalsInLowestHazardZone(): SeismicPlace[] {
  return SEISMIC_PLACES.filter((place) => place.isCapital && Math.max(place.hazardFactorZ, MIN_HAZARD_FACTOR_Z) === MIN_HAZARD_FACTOR_Z);
}
