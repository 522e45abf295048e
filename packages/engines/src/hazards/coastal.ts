/**
 * Coastal erosion and inundation (method coastal-v1): distance to the open-coast shoreline
 * (GSHHG full resolution), the present 1 % AEP storm-tide level at the nearest ACS coastal point,
 * the locality's altitude (gazetteer), and global sea-level rise for the scenario and year
 * (IPCC AR6 medians via the ACS table).
 *
 * - Erosion: shoreline recession by the Bruun rule, about 50-100 m per metre of sea-level rise
 *   (Bruun 1962; we take the upper 100 m/m). Effective distance de = d - 0.1 km x SLR(m);
 *   E = 80 at de <= 0.1 km, 80 x (1 - ln(de / 0.1) / ln 20) beyond, 0 from 2 km; times the
 *   open-coast exposure: the ACS storm-tide points lie on a ~5 km grid just off the open coast,
 *   so a shore more than 5 km from the nearest of them is a harbour or estuary shore with little
 *   wave attack: exposure 1 up to 5 km, falling linearly to 0 at 10 km (Sydney CBD, 9.8 km -> 0.04).
 * - Inundation (within 10 km of the coast, where the locality altitude is known): margin =
 *   altitude - (1 % AEP still water level + SLR); I = 90 at margin <= 0, falling linearly to 0 at
 *   a 10 m margin; times an inland decay, 1 up to 2 km from the shore and linearly 0 at 10 km
 *   (without an elevation model a low locality far inland is more likely cut off from the sea
 *   by higher ground). Example: Narrabeen, 1.1 km, altitude 6.2 m, storm tide 1.33 m + SLR
 *   0.075 m -> margin 4.8 m -> I = 90 x (1 - 0.48) = 47.
 * - Score = max(E, I); the year's SLR drives the projection (no separate multiplier), so later
 *   years and higher emissions never lower it.
 */
import { HAZARD_YEAR_MIN, type ClimateScenario, type HazardAssessment, type HazardDataUsed, type HazardFactor } from '@propguard/schemas';
import { DATA_SETS, dedupe, factor, formatKm, makeAssessment } from './common.ts';
import { describeAltitude, findPointsWithin, locateSite, siteLookup, type HazardContext, type Site } from './context.ts';
import { seaLevelRiseM } from './projections.ts';
import { WARMING_LEVELS } from './reference-tables.ts';
import type { CoastalPoint, HazardLocation } from './types.ts';

export const COASTAL_METHOD = 'coastal-v1';
/** Bruun rule recession, km per metre of sea-level rise (upper end of 50-100 m/m). */
export const BRUUN_RECESSION_KM_PER_M = 0.1;
const EROSION_MAX_SCORE = 80;
const EROSION_FULL_KM = 0.1;
const EROSION_ZERO_KM = 2;
const INUNDATION_MAX_SCORE = 90;
const INUNDATION_ZERO_MARGIN_M = 10;
const INUNDATION_MAX_COAST_KM = 10;
const INUNDATION_FULL_COAST_KM = 2;
const STORM_TIDE_SEARCH_KM = 50;
/** Beyond this no coastal hazard is modelled, km. */
export const COASTAL_ZONE_KM = 20;

/**
 * Erosion score from the distance to the shoreline and the sea-level rise.
 * @example erosionScore(0.5, 0.6) // de = 0.44 km -> 80 x (1 - ln 4.4 / ln 20) = 39.4
 */
export function erosionScore(coastDistanceKm: number, slrM: number): number {
  const effectiveKm = Math.max(0, coastDistanceKm - BRUUN_RECESSION_KM_PER_M * slrM);
  if (effectiveKm <= EROSION_FULL_KM) return EROSION_MAX_SCORE;
  return Math.max(0, EROSION_MAX_SCORE * (1 - Math.log(effectiveKm / EROSION_FULL_KM) / Math.log(EROSION_ZERO_KM / EROSION_FULL_KM)));
}

/** Inundation score from the altitude margin over the 1 % AEP storm tide plus SLR, m. */
export function inundationScore(altitudeM: number, stormTideM: number, slrM: number): number {
  const marginM = altitudeM - (stormTideM + slrM);
  if (marginM <= 0) return INUNDATION_MAX_SCORE;
  return Math.max(0, INUNDATION_MAX_SCORE * (1 - marginM / INUNDATION_ZERO_MARGIN_M));
}

/** Multiplication factor of the 1 % AEP frequency at `slrM` (log-interpolated between increments). */
export function multiplicationFactorAt(point: CoastalPoint, slrM: number): number | null {
  let previous: { slr: number; mf: number } | null = null;
  for (let i = 0; i < point.slrM.length; i += 1) {
    const mf = point.swlMf[i];
    if (mf === null || mf === undefined || mf <= 0) continue;
    const current = { slr: point.slrM[i]!, mf };
    if (current.slr >= slrM) {
      if (!previous || current.slr === previous.slr) return current.mf;
      const t = (slrM - previous.slr) / (current.slr - previous.slr);
      return Math.exp(Math.log(previous.mf) + t * (Math.log(current.mf) - Math.log(previous.mf)));
    }
    previous = current;
  }
  return previous ? previous.mf : null;
}

const OPEN_COAST_FULL_KM = 5;
const OPEN_COAST_ZERO_KM = 10;

/** Open-coast (wave) exposure 0-1 from the distance to the nearest ACS coastal point, km. */
export function openCoastExposure(stormTidePointKm: number | null): number {
  if (stormTidePointKm === null) return 0;
  return Math.max(0, Math.min(1, (OPEN_COAST_ZERO_KM - stormTidePointKm) / (OPEN_COAST_ZERO_KM - OPEN_COAST_FULL_KM)));
}

/** The nearest ACS point with a storm-tide level (1,568 source cells are NA), within 50 km. */
export function findStormTidePoint(context: HazardContext, site: Site): { item: CoastalPoint; distanceKm: number } | null {
  for (const radiusKm of [15, STORM_TIDE_SEARCH_KM]) {
    const found = findPointsWithin(context.coastalPointIndex, site.lat, site.lng, radiusKm).find(({ item }) => item.swlAep1pcM !== null);
    if (found) return found;
  }
  return null;
}

interface CoastalReading {
  score: number;
  erosion: number;
  inundation: number | null;
}

function readCoastal(site: Site, stormTideM: number | null, exposure: number, slrM: number): CoastalReading {
  const d = site.coastDistanceKm;
  if (d === null || d > COASTAL_ZONE_KM) return { score: 0, erosion: 0, inundation: null };
  const erosion = exposure * erosionScore(d, slrM);
  const altitude = site.altitude?.valueM ?? null;
  const inland = Math.min(1, (INUNDATION_MAX_COAST_KM - d) / (INUNDATION_MAX_COAST_KM - INUNDATION_FULL_COAST_KM));
  const inundation = altitude !== null && stormTideM !== null && d <= INUNDATION_MAX_COAST_KM ? inland * inundationScore(altitude, stormTideM, slrM) : null;
  return { score: Math.max(erosion, inundation ?? 0), erosion, inundation };
}

/** Coastal erosion and inundation at an already located site. */
export function assessCoastalAt(site: Site, context: HazardContext, scenario: ClimateScenario, year: number): HazardAssessment {
  const factors: HazardFactor[] = [];
  const dataUsed: HazardDataUsed[] = [];
  const hasData = context.data.coastline.length > 0 && (site.stateCode !== null || site.coastDistanceKm !== null);
  const d = site.coastDistanceKm;
  const nearTide = d !== null && d <= COASTAL_ZONE_KM ? siteLookup(site, 'storm-tide-point', () => findStormTidePoint(context, site)) : null;
  const stormTideM = nearTide?.item.swlAep1pcM ?? null;
  const slrNow = seaLevelRiseM(context, scenario, HAZARD_YEAR_MIN);
  const slrM = seaLevelRiseM(context, scenario, year);
  const exposure = openCoastExposure(nearTide ? nearTide.distanceKm : null);
  const baseline = readCoastal(site, stormTideM, exposure, slrNow);
  const projected = readCoastal(site, stormTideM, exposure, slrM);
  dataUsed.push(DATA_SETS.shoreline);
  if (d === null) {
    factors.push(factor('coast-distance', 'More than 150 km from the coast', null, 'km', 'lowers'));
  } else {
    factors.push(factor('coast-distance', `${formatKm(d)} from the shoreline`, d, 'km', d <= EROSION_ZERO_KM ? 'raises' : 'lowers'));
  }
  if (nearTide && stormTideM !== null) {
    factors.push(factor('storm-tide', `1% AEP storm tide ${stormTideM.toFixed(2)} m above mean sea level at the nearest ACS coastal point (${nearTide.item.lga ?? 'offshore'}, ${formatKm(nearTide.distanceKm)} away)`, stormTideM, 'm', 'neutral'));
    const mf = multiplicationFactorAt(nearTide.item, slrM);
    if (mf !== null && year > HAZARD_YEAR_MIN) {
      factors.push(factor('storm-tide-frequency', `With ${slrM.toFixed(2)} m sea-level rise today's 1% AEP storm tide occurs about ${mf < 200 ? mf.toFixed(mf < 10 ? 1 : 0) : 'over 200'} times as often`, mf, 'x', mf > 1 ? 'raises' : 'neutral'));
    }
    if (exposure < 1) factors.push(factor('open-coast-exposure', `Sheltered shore (harbour or estuary): erosion weighted ${Math.round(exposure * 100)}%`, exposure * 100, '%', 'lowers'));
    dataUsed.push(DATA_SETS.coastalEsl);
  }
  if (site.altitude && d !== null && d <= INUNDATION_MAX_COAST_KM) {
    const text = describeAltitude(site.altitude);
    factors.push(factor('altitude', `${text.charAt(0).toUpperCase()}${text.slice(1)}`, site.altitude.valueM, 'm', (projected.inundation ?? 0) > 0 ? 'raises' : 'lowers'));
    dataUsed.push(DATA_SETS.gazetteer);
  }
  factors.push(factor('sea-level-rise', `Global sea-level rise ${slrM.toFixed(2)} m over 1995-2014 by ${year} (${scenario} emissions, IPCC AR6 median)`, slrM, 'm', projected.score > baseline.score ? 'raises' : 'neutral'));
  const isInZone = d !== null && d <= COASTAL_ZONE_KM;
  const hasAltitude = projected.inundation !== null;
  return makeAssessment({
    hazard: 'coastal',
    baselineScore: baseline.score,
    score: projected.score,
    // Without an elevation model the inundation part rests on one altitude per locality.
    uncertainty: !isInZone ? 0 : hasAltitude ? 15 : 25,
    hasData,
    dataNote: !hasData
      ? 'No coastal data for this place'
      : isInZone && !hasAltitude
        ? 'No gazetteer altitude within 3 km of this place: inundation not assessed, erosion only (there is no elevation model in our data)'
        : isInZone
          ? 'Locality altitude, not the property floor level; shoreline accurate to a few hundred metres'
          : null,
    factors,
    dataUsed: dedupe(dataUsed),
    method: COASTAL_METHOD,
    scenario,
    year,
    tables: [WARMING_LEVELS],
  });
}

/**
 * Coastal assessment of a place.
 * @example assess({ lat: -33.73, lng: 151.302 }, context, 'high', 2090) // Collaroy beach: High
 */
export function assess(location: HazardLocation, context: HazardContext, scenario: ClimateScenario, year: number): HazardAssessment {
  return assessCoastalAt(locateSite(location, context), context, scenario, year);
}
