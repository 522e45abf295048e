/**
 * Earthquake (method earthquake-v3): the likelihood of a damaging earthquake near the property from
 * the Geoscience Australia NSHA18 catalogue (declustered: mainshocks only), by Gutenberg-Richter
 * rates in a 100 km circle and the strongest shaking the catalogue's complete record put on the
 * site, with the AS 1170.4 hazard factor Z as a floor.
 *
 * 1. Rate of Mw >= 5 within 100 km, per year, by the maximum-likelihood estimate with a fixed
 *    b-value over two complete magnitude-period bins (Weichert 1980, BSSA 70:1337-1346):
 *      bin A: 3.5 <= Mw < 5 since 1970 (T_A = 47.5 years to mid-2017),
 *      bin B: Mw >= 5 since 1910 (T_B = 107.5 years),
 *      rate5 = (n_A + n_B) / ((10^(1.5 b) - 1) x T_A + T_B),   b = 1.0.
 * 2. Expected damage: the larger of the floor 0.03 x (Z / 0.08)^2 %/yr (earthquake-v1's
 *    calibration) and the catalogue term 0.03 x (rate5 / 0.005)^(2/3) %/yr, and (earthquake-v3) the
 *    recorded-shaking term 0.03 x (Z_rec / 0.08)^2 (step 3), then the shared mapping
 *    score = 40 + 30 log5(EAD / 0.2). 0.005/yr (one Mw >= 5 within 100 km in 200 years) is the
 *    median rate of the eight capitals and Newcastle, where the national minimum Z applies; the
 *    exponent 2/3 = 2/k turns a rate into the square of a ground motion for a hazard curve of slope
 *    k = 3 (PropGuard's assumption, typical of low-seismicity regions).
 * 3. Recorded shaking (earthquake-v3): for every event of Mw >= 5 since 1910 within 200 km, the
 *    intensity at the site by the Allen, Wald and Worden (2012) hypocentral intensity prediction
 *    equation (depth at least 5 km), converted to PGA by Worden et al. (2012); the strongest, read
 *    as the 2,500-year motion (large Australian earthquakes recur at a point over thousands of
 *    years), gives a 500-year motion Z_rec = PGA x (500 / 2500)^(1/3) on the same slope k = 3.
 *    earthquake-v2 counted a Mw 6.8 at 0 km like a Mw 3.5 at 99 km: places at the epicentres of
 *    the largest onshore earthquakes scored 5-23, below Canberra's 20 (docs/methodology/hazards.md).
 * Example: Canberra, n_A = 26, n_B = 0: rate5 = 26 / (30.62 x 47.5 + 107.5) = 0.0166/yr;
 * 0.03 x 3.33^(2/3) = 0.067 %/yr -> score 20 (no Mw 5+ within 200 km since 1910). No projection:
 * earthquakes do not change with climate.
 */
import type { ClimateScenario, HazardAssessment, HazardFactor } from '@propguard/schemas';
import { DATA_SETS, factor, formatKm, makeAssessment } from './common.ts';
import { forEachPointWithin, locateSite, siteLookup, type HazardContext, type Site } from './context.ts';
import { distanceKm } from './geo.ts';
import { GR_BINS, MIN_HAZARD_FACTOR_Z, SEISMIC_HAZARD, SEISMIC_PLACES, scoreForEadPct } from './reference-tables.ts';

export { GR_BINS } from './reference-tables.ts';
import type { HazardLocation } from './types.ts';

export const EARTHQUAKE_METHOD = 'earthquake-v3';
export const EARTHQUAKE_RADIUS_KM = 100;
const EAD_AT_MIN_Z_PCT = 0.03;
/** Gutenberg-Richter b-value (Gutenberg and Richter 1944); not fitted in a 100 km circle, where counts are small. */
export const GR_B_VALUE = 1.0;
/** The declustered catalogue ends in mid-2017. */
export const CATALOGUE_END_YEAR = 2017.5;
/** Rate of Mw >= 5 within 100 km at which the catalogue term equals the national-minimum floor, per year. */
export const REFERENCE_RATE_PER_YEAR = 0.005;
const HAZARD_CURVE_SLOPE = 3;
/** Recorded shaking (earthquake-v3): events of Mw >= 5 since 1910 within this distance, km. */
export const SHAKING_RADIUS_KM = 200;
/** Hypocentral depth at least this, km (the catalogue fixes unknown depths at 0 or 10). */
const MIN_DEPTH_KM = 5;
/** The strongest recorded shaking is read as the motion of this return period, years (AS 1170.4 importance level 4; NSHA18's 2 % in 50 years). */
export const RECORDED_SHAKING_RETURN_YEARS = 2500;

/**
 * Modified Mercalli intensity at hypocentral distance r km from an earthquake of moment magnitude
 * m: Allen, Wald and Worden (2012, J. Seismology 16:409-433), hypocentral form,
 * MMI = 2.085 + 1.428 m - 1.402 ln(sqrt(r^2 + R_M^2)) + 0.078 ln(r / 50) beyond 50 km,
 * R_M = -0.209 + 2.042 exp(m - 5).
 * @example intensityAt(6.58, 10) // 7.79 (Meckering 1968 at 10 km depth)
 */
export function intensityAt(magnitudeMw: number, hypocentralKm: number): number {
  const nearSourceKm = -0.209 + 2.042 * Math.exp(magnitudeMw - 5);
  const far = hypocentralKm > 50 ? 0.078 * Math.log(hypocentralKm / 50) : 0;
  return 2.085 + 1.428 * magnitudeMw - 1.402 * Math.log(Math.sqrt(hypocentralKm ** 2 + nearSourceKm ** 2)) + far;
}

/**
 * Peak ground acceleration, g, of a Modified Mercalli intensity (Worden et al. 2012, BSSA
 * 102:204-221, PGA in cm/s2: MMI = 1.78 + 1.55 log10 PGA below MMI 4.22, -1.60 + 3.70 log10 PGA above).
 * @example pgaForIntensity(7.79) // 0.35
 */
export function pgaForIntensity(mmi: number): number {
  const logPga = mmi >= 4.22 ? (mmi + 1.6) / 3.7 : (mmi - 1.78) / 1.55;
  return 10 ** logPga / 981;
}

/**
 * 500-year motion, g, implied by the strongest recorded shaking PGA (read as the
 * RECORDED_SHAKING_RETURN_YEARS motion, on a hazard curve of slope k = 3).
 * @example recordedShakingFactorZ(0.35) // 0.35 x 0.2^(1/3) = 0.205
 */
export function recordedShakingFactorZ(pgaG: number): number {
  return pgaG * (500 / RECORDED_SHAKING_RETURN_YEARS) ** (1 / HAZARD_CURVE_SLOPE);
}

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
 * Expected annual damage, %: the largest of the AS 1170.4 floor, the catalogue rate term and
 * (earthquake-v3) the recorded-shaking term, whose 500-year motion enters like Z.
 * @example earthquakeEadPct(0.11, 0) // 0.03 x (0.11/0.08)^2 = 0.0567
 * @example earthquakeEadPct(0.08, 0.04) // 0.03 x 8^(2/3) = 0.12
 * @example earthquakeEadPct(0.08, 0, 0.205) // 0.03 x (0.205/0.08)^2 = 0.197
 */
export function earthquakeEadPct(hazardFactorZ: number, ratePerYear: number, recordedFactorZ = 0): number {
  const floor = EAD_AT_MIN_Z_PCT * (hazardFactorZ / MIN_HAZARD_FACTOR_Z) ** 2;
  const catalogue = EAD_AT_MIN_Z_PCT * (Math.max(0, ratePerYear) / REFERENCE_RATE_PER_YEAR) ** (2 / HAZARD_CURVE_SLOPE);
  const recorded = EAD_AT_MIN_Z_PCT * (Math.max(0, recordedFactorZ) / MIN_HAZARD_FACTOR_Z) ** 2;
  return Math.max(floor, catalogue, recorded);
}

function yearOf(originTime: string): number {
  return Number(originTime.slice(0, 4));
}

/** What the catalogue says within EARTHQUAKE_RADIUS_KM of a site: the two bins' counts and the largest Mw 5+ event. */
interface CatalogueCounts {
  smallCount: number;
  damagingCount: number;
  largest: { magnitudeMw: number; year: number; distanceKm: number } | null;
  /** The event of Mw 5+ since 1910 within SHAKING_RADIUS_KM that shook the site hardest (earthquake-v3). */
  strongest: { magnitudeMw: number; year: number; distanceKm: number; mmi: number; pgaG: number } | null;
}

function countCatalogue(site: Site, context: HazardContext): CatalogueCounts {
  const counts: CatalogueCounts = { smallCount: 0, damagingCount: 0, largest: null, strongest: null };
  forEachPointWithin(context.earthquakeIndex, site.lat, site.lng, SHAKING_RADIUS_KM, (item, d) => {
    const magnitude = item.magnitudeMw!;
    const eventYear = yearOf(item.originTime);
    if (magnitude >= GR_BINS.damaging.minMw && eventYear >= GR_BINS.damaging.fromYear) {
      const mmi = intensityAt(magnitude, Math.hypot(d, Math.max(MIN_DEPTH_KM, item.depthKm ?? 0)));
      if (counts.strongest === null || mmi > counts.strongest.mmi) counts.strongest = { magnitudeMw: magnitude, year: eventYear, distanceKm: d, mmi, pgaG: pgaForIntensity(mmi) };
    }
    if (d > EARTHQUAKE_RADIUS_KM) return;
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
  const { smallCount, damagingCount, largest, strongest } = siteLookup(site, 'earthquake-catalogue', () => countCatalogue(site, context));
  const rate = damagingQuakeRatePerYear(smallCount, damagingCount);
  const recordedZ = strongest ? recordedShakingFactorZ(strongest.pgaG) : 0;
  const floorPct = EAD_AT_MIN_Z_PCT * (z / MIN_HAZARD_FACTOR_Z) ** 2;
  const eadPct = earthquakeEadPct(z, rate, recordedZ);
  const isFloor = eadPct <= floorPct;
  const recordedDecides = !isFloor && eadPct === earthquakeEadPct(0, 0, recordedZ);
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
        isFloor || recordedDecides ? 'neutral' : 'raises',
      ),
    );
    if (strongest) {
      factors.push(
        factor(
          'recorded-shaking',
          `Strongest recorded shaking: intensity ${strongest.mmi.toFixed(1)} (about ${strongest.pgaG.toFixed(2)} g) from the Mw ${strongest.magnitudeMw.toFixed(1)} earthquake of ${strongest.year}, ${formatKm(strongest.distanceKm)} away; read as the ${RECORDED_SHAKING_RETURN_YEARS.toLocaleString('en-AU')}-year motion, a 500-year motion of ${recordedZ.toFixed(2)} g${recordedDecides ? ': decides' : ''}`,
          recordedZ,
          'g',
          recordedDecides ? 'raises' : 'neutral',
        ),
      );
    }
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
    // A rate from a handful of events in a 100 km circle, or one event's shaking, is uncertain (±15) unless a listed city's Z decides (±10).
    uncertainty: place && isFloor ? 10 : 15,
    hasData,
    dataNote: hasData
      ? `Gutenberg-Richter rate from the NSHA18 catalogue (declustered, 1840-2017) within ${EARTHQUAKE_RADIUS_KM} km and the strongest shaking of its Mw 5+ events since 1910 within ${SHAKING_RADIUS_KM} km, with the AS 1170.4 hazard factor as a floor (listed cities only; verify Z against the standard before design use)${hasCatalogue ? '' : '; the catalogue is not loaded, so only the floor applies'}`
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
