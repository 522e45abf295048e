/**
 * Earthquake (method earthquake-v2): the likelihood of a damaging earthquake near the property from
 * the Geoscience Australia NSHA18 catalogue (declustered: mainshocks only), by Gutenberg-Richter
 * rates in a 100 km circle, with the AS 1170.4 hazard factor Z as a floor.
 *
 * 1. Rate of Mw >= 5 within 100 km, per year, by the maximum-likelihood estimate with a fixed
 *    b-value over two complete magnitude-period bins (Weichert 1980, BSSA 70:1337-1346):
 *      bin A: 3.5 <= Mw < 5 since 1970 (T_A = 47.5 years to mid-2017),
 *      bin B: Mw >= 5 since 1910 (T_B = 107.5 years),
 *      rate5 = (n_A + n_B) / ((10^(1.5 b) - 1) x T_A + T_B),   b = 1.0.
 * 2. Expected damage: the larger of the floor 0.03 x (Z / 0.08)^2 %/yr (earthquake-v1's
 *    calibration) and the catalogue term 0.03 x (rate5 / 0.005)^(2/3) %/yr, then the shared mapping
 *    score = 40 + 30 log5(EAD / 0.2). 0.005/yr (one Mw >= 5 within 100 km in 200 years) is the
 *    median rate of the eight capitals and Newcastle, where the national minimum Z applies; the
 *    exponent 2/3 = 2/k turns a rate into the square of a ground motion for a hazard curve of slope
 *    k = 3 (PropGuard's assumption, typical of low-seismicity regions).
 * Example: Canberra, n_A = 26, n_B = 0: rate5 = 26 / (30.62 x 47.5 + 107.5) = 0.0166/yr;
 * 0.03 x 3.33^(2/3) = 0.067 %/yr -> score 20. No projection: earthquakes do not change with climate.
 */
import type { ClimateScenario, HazardAssessment, HazardFactor } from '@propguard/schemas';
import { DATA_SETS, factor, formatKm, makeAssessment } from './common.ts';
import { forEachPointWithin, locateSite, siteLookup, type HazardContext, type Site } from './context.ts';
import { distanceKm } from './geo.ts';
import { GR_BINS, MIN_HAZARD_FACTOR_Z, SEISMIC_HAZARD, SEISMIC_PLACES, scoreForEadPct } from './reference-tables.ts';

export { GR_BINS } from './reference-tables.ts';
import type { HazardLocation } from './types.ts';

export const EARTHQUAKE_METHOD = 'earthquake-v2';
export const EARTHQUAKE_RADIUS_KM = 100;
const EAD_AT_MIN_Z_PCT = 0.03;
/** Gutenberg-Richter b-value (Gutenberg and Richter 1944); not fitted in a 100 km circle, where counts are small. */
export const GR_B_VALUE = 1.0;
/** The declustered catalogue ends in mid-2017. */
export const CATALOGUE_END_YEAR = 2017.5;
/** Rate of Mw >= 5 within 100 km at which the catalogue term equals the national-minimum floor, per year. */
export const REFERENCE_RATE_PER_YEAR = 0.005;
const HAZARD_CURVE_SLOPE = 3;

/**
 * Annual rate of Mw >= 5 within the circle from the counts of the two bins (Weichert 1980, fixed b).
 * @example damagingQuakeRatePerYear(26, 0) // 26 / (30.62 x 47.5 + 107.5) = 0.0166
 */
export function damagingQuakeRatePerYear(smallCount: number, damagingCount: number, bValue = GR_B_VALUE): number {
  const yearsSmall = CATALOGUE_END_YEAR - GR_BINS.small.fromYear;
  const yearsDamaging = CATALOGUE_END_YEAR - GR_BINS.damaging.fromYear;
  const exposure = (10 ** (bValue * (GR_BINS.damaging.minMw - GR_BINS.small.minMw)) - 1) * yearsSmall + yearsDamaging;
  return (smallCount + damagingCount) / exposure;
}

/**
 * Expected annual damage, %: the larger of the AS 1170.4 floor and the catalogue term.
 * @example earthquakeEadPct(0.11, 0) // 0.03 x (0.11/0.08)^2 = 0.0567
 * @example earthquakeEadPct(0.08, 0.04) // 0.03 x 8^(2/3) = 0.12
 */
export function earthquakeEadPct(hazardFactorZ: number, ratePerYear: number): number {
  const floor = EAD_AT_MIN_Z_PCT * (hazardFactorZ / MIN_HAZARD_FACTOR_Z) ** 2;
  const catalogue = EAD_AT_MIN_Z_PCT * (Math.max(0, ratePerYear) / REFERENCE_RATE_PER_YEAR) ** (2 / HAZARD_CURVE_SLOPE);
  return Math.max(floor, catalogue);
}

function yearOf(originTime: string): number {
  return Number(originTime.slice(0, 4));
}

/** What the catalogue says within EARTHQUAKE_RADIUS_KM of a site: the two bins' counts and the largest Mw 5+ event. */
interface CatalogueCounts {
  smallCount: number;
  damagingCount: number;
  largest: { magnitudeMw: number; year: number; distanceKm: number } | null;
}

function countCatalogue(site: Site, context: HazardContext): CatalogueCounts {
  const counts: CatalogueCounts = { smallCount: 0, damagingCount: 0, largest: null };
  forEachPointWithin(context.earthquakeIndex, site.lat, site.lng, EARTHQUAKE_RADIUS_KM, (item, d) => {
    const magnitude = item.magnitudeMw!;
    const eventYear = yearOf(item.originTime);
    if (magnitude >= GR_BINS.damaging.minMw && eventYear >= GR_BINS.damaging.fromYear) counts.damagingCount += 1;
    else if (magnitude >= GR_BINS.small.minMw && magnitude < GR_BINS.damaging.minMw && eventYear >= GR_BINS.small.fromYear) counts.smallCount += 1;
    // The largest; the nearest among equals.
    if (magnitude >= GR_BINS.damaging.minMw && (counts.largest === null || magnitude > counts.largest.magnitudeMw || (magnitude === counts.largest.magnitudeMw && d < counts.largest.distanceKm))) {
      counts.largest = { magnitudeMw: magnitude, year: eventYear, distanceKm: d };
    }
  });
  return counts;
}

/** Earthquake at an already located site. */
export function assessEarthquakeAt(site: Site, context: HazardContext, scenario: ClimateScenario, year: number): HazardAssessment {
  const factors: HazardFactor[] = [];
  let place: { name: string; z: number; distanceKm: number } | null = null;
  for (const candidate of SEISMIC_PLACES) {
    const d = distanceKm(site.lat, site.lng, candidate.lat, candidate.lng);
    if (d <= EARTHQUAKE_RADIUS_KM && (!place || d < place.distanceKm)) place = { name: candidate.name, z: candidate.hazardFactorZ, distanceKm: d };
  }
  const z = Math.max(MIN_HAZARD_FACTOR_Z, place?.z ?? MIN_HAZARD_FACTOR_Z);
  const { smallCount, damagingCount, largest } = siteLookup(site, 'earthquake-catalogue', () => countCatalogue(site, context));
  const rate = damagingQuakeRatePerYear(smallCount, damagingCount);
  const floorPct = EAD_AT_MIN_Z_PCT * (z / MIN_HAZARD_FACTOR_Z) ** 2;
  const eadPct = earthquakeEadPct(z, rate);
  const isFloor = eadPct <= floorPct;
  const hasCatalogue = context.data.earthquakes.length > 0;
  factors.push(
    factor(
      'hazard-factor',
      (place
        ? `AS 1170.4 hazard factor Z = ${z.toFixed(2)} g${place.z < MIN_HAZARD_FACTOR_Z ? ` (${place.name} ${place.z.toFixed(2)}, raised to the national minimum)` : ` (${place.name}, ${formatKm(place.distanceKm)})`}`
        : `AS 1170.4 national minimum hazard factor Z = ${z.toFixed(2)} g (no listed city within ${EARTHQUAKE_RADIUS_KM} km)`) + (isFloor ? ': the floor decides' : ''),
      z,
      'g',
      z > MIN_HAZARD_FACTOR_Z ? 'raises' : 'neutral',
    ),
  );
  if (hasCatalogue) {
    const fiftyYearPct = 100 * (1 - Math.exp(-50 * rate));
    factors.push(
      factor(
        'quake-rate',
        rate > 0
          ? `Mw 5 or more within ${EARTHQUAKE_RADIUS_KM} km about once in ${Math.round(1 / rate).toLocaleString('en-AU')} years (${fiftyYearPct.toFixed(0)}% in 50 years), from ${smallCount} mainshock${smallCount === 1 ? '' : 's'} of Mw 3.5-5 since 1970 and ${damagingCount} of Mw 5+ since 1910 (NSHA18, Gutenberg-Richter b = ${GR_B_VALUE.toFixed(1)})`
          : `No mainshock of Mw 3.5-5 since 1970 or Mw 5+ since 1910 within ${EARTHQUAKE_RADIUS_KM} km (NSHA18): the AS 1170.4 floor decides`,
        rate,
        'per year',
        isFloor ? 'neutral' : 'raises',
      ),
    );
    if (largest) {
      factors.push(factor('historical-earthquake', `Mw ${largest.magnitudeMw.toFixed(1)} earthquake in ${largest.year}, ${formatKm(largest.distanceKm)} away (the largest within ${EARTHQUAKE_RADIUS_KM} km, NSHA18)`, largest.distanceKm, 'km', 'raises'));
    }
  }
  const score = scoreForEadPct(eadPct);
  const hasData = site.stateCode !== null;
  return makeAssessment({
    hazard: 'earthquake',
    baselineScore: score,
    score,
    // A rate from a handful of events in a 100 km circle is uncertain (±15) unless a listed city's Z decides (±10).
    uncertainty: place && isFloor ? 10 : 15,
    hasData,
    dataNote: hasData
      ? `Gutenberg-Richter rate from the NSHA18 catalogue (declustered, 1840-2017) within ${EARTHQUAKE_RADIUS_KM} km, with the AS 1170.4 hazard factor as a floor (listed cities only; verify Z against the standard before design use)${hasCatalogue ? '' : '; the catalogue is not loaded, so only the floor applies'}`
      : 'No earthquake data for this place',
    factors,
    dataUsed: hasCatalogue ? [DATA_SETS.nsha18] : [],
    method: EARTHQUAKE_METHOD,
    scenario,
    year,
    tables: [SEISMIC_HAZARD],
  });
}

/**
 * Earthquake assessment of a place.
 * @example assess({ lat: -31.6, lng: 117.0 }, context, 'low', 2025) // Meckering: above Perth
 */
export function assess(location: HazardLocation, context: HazardContext, scenario: ClimateScenario, year: number): HazardAssessment {
  return assessEarthquakeAt(locateSite(location, context), context, scenario, year);
}
