/**
 * Bushfire (method fire-v1): the share of the suburb that is officially bushfire-prone (state
 * overlays via 360info, joined to the ABS suburb containing the point by SAL_CODE21) and the
 * satellite fire activity within 50 km (NASA FIRMS MODIS, Aug-Sep 2019); projected by the
 * regional change in days of severe fire weather (ACS hazard_fire, FFDI > 50).
 *
 * Baseline score (docs/methodology/hazards.md, "Bushfire"):
 *   score = 40 x proneShare + 0.3 x activity,
 *   activity = 100 x min(1, log10(1 + n) / log10(1 + 1000)), n = detections (confidence >= 50)
 *   within 50 km. Calibration (PropGuard, on the shared damage scale): a wholly bushfire-prone
 *   suburb with no fire nearby sits at the Medium threshold (40 = 0.2 %/yr of the replacement
 *   cost); saturating fire activity adds up to 30 points (expected damage x 5). Designated
 *   bushfire-prone land covers most of rural Australia (median suburb share 0.73), so the share
 *   alone must not reach High. Example: proneShare 0.83, n = 34 -> 33.2 + 0.3 x 51.5 = 48.6.
 * Projection: expected damage x (1 + extra FFDI>50 days a year / 20) — PropGuard's elasticity:
 * 20 more severe fire-weather days a year double the expected damage (no published elasticity in
 * our data; most house losses occur on such days, Blanchi et al. 2010).
 */
import type { ClimateScenario, HazardAssessment, HazardDataUsed, HazardFactor } from '@propguard/schemas';
import { DATA_SETS, dedupe, factor, formatKm, makeAssessment } from './common.ts';
import { countPointsWithin, locateSite, siteLookup, type HazardContext, type Site } from './context.ts';
import { fireWeatherChangeDays, PRESENT_GWL_C } from './projections.ts';
import { WARMING_LEVELS, globalWarmingLevelC, scaleScoreByDamageRatio } from './reference-tables.ts';
import type { HazardLocation } from './types.ts';

export const FIRE_METHOD = 'fire-v1';
export const FIRE_ACTIVITY_RADIUS_KM = 50;
/** Score points of a wholly bushfire-prone suburb, and weight of the 0-100 fire activity. */
const PRONE_POINTS = 40;
const ACTIVITY_WEIGHT = 0.3;
const ACTIVITY_SATURATION_DETECTIONS = 1000;
/** Extra FFDI > 50 days a year that double expected fire damage (PropGuard assumption). */
export const FFDI_DAYS_DOUBLING = 20;

/**
 * Fire activity 0-100 from a count of detections: log-scaled, saturating at 1,000.
 * @example fireActivityScore(34) // 100 x log10(35) / log10(1001) = 51.5
 */
export function fireActivityScore(detections: number): number {
  return 100 * Math.min(1, Math.log10(1 + Math.max(0, detections)) / Math.log10(1 + ACTIVITY_SATURATION_DETECTIONS));
}

/** GFED state totals: median full fire year and the 2019/20 season to date. */
function stateFireContext(context: HazardContext, stateCode: string | null): HazardFactor | null {
  if (!stateCode) return null;
  const rows = context.data.stateFireYears.filter((row) => row.state === stateCode);
  if (rows.length === 0) return null;
  const full = rows.filter((row) => row.lastDay >= 365).map((row) => row.totalFireCount).sort((a, b) => a - b);
  const median = full.length > 0 ? full[Math.floor(full.length / 2)]! : null;
  const latest = rows.reduce((a, b) => (b.fireYear > a.fireYear ? b : a));
  return factor(
    'state-fire-years',
    `${stateCode}: ${latest.totalFireCount.toLocaleString('en-AU')} MODIS fire detections in fire year ${latest.fireYear}${latest.lastDay < 365 ? ` (to day ${latest.lastDay})` : ''}${median !== null ? `, median full year ${median.toLocaleString('en-AU')}` : ''} (GFED)`,
    latest.totalFireCount,
    'detections',
    'neutral',
  );
}

/** Bushfire at an already located site (assessHazards locates once for all six). */
export function assessFireAt(site: Site, context: HazardContext, scenario: ClimateScenario, year: number): HazardAssessment {
  const factors: HazardFactor[] = [];
  const dataUsed: HazardDataUsed[] = [];
  const prone = site.suburb ? context.bushfireBySal.get(site.suburb.salCode) : undefined;
  if (prone) {
    factors.push(factor('bushfire-prone-share', `${Math.round(prone.proneShare * 100)}% of ${prone.name} is designated bushfire-prone land`, prone.proneShare * 100, '%', prone.proneShare > 0 ? 'raises' : 'lowers'));
    dataUsed.push(DATA_SETS.suburbs, DATA_SETS.bushfireProne);
  }
  const nearby = siteLookup(site, 'fire-detections', () => countPointsWithin(context.fireIndex, site.lat, site.lng, FIRE_ACTIVITY_RADIUS_KM));
  const activity = fireActivityScore(nearby.count);
  // Coverage: the place is in Australia and the detection archive is loaded (FIRMS covers the whole country).
  const inAustralia = site.stateCode !== null && context.data.fireDetections.length > 0;
  if (inAustralia) {
    const period = context.firePeriod ? 'Aug-Sep 2019' : 'the archive';
    factors.push(
      factor(
        'fire-detections',
        nearby.nearestKm !== null
          ? `${nearby.count} fire detections within ${FIRE_ACTIVITY_RADIUS_KM} km in ${period}, the closest ${formatKm(nearby.nearestKm)} away`
          : `No fire detections within ${FIRE_ACTIVITY_RADIUS_KM} km in ${period}`,
        nearby.count,
        'detections',
        nearby.count > 0 ? 'raises' : 'lowers',
      ),
    );
    dataUsed.push(DATA_SETS.firms);
    const state = stateFireContext(context, site.stateCode);
    if (state) {
      factors.push(state);
      dataUsed.push(DATA_SETS.gfed);
    }
  }
  const hasData = inAustralia || prone !== undefined;
  const baselineScore = prone ? PRONE_POINTS * prone.proneShare + ACTIVITY_WEIGHT * activity : ACTIVITY_WEIGHT * activity;
  let score = baselineScore;
  const gwl = globalWarmingLevelC(scenario, year);
  if (hasData && site.region && gwl > PRESENT_GWL_C) {
    const change = fireWeatherChangeDays(context, site.region.id, gwl);
    if (change) {
      score = scaleScoreByDamageRatio(baselineScore, 1 + change.value / FFDI_DAYS_DOUBLING);
      factors.push(
        factor('ffdi-change', `${change.value >= 0 ? '+' : ''}${change.value.toFixed(1)} days a year with FFDI above 50 in ${site.region.name} at ${gwl.toFixed(1)} °C global warming (ACS)`, change.value, 'days/yr', change.value > 0 ? 'raises' : 'neutral'),
      );
      dataUsed.push(DATA_SETS.ncra);
    }
  }
  return makeAssessment({
    hazard: 'fire',
    baselineScore,
    score,
    // The suburb share is an official overlay (±15); without it only two months of detections (±30).
    uncertainty: prone ? 15 : 30,
    hasData,
    dataNote: !hasData
      ? 'No bushfire data for this place: it is outside the Australian suburbs and states in our data'
      : prone
        ? 'Suburb-level share of bushfire-prone land, not a property-level flag; fire detections cover only Aug-Sep 2019'
        : 'No bushfire-prone mapping for this place (no suburb polygon); the score rests on Aug-Sep 2019 fire detections only',
    factors,
    dataUsed: dedupe(dataUsed),
    method: FIRE_METHOD,
    scenario,
    year,
    tables: [WARMING_LEVELS],
  });
}

/**
 * Bushfire assessment of a place.
 * @example assess({ lat: -37.56, lng: 149.75 }, context, 'high', 2025) // Mallacoota: High
 */
export function assess(location: HazardLocation, context: HazardContext, scenario: ClimateScenario, year: number): HazardAssessment {
  return assessFireAt(locateSite(location, context), context, scenario, year);
}
