/**
 * Spatial residual smoothing, the second stage of the valuation (issue 17): the trees' estimate is
 * corrected by the distance- and recency-weighted residuals (log price - the trees' log estimate,
 * each as at its own sale date) of the comparables, the nearest earlier sales of the same type:
 *
 *   correction = alpha * sum(w_j r_j) / (sum(w_j) + lambda),  w_j = exp(-distance_j / 1 km - age_j / 2 years)
 *
 * Only training sales carry a residual. alpha and lambda are chosen on the validation split (rows
 * whose own residual is never used), so alpha = 0 switches the stage off where it does not help.
 * The weights do not depend on the subject's land or building size: the estimate stays monotone.
 */
import type { Neighbour } from './sales-index.ts';
import { fractionalYear } from './sales-index.ts';

const DISTANCE_KM = 1;
const RECENCY_YEARS = 2;

export interface ResidualSmoothing {
  alpha: number;
  lambda: number;
  /** sale id -> residual (log) of the training sales */
  residualById: Map<number, number>;
}

/** The weighted residual sum and weight of the comparables that carry a residual. */
export function residualEvidence(comparables: readonly Neighbour[], residualById: ReadonlyMap<number, number>, asAt: string): { sum: number; weight: number; count: number } {
  const asAtYear = fractionalYear(asAt);
  let sum = 0;
  let weight = 0;
  let count = 0;
  for (const comparable of comparables) {
    const residual = residualById.get(comparable.sale.id);
    if (residual === undefined) continue;
    const age = Math.max(0, asAtYear - fractionalYear(comparable.sale.saleDate));
    const w = Math.exp(-comparable.distanceKm / DISTANCE_KM - age / RECENCY_YEARS);
    sum += w * residual;
    weight += w;
    count += 1;
  }
  return { sum, weight, count };
}

/** The log correction of the second stage (0 without evidence). */
export function smoothingCorrection(smoothing: ResidualSmoothing | null, comparables: readonly Neighbour[], asAt: string): number {
  if (!smoothing || smoothing.alpha === 0) return 0;
  const evidence = residualEvidence(comparables, smoothing.residualById, asAt);
  return evidence.count === 0 ? 0 : (smoothing.alpha * evidence.sum) / (evidence.weight + smoothing.lambda);
}

/** Delta-encoded ids and residuals in thousandths, the artifact's compact form. */
export function encodeResiduals(residualById: ReadonlyMap<number, number>): { idDeltas: number[]; milli: number[] } {
  const ids = [...residualById.keys()].sort((a, b) => a - b);
  const idDeltas = ids.map((id, position) => id - (position === 0 ? 0 : ids[position - 1]!));
  return { idDeltas, milli: ids.map((id) => Math.round(residualById.get(id)! * 1000)) };
}

export function decodeResiduals(encoded: { idDeltas: readonly number[]; milli: readonly number[] }): Map<number, number> {
  if (encoded.idDeltas.length !== encoded.milli.length) throw new Error('residual smoothing: ids and residuals differ in length');
  const map = new Map<number, number>();
  let id = 0;
  encoded.idDeltas.forEach((delta, position) => {
    id += delta;
    map.set(id, encoded.milli[position]! / 1000);
  });
  return map;
}
