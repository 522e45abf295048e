/**
 * Earthquake (method earthquake-v1): the AS 1170.4 hazard factor Z (500-year PGA on rock, g) of
 * the nearest listed city within 100 km, at least the national minimum 0.08, and the largest
 * historical earthquakes (ISC-GEM) within 100 km.
 *
 * Expected damage: EAD% = 0.03 x (Z / 0.08)^2 x (1 + sum over events of (Mw - 5) x (1 - d/100)),
 * then score = 40 + 30 log5(EAD / 0.2) (the shared mapping). The 0.03 %/yr at Z = 0.08 and the
 * square law are PropGuard calibrations (Australian earthquake losses are small next to flood,
 * fire and cyclone). Examples: Sydney (Z 0.08, no event) -> 0.03 % -> score 5; Newcastle
 * (Z 0.11) -> 0.057 % -> 17.
 * No projection: earthquakes do not change with climate.
 */
import type { ClimateScenario, HazardAssessment, HazardFactor } from '@propguard/schemas';
import { DATA_SETS, factor, formatKm, makeAssessment } from './common.ts';
import { locateSite, type HazardContext, type Site } from './context.ts';
import { distanceKm } from './geo.ts';
import { MIN_HAZARD_FACTOR_Z, SEISMIC_HAZARD, SEISMIC_PLACES, scoreForEadPct } from './reference-tables.ts';
import type { HazardLocation } from './types.ts';

export const EARTHQUAKE_METHOD = 'earthquake-v1';
export const EARTHQUAKE_RADIUS_KM = 100;
const EAD_AT_MIN_Z_PCT = 0.03;
const MIN_EVENT_MAGNITUDE = 5;

/**
 * Expected annual damage, %, from the hazard factor and the historical events nearby.
 * @example earthquakeEadPct(0.11, []) // 0.03 x (0.11/0.08)^2 = 0.0567
 */
export function earthquakeEadPct(hazardFactorZ: number, events: readonly { magnitudeMw: number; distanceKm: number }[]): number {
  let weight = 0;
  for (const event of events) {
    if (event.distanceKm >= EARTHQUAKE_RADIUS_KM) continue;
    weight += Math.max(0, event.magnitudeMw - MIN_EVENT_MAGNITUDE) * (1 - event.distanceKm / EARTHQUAKE_RADIUS_KM);
  }
  return EAD_AT_MIN_Z_PCT * (hazardFactorZ / MIN_HAZARD_FACTOR_Z) ** 2 * (1 + weight);
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
  factors.push(
    factor(
      'hazard-factor',
      place
        ? `AS 1170.4 hazard factor Z = ${z.toFixed(2)} g${place.z < MIN_HAZARD_FACTOR_Z ? ` (${place.name} ${place.z.toFixed(2)}, raised to the national minimum)` : ` (${place.name}, ${formatKm(place.distanceKm)})`}`
        : `AS 1170.4 national minimum hazard factor Z = ${z.toFixed(2)} g (no listed city within ${EARTHQUAKE_RADIUS_KM} km)`,
      z,
      'g',
      z > MIN_HAZARD_FACTOR_Z ? 'raises' : 'neutral',
    ),
  );
  const events: { magnitudeMw: number; distanceKm: number; year: string }[] = [];
  for (const quake of context.data.earthquakes) {
    if (quake.magnitudeMw === null) continue;
    const d = distanceKm(site.lat, site.lng, quake.lat, quake.lng);
    if (d < EARTHQUAKE_RADIUS_KM) events.push({ magnitudeMw: quake.magnitudeMw, distanceKm: d, year: quake.originTime.slice(0, 4) });
  }
  events.sort((a, b) => a.distanceKm - b.distanceKm);
  for (const event of events) {
    factors.push(factor('historical-earthquake', `Mw ${event.magnitudeMw.toFixed(1)} earthquake in ${event.year}, ${formatKm(event.distanceKm)} away (ISC-GEM)`, event.distanceKm, 'km', 'raises'));
  }
  if (events.length === 0) factors.push(factor('historical-earthquake', `No earthquake of Mw 5.5 or more within ${EARTHQUAKE_RADIUS_KM} km in the ISC-GEM catalogue (1900-2012)`, null, null, 'neutral'));
  const score = scoreForEadPct(earthquakeEadPct(z, events));
  const hasData = site.stateCode !== null;
  return makeAssessment({
    hazard: 'earthquake',
    baselineScore: score,
    score,
    uncertainty: place ? 10 : 15,
    hasData,
    dataNote: hasData ? 'Hazard factors for listed cities only; the catalogue lists only the largest events (the 1989 Newcastle earthquake, ML 5.6, is not in it)' : 'No earthquake data for this place',
    factors,
    dataUsed: [DATA_SETS.iscgem],
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
