/**
 * Subsidence and geological (method subsidence-v2): known mine subsidence districts and reactive
 * (expansive) clay regions from the reference table SUBSIDENCE_AREAS; the clay part is projected
 * by the regional change in drought (ACS/NCRA SPI3: % of time in meteorological drought), since
 * shrink-swell movement follows soil drying.
 *
 * Baseline score: inside a mine subsidence district 65; within 5 km of one 35; inside a reactive
 * clay region 40 (AS 2870 class H/E sites are common there); the score is the larger. Where
 * neither applies nothing was assessed: the district check is reported as a fact (a factor) and
 * the hazard is "No data" (hasData false), never 0 / Low — the reference table is not a national
 * soil reactivity map (issue 18, requirement 6).
 * Projection of the clay part: expected damage x (1 + SPI3 change % / 100).
 */
import type { ClimateScenario, HazardAssessment, HazardDataUsed, HazardFactor } from '@propguard/schemas';
import { DATA_SETS, dedupe, factor, formatKm, makeAssessment } from './common.ts';
import { locateSite, type HazardContext, type Site } from './context.ts';
import { distanceKm } from './geo.ts';
import { regionalChange, PRESENT_GWL_C } from './projections.ts';
import { MINE_SUBSIDENCE_DISTRICTS, REACTIVE_CLAY_REGIONS, SUBSIDENCE_AREAS, WARMING_LEVELS, globalWarmingLevelC, scaleScoreByDamageRatio } from './reference-tables.ts';
import type { HazardLocation } from './types.ts';

export const SUBSIDENCE_METHOD = 'subsidence-v2';
const MINE_DISTRICT_SCORE = 65;
const NEAR_MINE_DISTRICT_SCORE = 35;
const NEAR_MINE_DISTRICT_KM = 5;
const REACTIVE_CLAY_SCORE = 40;

/** Subsidence at an already located site. */
export function assessSubsidenceAt(site: Site, context: HazardContext, scenario: ClimateScenario, year: number): HazardAssessment {
  const factors: HazardFactor[] = [];
  const dataUsed: HazardDataUsed[] = [];
  let mineScore = 0;
  let nearest: { name: string; edgeKm: number } | null = null;
  for (const district of MINE_SUBSIDENCE_DISTRICTS) {
    const edgeKm = distanceKm(site.lat, site.lng, district.lat, district.lng) - district.radiusKm;
    if (!nearest || edgeKm < nearest.edgeKm) nearest = { name: district.name, edgeKm };
  }
  if (nearest && nearest.edgeKm <= 0) {
    mineScore = MINE_DISTRICT_SCORE;
    factors.push(factor('mine-subsidence-district', `Inside the ${nearest.name} (approximate extent)`, 0, 'km', 'raises'));
  } else if (nearest && nearest.edgeKm <= NEAR_MINE_DISTRICT_KM) {
    mineScore = NEAR_MINE_DISTRICT_SCORE;
    factors.push(factor('mine-subsidence-district', `${formatKm(nearest.edgeKm)} outside the ${nearest.name} (approximate extent)`, nearest.edgeKm, 'km', 'raises'));
  } else if (nearest) {
    factors.push(factor('mine-subsidence-district', `Not in a known mine subsidence district (checked; nearest: ${nearest.name}, ${formatKm(nearest.edgeKm)})`, nearest.edgeKm, 'km', 'neutral'));
  }
  const clay = REACTIVE_CLAY_REGIONS.find((region) => site.lat >= region.minLat && site.lat <= region.maxLat && site.lng >= region.minLng && site.lng <= region.maxLng);
  const clayBaseline = clay ? REACTIVE_CLAY_SCORE : 0;
  let clayProjected = clayBaseline;
  if (clay) factors.push(factor('reactive-clay', `In a reactive clay region: ${clay.name}`, 1, null, 'raises'));
  const gwl = globalWarmingLevelC(scenario, year);
  if (clay && site.region && gwl > PRESENT_GWL_C) {
    const change = regionalChange(context, 'SPI3', site.region.id, gwl);
    if (change) {
      clayProjected = scaleScoreByDamageRatio(clayBaseline, 1 + change.value / 100);
      factors.push(factor('drought-change', `Time in drought ${change.value >= 0 ? '+' : ''}${change.value.toFixed(1)}% in ${site.region.name} at ${gwl.toFixed(1)} °C global warming (ACS/NCRA SPI3)`, change.value, '%', change.value > 0 ? 'raises' : 'neutral'));
      dataUsed.push(DATA_SETS.ncra);
    }
  }
  const baselineScore = Math.max(mineScore, clayBaseline);
  const score = Math.max(mineScore, clayProjected);
  // Assessed only where a district or a clay region applies; elsewhere the soil is unknown.
  const isAssessed = baselineScore > 0;
  const districtFact = nearest ? ` The mine subsidence district check was made: not in a known district (nearest: ${nearest.name}, ${formatKm(Math.max(0, nearest.edgeKm))}).` : '';
  return makeAssessment({
    hazard: 'subsidence',
    baselineScore,
    score,
    // District and clay extents are approximations of official maps (±15).
    uncertainty: 15,
    hasData: isAssessed,
    dataNote: isAssessed
      ? `District and clay extents approximate the official maps (reference table ${SUBSIDENCE_AREAS.id} v${SUBSIDENCE_AREAS.version})`
      : `No data: soil reactivity is unknown here (not in a reactive clay region of our reference table, and there is no national soil reactivity or landslide map in our data).${districtFact}`,
    factors,
    dataUsed: dedupe(dataUsed),
    method: SUBSIDENCE_METHOD,
    scenario,
    year,
    tables: [WARMING_LEVELS, SUBSIDENCE_AREAS],
  });
}

/**
 * Subsidence assessment of a place.
 * @example assess({ lat: -32.93, lng: 151.75 }, context, 'high', 2025) // Newcastle: Medium
 */
export function assess(location: HazardLocation, context: HazardContext, scenario: ClimateScenario, year: number): HazardAssessment {
  return assessSubsidenceAt(locateSite(location, context), context, scenario, year);
}
