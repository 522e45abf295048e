/**
 * Flood (method flood-v5). An imported overlay, then a mapped flood extent decides where one covers
 * the place (the 2022 Lismore satellite map); everywhere else a screening score from the data we
 * hold — screening, not a flood study:
 *
 *   screening = max(P(d) + H(h) + C(A), L(h_b)), clamped to 0-100   (docs/methodology/hazards.md, "Flood")
 *
 * - P(d): proximity to the nearest mapped river, d km (Natural Earth 1:10m rivers and its
 *   Australian supplement, WDBII rivers): 60 at 0.5 km or less, 60 x (1 - ln(d / 0.5) / ln 60)
 *   beyond, 0 from 30 km; lake shores the same curve at half weight.
 * - H(h): height of the place above the river's level, h m (a "height above nearest drainage",
 *   Nobre et al. 2011, J. Hydrology 404:13-29, whose classes are waterlogged <= 5 m, ecotone 5-15 m,
 *   upland above): +15 up to 5 m, falling linearly to 0 at 15 m, then 1 point a metre to -30 at
 *   45 m. The place's altitude is the gazetteer locality's; the river's level is the lowest
 *   gazetteer altitude within 5 km of the river's nearest point (flood-v4: within 10 km where none is
 *   within 5 km), or sea level where that point is within 10 km of the ocean shoreline (tidal
 *   reaches). 0 when either is unknown.
 * - C(A): catchment of the named river, A km2, estimated from its mapped length L km by Hack's law
 *   (Hack 1957, USGS PP 294-B: L = 1.4 A^0.6 in miles): 5 x (log10 A - 3), clamped to -10..+5.
 *   0 for unnamed rivers.
 * - L(h_b): low ground (flood-v3), h_b m = height above the local base level (sea level within
 *   10 km of the coast, else the lowest gazetteer altitude within 10 km where they span 30 m or
 *   more): 35 up to 5 m, 0 from 30 m. For the rivers the 1:10m layers lack.
 * - flood-v5 (issue 33): on land with none of these signals the screening is Low (0) and says why;
 *   No data only off land or without the river layers or coastline. The place's altitude is the one
 *   altitude of the place (placeAltitude), which the coastal hazard reads too.
 * Projection: expected damage x (1 + RX1D change % / 100) (scaleScoreByDamageRatio).
 */
import type { ClimateScenario, HazardAssessment, HazardFactor, HazardDataUsed } from '@propguard/schemas';
import { DATA_SETS, dedupe, factor, formatKm, makeAssessment } from './common.ts';
import { describeAltitude, forEachPointWithin, locateSite, siteLookup, type HazardContext, type Site } from './context.ts';
import { distanceKm, distanceToPolygonEdgeKm, findContaining, findNearestLine, degreeSpan, nearestPointOnLine } from './geo.ts';
import { regionalChange, PRESENT_GWL_C } from './projections.ts';
import { WARMING_LEVELS, globalWarmingLevelC, scaleScoreByDamageRatio } from './reference-tables.ts';
import type { FloodLayerField, HazardLocation } from './types.ts';

export const FLOOD_METHOD = 'flood-v5';
/** Beyond this distance from any mapped river or lake the screening has no signal, km. */
export const FLOOD_RIVER_SEARCH_KM = 30;
const RIVER_SCORE_AT_HALF_KM = 60;
/** Localities within this distance of the river's nearest point give its level, km. */
export const RIVER_LEVEL_RADIUS_KM = 5;
/** flood-v4: where no altitude lies within RIVER_LEVEL_RADIUS_KM, the localities within this distance give it, km (the base level's radius). */
export const RIVER_LEVEL_WIDE_RADIUS_KM = 10;
/** A river point this close to the ocean shoreline is taken to be at sea level (tidal reach), km. */
export const TIDAL_REACH_KM = 10;
/** Lines of the same name within this distance of the nearest one count as one river, km. */
const SAME_RIVER_KM = 400;
/** Localities within this distance give the local base level (low-ground term), km. */
export const BASE_LEVEL_RADIUS_KM = 10;
/** Inland, the low-ground term needs at least this local relief (highest minus lowest altitude), m. */
export const MIN_LOCAL_RELIEF_M = 30;
/** The low-ground term's ceiling: below the Medium threshold (an unmapped watercourse is a guess). */
const LOW_GROUND_MAX = 35;

/**
 * Score from the distance to a river, km: non-increasing in distance.
 * @example riverProximityScore(1) // 60 x (1 - ln 2 / ln 60) = 49.8
 */
export function riverProximityScore(distanceKm: number): number {
  if (distanceKm >= FLOOD_RIVER_SEARCH_KM) return 0;
  if (distanceKm <= 0.5) return RIVER_SCORE_AT_HALF_KM;
  return RIVER_SCORE_AT_HALF_KM * (1 - Math.log(distanceKm / 0.5) / Math.log(FLOOD_RIVER_SEARCH_KM / 0.5));
}

/**
 * Points added for the height above the river's level, m (non-increasing in height).
 * @example heightAboveRiverAdjustment(2) // 15
 * @example heightAboveRiverAdjustment(10) // 15 x (15 - 10) / 10 = 7.5
 * @example heightAboveRiverAdjustment(30) // -(30 - 15) = -15
 */
export function heightAboveRiverAdjustment(heightM: number): number {
  const h = Math.max(0, heightM);
  if (h <= 5) return 15;
  if (h <= 15) return (15 * (15 - h)) / 10;
  return -Math.min(30, h - 15);
}

/**
 * Catchment area, km2, from the river's mapped length, km, by Hack's law L = 1.4 A^0.6 (miles,
 * square miles): A = 2.590 x (L / 2.253)^(1 / 0.6).
 * @example catchmentAreaKm2(100) // 2.590 x 44.4^1.667 = 1,440 km2
 */
export function catchmentAreaKm2(lengthKm: number): number {
  return 2.59 * (lengthKm / (1.4 * 1.609)) ** (1 / 0.6);
}

/**
 * Points added for the catchment, km2: 5 x (log10 A - 3), clamped to -10..+5 (0 at 1,000 km2).
 * @example catchmentAdjustment(10_000) // 5
 */
export function catchmentAdjustment(areaKm2: number): number {
  return Math.max(-10, Math.min(5, 5 * (Math.log10(Math.max(1, areaKm2)) - 3)));
}

/**
 * Points for low ground, from the height above the local base level, m (flood-v3): 35 up to 5 m,
 * falling linearly to 0 at 30 m. The national river layers (1:10m) miss most urban rivers and
 * creeks (the Torrens, the Georges, the Parramatta...); every valley still drains along its lowest
 * ground, so a place close to its local base level is likely near a watercourse the layers lack.
 * The ceiling stays below the Medium threshold (40): without the watercourse itself, this is a hint.
 * @example lowGroundScore(16) // 35 x (30 - 16) / 25 = 19.6
 */
export function lowGroundScore(heightM: number): number {
  const h = Math.max(0, heightM);
  if (h <= 5) return LOW_GROUND_MAX;
  if (h >= 30) return 0;
  return (LOW_GROUND_MAX * (30 - h)) / 25;
}

/**
 * Score of a place inside a polygon of an imported flood layer, from its mapped attribute:
 * - AEP p % (or ARI y years, p = 100 / y): p >= 1 (the 1 % AEP extent or a more frequent one) is
 *   High, 70 + 30 log5(p), at most 95; 0.2 <= p < 1 is Medium, 40 + 30 log5(p / 0.2); rarer is 25;
 * - depth d m (taken as a 1 % AEP flood's): 70 below 0.3 m, 80 to 1 m, 90 from 1 m;
 * - no attribute (an extent only) or no value: 70.
 * On the shared damage scale 70 is 1 %/yr of the replacement cost: the 1 % AEP extent sits at the
 * High threshold (issue 18: "inside the 1% AEP extent: High").
 * @example importedFloodScore('aep', 1) // 70
 * @example importedFloodScore('ari', 20) // p = 5 %: 70 + 30 = 100 -> 95
 */
export function importedFloodScore(field: FloodLayerField | null, value: number | null): number {
  if (field === null || value === null || !Number.isFinite(value)) return 70;
  if (field === 'depth') return value >= 1 ? 90 : value >= 0.3 ? 80 : 70;
  const aepPct = field === 'ari' ? (value > 0 ? 100 / value : 0) : value;
  if (aepPct >= 1) return Math.min(95, 70 + (30 * Math.log(aepPct)) / Math.log(5));
  if (aepPct >= 0.2) return 40 + (30 * Math.log(aepPct / 0.2)) / Math.log(5);
  return 25;
}

function describeImportedValue(field: FloodLayerField | null, value: number | null): string {
  if (field === null || value === null) return 'inside its flood extent';
  if (field === 'aep') return `inside its ${value} % AEP extent`;
  if (field === 'ari') return `inside its ${value}-year ARI extent`;
  return `flood depth ${value} m`;
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

/** What the screening read at a place (exported for the benchmark and tests). */
export interface FloodScreening {
  riverName: string | null;
  riverKind: string | null;
  riverDistanceKm: number | null;
  lakeDistanceKm: number | null;
  siteAltitudeM: number | null;
  siteAltitudeSource: 'locality' | 'neighbours' | null;
  /** How the reasons quote the site's altitude (describeAltitude). */
  siteAltitudeText: string | null;
  /** Distance to the ocean shoreline, km (null beyond 150 km). */
  coastDistanceKm: number | null;
  riverLevelM: number | null;
  /** How the river's level was found: sea level at a tidal reach, or the lowest nearby locality. */
  riverLevelSource: 'tidal' | 'localities' | null;
  /** The radius, km, within which that locality lies (5, or 10 where none is within 5: flood-v4); null on a tidal reach. */
  riverLevelRadiusKm: number | null;
  heightAboveRiverM: number | null;
  catchmentKm2: number | null;
  /** The local base level, m: sea level near the coast, else the lowest locality within 10 km (flood-v3). */
  baseLevelM: number | null;
  baseLevelSource: 'sea' | 'localities' | null;
  /** Height of the place above that base level, m. */
  heightAboveBaseM: number | null;
  /** Low-ground term (0-35); the screening is the larger of it and the river terms. */
  lowGround: number;
  proximity: number;
  heightAdjustment: number;
  catchmentAdjustment: number;
  /**
   * What gave the score: the mapped river or lake terms, the low ground (no river near enough, or
   * scoring less), or (flood-v5) nothing: a place on land far from every mapped river and lake
   * without low ground near it is low. Null only where the inputs are missing (not on land, or the
   * river layers not loaded).
   */
  decidedBy: 'river' | 'low-ground' | 'no-signal' | null;
  score: number;
}

function lowestAltitudeWithin(context: HazardContext, lat: number, lng: number, radiusKm: number): number | null {
  let lowest: number | null = null;
  forEachPointWithin(context.localityIndex, lat, lng, radiusKm, (item) => {
    if (item.altitudeM !== null && (lowest === null || item.altitudeM < lowest)) lowest = item.altitudeM;
  });
  return lowest;
}

/**
 * The river's level at its point nearest the place, m: sea level on a tidal reach; else the lowest
 * gazetteer altitude within RIVER_LEVEL_RADIUS_KM of that point, or (flood-v4) within
 * RIVER_LEVEL_WIDE_RADIUS_KM where none is nearer (a river through country the gazetteer samples
 * sparsely, such as the Hawkesbury below the Kurrajong ridge). Null when neither finds an altitude.
 */
interface RiverLevel {
  valueM: number;
  source: 'tidal' | 'localities';
  /** The radius the localities were searched in, km (null on a tidal reach). */
  radiusKm: number | null;
}

function riverLevel(context: HazardContext, lat: number, lng: number): RiverLevel | null {
  const coast = findNearestLine(context.coastIndex, lat, lng, TIDAL_REACH_KM);
  if (coast) return { valueM: 0, source: 'tidal', radiusKm: null };
  for (const radiusKm of [RIVER_LEVEL_RADIUS_KM, RIVER_LEVEL_WIDE_RADIUS_KM]) {
    const lowest = lowestAltitudeWithin(context, lat, lng, radiusKm);
    if (lowest !== null) return { valueM: lowest, source: 'localities', radiusKm };
  }
  return null;
}

/**
 * The local base level, m: sea level where the place is within TIDAL_REACH_KM of the ocean
 * shoreline; inland, the lowest gazetteer altitude within BASE_LEVEL_RADIUS_KM when at least three
 * altitudes are known there and they span MIN_LOCAL_RELIEF_M or more (on a plateau or a plain
 * without relief the lowest locality says nothing about drainage). Null otherwise.
 */
function localBaseLevel(site: Site, context: HazardContext): { valueM: number; source: 'sea' | 'localities' } | null {
  if (site.coastDistanceKm !== null && site.coastDistanceKm <= TIDAL_REACH_KM) return { valueM: 0, source: 'sea' };
  let known = 0;
  let lowest = Number.POSITIVE_INFINITY;
  let highest = Number.NEGATIVE_INFINITY;
  forEachPointWithin(context.localityIndex, site.lat, site.lng, BASE_LEVEL_RADIUS_KM, (item) => {
    if (item.altitudeM === null) return;
    known += 1;
    lowest = Math.min(lowest, item.altitudeM);
    highest = Math.max(highest, item.altitudeM);
  });
  if (known < 3) return null;
  if (highest - lowest < MIN_LOCAL_RELIEF_M) return null;
  return { valueM: lowest, source: 'localities' };
}

/** Whether the screening's inputs are loaded: the river and lake layers and the coastline. */
function hasScreeningInputs(context: HazardContext): boolean {
  return context.data.rivers.length > 0 && context.data.coastline.length > 0;
}

function namedRiverLengthKm(context: HazardContext, name: string, lat: number, lng: number): number {
  let total = 0;
  for (const line of context.riverLinesByName.get(name.toUpperCase()) ?? []) if (distanceKm(lat, lng, line.lat, line.lng) <= SAME_RIVER_KM) total += line.lengthKm;
  return total;
}

/** The screening terms at a located site (no mapped extent consulted). */
export function screenFlood(site: Site, context: HazardContext): FloodScreening {
  const river = findNearestLine(context.riverIndex, site.lat, site.lng, FLOOD_RIVER_SEARCH_KM);
  const lake = findNearestLine(context.lakeIndex, site.lat, site.lng, FLOOD_RIVER_SEARCH_KM);
  const altitude = site.altitude;
  let riverName: string | null = null;
  let riverKind: string | null = null;
  let level: RiverLevel | null = null;
  let catchmentKm2: number | null = null;
  if (river) {
    const line = context.riverIndex.lines[river.lineIndex]!;
    riverName = line.name;
    riverKind = line.kind;
    const point = nearestPointOnLine(site.lat, site.lng, line.coords);
    level = riverLevel(context, point.lat, point.lng);
    if (line.name) {
      const lengthKm = namedRiverLengthKm(context, line.name, point.lat, point.lng);
      if (lengthKm > 0) catchmentKm2 = catchmentAreaKm2(lengthKm);
    }
  }
  const heightAboveRiverM = altitude !== null && level !== null ? Math.max(0, altitude.valueM - level.valueM) : null;
  const riverProximity = river ? riverProximityScore(river.distanceKm) : 0;
  const lakeProximity = lake ? riverProximityScore(lake.distanceKm) / 2 : 0;
  const proximity = Math.max(riverProximity, lakeProximity);
  const heightAdjustment = heightAboveRiverM !== null && riverProximity > 0 ? heightAboveRiverAdjustment(heightAboveRiverM) : 0;
  const catchment = catchmentKm2 !== null && riverProximity > 0 ? catchmentAdjustment(catchmentKm2) : 0;
  const base = altitude !== null ? localBaseLevel(site, context) : null;
  const heightAboveBaseM = altitude !== null && base !== null ? Math.max(0, altitude.valueM - base.valueM) : null;
  const lowGround = heightAboveBaseM !== null ? lowGroundScore(heightAboveBaseM) : 0;
  const hasRiverSignal = river !== null || lake !== null;
  const riverScore = Math.max(0, Math.min(100, proximity + heightAdjustment + catchment));
  // flood-v5: on land with no river, lake or low-ground signal, the screening still answers: low.
  const decidedBy = hasRiverSignal && riverScore >= lowGround ? 'river' : heightAboveBaseM !== null ? 'low-ground' : hasRiverSignal ? 'river' : site.isOnLand && hasScreeningInputs(context) ? 'no-signal' : null;
  return {
    riverName,
    riverKind,
    riverDistanceKm: river ? river.distanceKm : null,
    lakeDistanceKm: lake ? lake.distanceKm : null,
    siteAltitudeM: altitude ? altitude.valueM : null,
    siteAltitudeSource: altitude ? altitude.source : null,
    siteAltitudeText: altitude ? describeAltitude(altitude) : null,
    coastDistanceKm: site.coastDistanceKm,
    riverLevelM: level ? level.valueM : null,
    riverLevelSource: level ? level.source : null,
    riverLevelRadiusKm: level ? level.radiusKm : null,
    heightAboveRiverM,
    catchmentKm2,
    baseLevelM: base ? base.valueM : null,
    baseLevelSource: base ? base.source : null,
    heightAboveBaseM,
    lowGround,
    proximity,
    heightAdjustment,
    catchmentAdjustment: catchment,
    decidedBy,
    score: Math.max(riverScore, lowGround),
  };
}

function riverLabel(screening: FloodScreening): string {
  if (!screening.riverName) return `a river of the national layers (${screening.riverKind ?? 'river'})`;
  return `the ${screening.riverName}${/river|creek|brook|rivulet/i.test(screening.riverName) ? '' : ' River'}`;
}

function screeningFactors(screening: FloodScreening): { factors: HazardFactor[]; dataUsed: HazardDataUsed[] } {
  const factors: HazardFactor[] = [];
  const dataUsed: HazardDataUsed[] = [];
  if (screening.riverDistanceKm !== null) {
    factors.push(factor('river-distance', `${formatKm(screening.riverDistanceKm)} from ${riverLabel(screening)}`, screening.riverDistanceKm, 'km', screening.proximity > 0 ? 'raises' : 'neutral'));
    dataUsed.push(DATA_SETS.naturalEarth, DATA_SETS.shoreline);
  }
  if (screening.lakeDistanceKm !== null && screening.riverDistanceKm === null) {
    factors.push(factor('lake-distance', `${formatKm(screening.lakeDistanceKm)} from a mapped lake`, screening.lakeDistanceKm, 'km', screening.proximity > 0 ? 'raises' : 'neutral'));
    dataUsed.push(DATA_SETS.naturalEarth);
  }
  if (screening.heightAboveRiverM !== null) {
    const levelText = screening.riverLevelSource === 'tidal' ? 'the river at sea level (tidal reach within 10 km of the coast)' : `the river at ${screening.riverLevelM!.toFixed(0)} m (lowest locality within ${screening.riverLevelRadiusKm ?? RIVER_LEVEL_RADIUS_KM} km of it)`;
    factors.push(
      factor(
        'height-above-river',
        `About ${screening.heightAboveRiverM.toFixed(0)} m above the river: ${screening.siteAltitudeText!}, ${levelText}`,
        screening.heightAboveRiverM,
        'm',
        screening.heightAdjustment > 0 ? 'raises' : screening.heightAdjustment < 0 ? 'lowers' : 'neutral',
      ),
    );
    dataUsed.push(DATA_SETS.gazetteer);
    if (screening.riverLevelSource === 'tidal') dataUsed.push(DATA_SETS.shoreline);
  }
  if (screening.heightAboveBaseM !== null) {
    const baseText = screening.baseLevelSource === 'sea' ? 'sea level (within 10 km of the coast)' : `the lowest locality within 10 km, ${screening.baseLevelM!.toFixed(0)} m`;
    factors.push(
      factor(
        'low-ground',
        `About ${screening.heightAboveBaseM.toFixed(0)} m above the local base level, ${baseText}, from the ${screening.siteAltitudeText!}: low ground term ${screening.lowGround.toFixed(0)}${screening.decidedBy === 'low-ground' ? ' (decides: no mapped river or lake scores higher)' : ''}`,
        screening.heightAboveBaseM,
        'm',
        screening.decidedBy === 'low-ground' && screening.lowGround > 0 ? 'raises' : 'neutral',
      ),
    );
    dataUsed.push(DATA_SETS.gazetteer);
    if (screening.baseLevelSource === 'sea') dataUsed.push(DATA_SETS.shoreline);
  }
  if (screening.decidedBy === 'no-signal') {
    const coastText = screening.coastDistanceKm === null ? 'more than 150 km from the coast' : `${formatKm(screening.coastDistanceKm)} from the coast`;
    const altitudeText = screening.siteAltitudeText ?? 'no gazetteer altitude within 3 km';
    factors.push(
      factor(
        'no-flood-signal',
        `No river or lake of the national layers within ${FLOOD_RIVER_SEARCH_KM} km, ${coastText}, ${altitudeText}${screening.heightAboveBaseM === null && screening.siteAltitudeM !== null ? ', no low ground near (the localities within 10 km span less than 30 m or are too few)' : ''}: low`,
        screening.siteAltitudeM,
        screening.siteAltitudeM === null ? null : 'm',
        'lowers',
      ),
    );
    dataUsed.push(DATA_SETS.naturalEarth, DATA_SETS.shoreline);
    if (screening.siteAltitudeM !== null) dataUsed.push(DATA_SETS.gazetteer);
  }
  if (screening.catchmentKm2 !== null && screening.catchmentAdjustment !== 0) {
    factors.push(
      factor('catchment', `Catchment of about ${Math.round(screening.catchmentKm2).toLocaleString('en-AU')} km² (Hack's law from the river's mapped length)`, screening.catchmentKm2, 'km2', screening.catchmentAdjustment > 0 ? 'raises' : 'lowers'),
    );
  }
  return { factors, dataUsed };
}

/** Flood at an already located site (assessHazards locates once for all six). */
export function assessFloodAt(site: Site, context: HazardContext, scenario: ClimateScenario, year: number): HazardAssessment {
  const factors: HazardFactor[] = [];
  const dataUsed: HazardDataUsed[] = [];
  const imported = siteLookup(site, 'flood-imported', () => findContaining(context.importedFloodIndex, site.lat, site.lng, (polygon) => [polygon.rings]));
  const map = imported.length > 0 ? { isImaged: false, isWet: false, nearestWetKm: null } : siteLookup(site, 'flood-map', () => readFloodMap(context, site));
  let baselineScore: number;
  let hasData: boolean;
  let uncertainty: number;
  let dataNote: string | null;
  if (imported.length > 0) {
    // An imported overlay (a council's or the NFID's) is the deployment's own licensed data: it
    // decides ahead of the bundled map and the screening, and every answer cites it.
    const scored = imported.map((polygon) => ({ polygon, score: importedFloodScore(polygon.layer.field, polygon.value) })).sort((a, b) => b.score - a.score);
    baselineScore = scored[0]!.score;
    hasData = true;
    uncertainty = 10;
    const layers = [...new Map(scored.map(({ polygon }) => [polygon.layer.id, polygon.layer])).values()];
    for (const layer of layers) {
      const best = scored.find(({ polygon }) => polygon.layer.id === layer.id)!;
      factors.push(factor('imported-flood-layer', `Imported flood layer "${layer.name}" (imported ${layer.importedAt.slice(0, 10)}): ${describeImportedValue(layer.field, best.polygon.value)}`, best.polygon.value, layer.field === 'depth' ? 'm' : layer.field === 'ari' ? 'years' : layer.field === 'aep' ? '%' : null, 'raises'));
      dataUsed.push({ id: `hazard-layer-${layer.id}`, title: `${layer.name} (imported flood layer; ${layer.licenceNote})`, period: null });
    }
    dataNote = `The imported flood layer${layers.length > 1 ? 's' : ''} ${layers.map((layer) => `"${layer.name}"`).join(', ')} decide${layers.length > 1 ? '' : 's'} here (imported layers come before the bundled maps and the screening)`;
  } else if (map.isImaged) {
    // A mapped extent is an observation: it decides, and the screening is not consulted.
    dataUsed.push(DATA_SETS.lismore);
    hasData = true;
    uncertainty = 10;
    dataNote = 'The mapped 2022 Lismore flood extent decides here (mapped extents come before the screening)';
    if (map.isWet) {
      baselineScore = 85;
      factors.push(factor('flood-map', 'Inside the area seen flooded by satellite in the 2022 Lismore flood (27 Mar-15 Apr 2022)', 1, null, 'raises'));
    } else if (map.nearestWetKm !== null && map.nearestWetKm <= 0.25) {
      baselineScore = 70;
      factors.push(factor('flood-map', `${Math.round(map.nearestWetKm * 1000)} m from the area seen flooded in the 2022 Lismore flood`, map.nearestWetKm, 'km', 'raises'));
    } else {
      baselineScore = 30;
      factors.push(factor('flood-map', 'Imaged after the 2022 Lismore flood peak and not seen wet (the peak extent was larger)', 0, null, 'raises'));
    }
  } else {
    const screening = siteLookup(site, 'flood-screening', () => screenFlood(site, context));
    const parts = screeningFactors(screening);
    factors.push(...parts.factors);
    dataUsed.push(...parts.dataUsed);
    hasData = screening.decidedBy !== null;
    baselineScore = screening.score;
    // Terrain known: ±15; distance alone on 1:10m lines (about 1 km positional error) or no signal at all: ±20; low ground alone: ±25.
    uncertainty = screening.decidedBy === 'low-ground' ? 25 : screening.heightAboveRiverM !== null ? 15 : 20;
    dataNote =
      screening.decidedBy === 'river'
        ? `Screening, not a flood study: no mapped flood extent covers this place, so the score comes from the distance to mapped rivers (1:10m national layers, about 1 km positional accuracy, many creeks missing)${screening.heightAboveRiverM === null ? '; the height above the river is unknown here (no gazetteer altitude within 3 km)' : ', the height above the river from one gazetteer altitude per locality (no elevation model)'} and the catchment estimated from the river's mapped length. Overland flow and local drainage are not assessed`
        : screening.decidedBy === 'low-ground'
          ? `Screening, not a flood study: no mapped flood extent covers this place and ${screening.riverDistanceKm === null && screening.lakeDistanceKm === null ? `no river or lake of the national layers lies within ${FLOOD_RIVER_SEARCH_KM} km (urban rivers such as the Torrens and the Georges are not in them)` : 'the mapped rivers and lakes score lower'}, so the score comes from how low the place lies above its local base level (one gazetteer altitude per locality, no elevation model): a hint of an unmapped watercourse, at most 35. Overland flow and local drainage are not assessed`
          : screening.decidedBy === 'no-signal'
            ? `Screening, not a flood study: no mapped flood extent, no river or lake of the national layers within ${FLOOD_RIVER_SEARCH_KM} km and no low ground near, so the screening finds nothing that raises the score: low. Creeks the 1:10m layers lack, overland flow and local drainage are not assessed`
            : !site.isOnLand
              ? 'No flood data for this place: it is not on land (outside every ABS suburb and state polygon)'
              : `No flood data for this place: ${context.data.rivers.length === 0 ? 'the river layers (Natural Earth, WDBII) are not loaded' : 'the coastline (GSHHG) is not loaded'}`;
  }
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
  return makeAssessment({
    hazard: 'flood',
    baselineScore,
    score,
    uncertainty,
    hasData,
    dataNote,
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
