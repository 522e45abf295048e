/**
 * `computeFireRisk`: the fire-risk reading of SPEC.md section 7 from active-fire detections near a
 * property, pure so that the server can feed it the bundled archive or live NASA FIRMS data.
 *
 * Method fire-risk-v1, with n detections within the radius r (confidence >= 50 or unknown),
 * the closest at dmin km and total fire radiative power F MW:
 *   riskScore = 100 x (0.5 x min(1, log10(1 + n) / log10(201))
 *                    + 0.3 x (n > 0 ? 1 - dmin / r : 0)
 *                    + 0.2 x min(1, log10(1 + F) / log10(10001)))
 * Example: n = 34, dmin = 12 km, r = 50 km, F = 900 MW ->
 *   100 x (0.5 x 0.6693 + 0.3 x 0.76 + 0.2 x 0.7387) = 100 x (0.3346 + 0.228 + 0.1477) = 71.
 */
import { riskLevelFor, type FireRisk } from '@propguard/schemas';
import { findPointsWithin, MIN_FIRE_CONFIDENCE, type HazardContext } from './context.ts';
import { distanceKm } from './geo.ts';
import type { FireDetection, HazardLocation } from './types.ts';

export const FIRE_RISK_METHOD = 'fire-risk-v1';
const COUNT_SATURATION = 200;
const FRP_SATURATION_MW = 10_000;

export interface FireRiskMeta {
  dataSource: FireRisk['dataSource'];
  /** Time of the live query, ISO 8601; when null the newest detection's time is used. */
  queriedAt?: string | null;
  /** Dates the detections cover; when null the span of the detections within the radius. */
  period?: { from: string; to: string } | null;
  note?: string | null;
}

interface NearbyFire {
  detection: FireDetection;
  distanceKm: number;
}

function isConfident(detection: FireDetection): boolean {
  return detection.confidence === null || detection.confidence >= MIN_FIRE_CONFIDENCE;
}

function fireRiskFromNearby(nearby: readonly NearbyFire[], radiusKm: number, meta: FireRiskMeta, allPeriod: { from: string; to: string } | null): FireRisk {
  const n = nearby.length;
  let closest: number | null = null;
  let totalFrp = 0;
  let newest: string | null = null;
  let oldest: string | null = null;
  for (const { detection, distanceKm } of nearby) {
    if (closest === null || distanceKm < closest) closest = distanceKm;
    totalFrp += Math.max(0, detection.frpMw);
    if (newest === null || detection.acquiredAt > newest) newest = detection.acquiredAt;
    if (oldest === null || detection.acquiredAt < oldest) oldest = detection.acquiredAt;
  }
  const countTerm = Math.min(1, Math.log10(1 + n) / Math.log10(1 + COUNT_SATURATION));
  const proximityTerm = closest === null ? 0 : 1 - Math.min(closest, radiusKm) / radiusKm;
  const frpTerm = Math.min(1, Math.log10(1 + totalFrp) / Math.log10(1 + FRP_SATURATION_MW));
  const riskScore = Math.max(0, Math.min(100, Math.round(100 * (0.5 * countTerm + 0.3 * proximityTerm + 0.2 * frpTerm))));
  const period = meta.period ?? allPeriod ?? (oldest !== null && newest !== null ? { from: oldest, to: newest } : { from: '', to: '' });
  return {
    riskScore,
    riskLevel: riskLevelFor(riskScore),
    nearbyFires: n,
    closestFireDistance: closest === null ? null : Math.round(closest * 10) / 10,
    totalFRP: Math.round(totalFrp * 10) / 10,
    dataSource: meta.dataSource,
    lastUpdated: meta.queriedAt ?? newest ?? period.to,
    radiusKm,
    period,
    method: FIRE_RISK_METHOD,
    note: meta.note ?? null,
  };
}

/**
 * Fire risk at a place from a list of detections (e.g. a live FIRMS area query), radius in km.
 * @example computeFireRisk(detections, { lat: -33.87, lng: 151.21 }, 50, { dataSource: 'firms-live', queriedAt: '2026-11-23T01:00:00Z' })
 */
export function computeFireRisk(detections: readonly FireDetection[], location: HazardLocation, radiusKm: number, meta: FireRiskMeta): FireRisk {
  const nearby: NearbyFire[] = [];
  for (const detection of detections) {
    if (!isConfident(detection)) continue;
    const d = distanceKm(location.lat, location.lng, detection.lat, detection.lng);
    if (d <= radiusKm) nearby.push({ detection, distanceKm: d });
  }
  return fireRiskFromNearby(nearby, radiusKm, meta, null);
}

/**
 * The same reading from the bundled archive through the context's kd-tree (no full scan).
 * @example computeArchiveFireRisk(context, { lat: -28.8, lng: 153.0 }, 50).nearbyFires
 */
export function computeArchiveFireRisk(context: HazardContext, location: HazardLocation, radiusKm: number, note: string | null = null): FireRisk {
  const nearby = findPointsWithin(context.fireIndex, location.lat, location.lng, radiusKm).map(({ item, distanceKm }) => ({ detection: item, distanceKm }));
  const period = context.firePeriod ? { from: context.firePeriod.from.slice(0, 10), to: context.firePeriod.to.slice(0, 10) } : null;
  return fireRiskFromNearby(nearby, radiusKm, { dataSource: 'archive', period, note: note ?? 'NASA FIRMS MODIS archive, 1 Aug-30 Sep 2019 (the start of the 2019-20 season)' }, period);
}
