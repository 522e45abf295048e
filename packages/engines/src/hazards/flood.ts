/**
 * Flood (method flood-v1): the observed flood extent where one is mapped (Lismore 2022), else the
 * distance to the nearest river or lake of the national river layers; projected by the regional
 * change in the wettest day of the year (ACS/NCRA RX1D).
 *
 * Baseline score (docs/methodology/hazards.md, "Flood"):
 * - inside a mapped wet area (water or flood trace): 85; within 250 m of one: 70; inside the imaged
 *   area but dry: 30 (the imagery is post-peak, so the peak extent was larger);
 * - river proximity: 60 at 0.5 km or less, falling with the log of distance to 0 at 30 km:
 *   60 x (1 - ln(d / 0.5) / ln(60)) — e.g. 1 km -> 50, 5 km -> 26, 10 km -> 16;
 * - lake shore: the same curve at half weight (lakes are mostly reservoirs and salt lakes);
 * - the score is the largest of these.
 * Projection: expected damage x (1 + RX1D change % / 100) (scaleScoreByDamageRatio).
 */
import type { ClimateScenario, HazardAssessment, HazardFactor, HazardDataUsed } from '@propguard/schemas';
import { DATA_SETS, dedupe, factor, formatKm, makeAssessment } from './common.ts';
import { locateSite, type HazardContext, type Site } from './context.ts';
import { distanceToPolygonEdgeKm, findContaining, findNearestLine, degreeSpan } from './geo.ts';
import { regionalChange, PRESENT_GWL_C } from './projections.ts';
import { WARMING_LEVELS, globalWarmingLevelC, scaleScoreByDamageRatio } from './reference-tables.ts';
import type { HazardLocation } from './types.ts';

export const FLOOD_METHOD = 'flood-v1';
/** Beyond this distance from any mapped river the national layers say nothing, km. */
export const FLOOD_RIVER_SEARCH_KM = 30;
const RIVER_SCORE_AT_HALF_KM = 60;

/**
 * Score from the distance to a river, km: non-increasing in distance.
 * @example riverProximityScore(1) // 60 x (1 - ln 2 / ln 60) = 49.8
 */
export function riverProximityScore(distanceKm: number): number {
  if (distanceKm >= FLOOD_RIVER_SEARCH_KM) return 0;
  if (distanceKm <= 0.5) return RIVER_SCORE_AT_HALF_KM;
  return RIVER_SCORE_AT_HALF_KM * (1 - Math.log(distanceKm / 0.5) / Math.log(FLOOD_RIVER_SEARCH_KM / 0.5));
}

interface FloodMapReading {
  isImaged: boolean;
  isWet: boolean;
  nearestWetKm: number | null;
}

function readFloodMap(context: HazardContext, site: Site): FloodMapReading {
  const containing = findContaining(context.floodMapIndex, site.lat, site.lng, (polygon) => [polygon.rings]);
  const isImaged = containing.some((polygon) => polygon.floodClass === 'area_imaged');
  const isWet = containing.some((polygon) => polygon.floodClass !== 'area_imaged');
  let nearestWetKm: number | null = null;
  if (isImaged && !isWet && context.floodMapIndex.tree) {
    const { dLat, dLng } = degreeSpan(site.lat, 0.25);
    for (const i of context.floodMapIndex.tree.search(site.lng - dLng, site.lat - dLat, site.lng + dLng, site.lat + dLat)) {
      const polygon = context.floodMapIndex.items[i]!;
      if (polygon.floodClass === 'area_imaged') continue;
      const d = distanceToPolygonEdgeKm(site.lat, site.lng, polygon.rings);
      if (nearestWetKm === null || d < nearestWetKm) nearestWetKm = d;
    }
  }
  return { isImaged, isWet, nearestWetKm };
}

/** Flood at an already located site (assessHazards locates once for all six). */
export function assessFloodAt(site: Site, context: HazardContext, scenario: ClimateScenario, year: number): HazardAssessment {
  const factors: HazardFactor[] = [];
  const dataUsed: HazardDataUsed[] = [];
  const map = readFloodMap(context, site);
  let mapScore = 0;
  if (map.isImaged) {
    dataUsed.push(DATA_SETS.lismore);
    if (map.isWet) {
      mapScore = 85;
      factors.push(factor('flood-map', 'Inside the area seen flooded by satellite in the 2022 Lismore flood (27 Mar-15 Apr 2022)', 1, null, 'raises'));
    } else if (map.nearestWetKm !== null && map.nearestWetKm <= 0.25) {
      mapScore = 70;
      factors.push(factor('flood-map', `${Math.round(map.nearestWetKm * 1000)} m from the area seen flooded in the 2022 Lismore flood`, map.nearestWetKm, 'km', 'raises'));
    } else {
      mapScore = 30;
      factors.push(factor('flood-map', 'Imaged after the 2022 Lismore flood peak and not seen wet (the peak extent was larger)', 0, null, 'raises'));
    }
  }
  const river = findNearestLine(context.riverIndex, site.lat, site.lng, FLOOD_RIVER_SEARCH_KM);
  const riverScore = river ? riverProximityScore(river.distanceKm) : 0;
  if (river) {
    const line = context.riverIndex.lines[river.lineIndex]!;
    const name = line.name ? `the ${line.name}${/river|creek/i.test(line.name) ? '' : ' River'}` : `a river of the national layers (${line.kind})`;
    factors.push(factor('river-distance', `${formatKm(river.distanceKm)} from ${name}`, river.distanceKm, 'km', riverScore > 0 ? 'raises' : 'neutral'));
    dataUsed.push(DATA_SETS.naturalEarth, DATA_SETS.shoreline);
  }
  const lake = findNearestLine(context.lakeIndex, site.lat, site.lng, FLOOD_RIVER_SEARCH_KM);
  const lakeScore = lake ? riverProximityScore(lake.distanceKm) / 2 : 0;
  if (lake && lakeScore > 0) {
    const line = context.lakeIndex.lines[lake.lineIndex]!;
    factors.push(factor('lake-distance', `${formatKm(lake.distanceKm)} from ${line.name ?? 'a mapped lake'}`, lake.distanceKm, 'km', 'raises'));
    if (!river) dataUsed.push(DATA_SETS.naturalEarth);
  }
  const hasData = map.isImaged || river !== null || lake !== null;
  const baselineScore = Math.max(mapScore, riverScore, lakeScore);
  let score = baselineScore;
  const gwl = globalWarmingLevelC(scenario, year);
  if (hasData && site.region && gwl > PRESENT_GWL_C) {
    const change = regionalChange(context, 'RX1D', site.region.id, gwl);
    if (change) {
      score = scaleScoreByDamageRatio(baselineScore, 1 + change.value / 100);
      factors.push(
        factor('rx1d-change', `Wettest day of the year ${change.value >= 0 ? '+' : ''}${change.value.toFixed(1)}% in ${site.region.name} at ${gwl.toFixed(1)} °C global warming (ACS/NCRA)`, change.value, '%', change.value > 0 ? 'raises' : 'neutral'),
      );
      dataUsed.push(DATA_SETS.ncra);
    }
  }
  // Mapped extents are observations (±10); river distance on national layers is coarse (±20).
  const uncertainty = map.isImaged ? 10 : 20;
  return makeAssessment({
    hazard: 'flood',
    baselineScore,
    score,
    uncertainty,
    hasData,
    dataNote: hasData
      ? map.isImaged
        ? null
        : 'No flood extents are mapped here; river distance is from national-scale layers that omit many urban rivers and creeks, and there is no elevation model'
      : `No flood data for this area: no mapped flood extent and no river or lake of the national layers within ${FLOOD_RIVER_SEARCH_KM} km (urban rivers such as the Yarra, Maribyrnong and Brisbane are not in our data)`,
    factors,
    dataUsed: dedupe(dataUsed),
    method: FLOOD_METHOD,
    scenario,
    year,
    tables: [WARMING_LEVELS],
  });
}

/**
 * Flood assessment of a place.
 * @example assess({ lat: -28.81, lng: 153.28 }, context, 'high', 2050) // Lismore: High
 */
export function assess(location: HazardLocation, context: HazardContext, scenario: ClimateScenario, year: number): HazardAssessment {
  return assessFloodAt(locateSite(location, context), context, scenario, year);
}
