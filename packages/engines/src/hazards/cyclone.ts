/**
 * Cyclone (method cyclone-v1): the AS/NZS 1170.2:2021 wind region (simplified boundaries, see
 * `windRegionFor`) and the cyclones that passed within 150 km in the 2010-2015 seasons (IBTrACS).
 *
 * Baseline score = WIND_REGION_SCORE[region] + min(15, 3 x storms), where storms = distinct named
 * storms with a fix of at least 34 kt (gale force) within 150 km. Example: Townsville, region C
 * (60) and Yasi 2011 plus two more storms -> 60 + 9 = 69.
 * No projection: the ACS tables carry no cyclone metric; IPCC AR6 WG1 (ch. 11) projects fewer but
 * more intense cyclones, which this method does not apply. The score is the same for every year.
 */
import type { ClimateScenario, HazardAssessment, HazardFactor } from '@propguard/schemas';
import { DATA_SETS, factor, formatKm, makeAssessment } from './common.ts';
import { findPointsWithin, locateSite, type HazardContext, type Site } from './context.ts';
import { WIND_REGION_SCORE, WIND_REGION_V500_MS, WIND_REGIONS, type WindRegion } from './reference-tables.ts';
import type { HazardLocation } from './types.ts';

export const CYCLONE_METHOD = 'cyclone-v1';
export const CYCLONE_TRACK_RADIUS_KM = 150;
const GALE_FORCE_KT = 34;

/**
 * Wind region by AS/NZS 1170.2:2021 Figure 3.1(A), simplified: the cyclonic coast is north of
 * 25° S (27° S in Western Australia); region D is the Pilbara/Gascoyne coast between 20° S and
 * 25° S west of 129° E; bands of 50 km from the coast step D -> C -> B -> A and C -> B -> A, the B
 * band reaching 150 km inland; south-east Queensland's coast between 25° S and 28.2° S is region B
 * (B1 in the 2021 edition) within 50 km.
 * @example windRegionFor(-19.26, 146.82, 2) // 'C' (Townsville)
 */
export function windRegionFor(lat: number, lng: number, coastDistanceKm: number | null): WindRegion {
  const d = coastDistanceKm ?? Infinity;
  const isWa = lng < 129;
  const isPilbaraGascoyne = isWa && lat <= -20 && lat >= -25;
  const isCyclonicCoast = lat > -25 || (isWa && lat > -27);
  if (isPilbaraGascoyne) {
    if (d <= 50) return 'D';
    if (d <= 100) return 'C';
    if (d <= 150) return 'B';
    return 'A';
  }
  if (isCyclonicCoast) {
    if (d <= 50) return 'C';
    if (d <= 150) return 'B';
    return 'A';
  }
  if (!isWa && lng > 150 && lat <= -25 && lat >= -28.2 && d <= 50) return 'B';
  return 'A';
}

/** Cyclone at an already located site. */
export function assessCycloneAt(site: Site, context: HazardContext, scenario: ClimateScenario, year: number): HazardAssessment {
  const factors: HazardFactor[] = [];
  const region = windRegionFor(site.lat, site.lng, site.coastDistanceKm);
  factors.push(
    factor('wind-region', `AS/NZS 1170.2 wind region ${region} (500-year gust ${WIND_REGION_V500_MS[region]} m/s)${region === 'A' ? ', non-cyclonic' : ''}`, WIND_REGION_V500_MS[region], 'm/s', region === 'A' ? 'lowers' : 'raises'),
  );
  const storms = new Map<string, { name: string; season: number; distanceKm: number; windKt: number }>();
  for (const { item, distanceKm } of findPointsWithin(context.cycloneIndex, site.lat, site.lng, CYCLONE_TRACK_RADIUS_KM)) {
    if (item.windKt === null || item.windKt < GALE_FORCE_KT) continue;
    const existing = storms.get(item.stormId);
    if (!existing || distanceKm < existing.distanceKm) storms.set(item.stormId, { name: item.name, season: item.season, distanceKm, windKt: Math.max(item.windKt, existing?.windKt ?? 0) });
  }
  const passes = [...storms.values()].sort((a, b) => a.distanceKm - b.distanceKm);
  if (passes.length > 0) {
    const closest = passes[0]!;
    factors.push(
      factor(
        'cyclone-tracks',
        `${passes.length} cyclone${passes.length === 1 ? '' : 's'} passed within ${CYCLONE_TRACK_RADIUS_KM} km in 2010-2015 (closest: ${titleCase(closest.name)} ${closest.season}, ${formatKm(closest.distanceKm)} at up to ${closest.windKt} kt)`,
        passes.length,
        'storms',
        'raises',
      ),
    );
  } else {
    factors.push(factor('cyclone-tracks', `No cyclone of gale force passed within ${CYCLONE_TRACK_RADIUS_KM} km in 2010-2015`, 0, 'storms', 'lowers'));
  }
  const baselineScore = WIND_REGION_SCORE[region] + Math.min(15, 3 * passes.length);
  // The wind region needs the coastline; without it every place would read as region A.
  const hasData = context.data.coastline.length > 0 && (site.stateCode !== null || site.coastDistanceKm !== null);
  return makeAssessment({
    hazard: 'cyclone',
    baselineScore,
    score: baselineScore,
    // Region boundaries are simplified (±15); six seasons of tracks cannot give return periods.
    uncertainty: 15,
    hasData,
    dataNote: hasData ? `Wind region from simplified boundaries of ${WIND_REGIONS.id}; tracks cover six seasons only; no climate projection applied` : 'No cyclone data for this place',
    factors,
    dataUsed: [DATA_SETS.shoreline, DATA_SETS.ibtracs],
    method: CYCLONE_METHOD,
    scenario,
    year,
    tables: [WIND_REGIONS],
  });
}

function titleCase(name: string): string {
  return name.toLowerCase().replace(/\b\w/g, (char) => char.toUpperCase());
}

/**
 * Cyclone assessment of a place.
 * @example assess({ lat: -19.26, lng: 146.82 }, context, 'high', 2025) // Townsville: Medium
 */
export function assess(location: HazardLocation, context: HazardContext, scenario: ClimateScenario, year: number): HazardAssessment {
  return assessCycloneAt(locateSite(location, context), context, scenario, year);
}
