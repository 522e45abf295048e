/**
 * `assessHazards`: all six hazards for one place, scenario and year, and the overall score.
 *
 * Overall score (method overall-v1): the six scores share one damage mapping, so their expected
 * annual damages add (hazards treated as independent, so the damages of different events sum):
 *   overall = scoreForEad(sum over hazards with data of eadPctForScore(score)).
 * Example: flood 70 (1 %/yr) + fire 40 (0.2 %/yr) + the rest 0 -> 1.2 %/yr -> 40 + 30 log5(6) = 73.
 */
import { HAZARD_IDS, riskLevelFor, type ClimateScenario, type HazardAssessment, type HazardId, type HazardReport } from '@propguard/schemas';
import { clampScore } from './common.ts';
import { locateSite, type HazardContext, type Site } from './context.ts';
import { assessCoastalAt } from './coastal.ts';
import { assessCycloneAt } from './cyclone.ts';
import { assessEarthquakeAt } from './earthquake.ts';
import { assessFireAt } from './fire.ts';
import { assessFloodAt } from './flood.ts';
import { WARMING_LEVELS, eadPctForScore, scoreForEadPct } from './reference-tables.ts';
import { assessSubsidenceAt } from './subsidence.ts';
import type { HazardLocation } from './types.ts';

export const OVERALL_METHOD = 'overall-v1: score of the summed expected annual damages of the hazards with data';

type SiteAssessor = (site: Site, context: HazardContext, scenario: ClimateScenario, year: number) => HazardAssessment;

export const SITE_ASSESSORS: Readonly<Record<HazardId, SiteAssessor>> = {
  flood: assessFloodAt,
  fire: assessFireAt,
  coastal: assessCoastalAt,
  subsidence: assessSubsidenceAt,
  cyclone: assessCycloneAt,
  earthquake: assessEarthquakeAt,
};

/**
 * One hazard by id (the modules' `assess`, for callers that pick the hazard at run time).
 * @example assessHazard('fire', { lat: -37.56, lng: 149.75 }, context, 'high', 2050).level // 'High'
 */
export function assessHazard(hazard: HazardId, location: HazardLocation, context: HazardContext, scenario: ClimateScenario, year: number): HazardAssessment {
  return SITE_ASSESSORS[hazard](locateSite(location, context), context, scenario, year);
}

/**
 * Overall score from assessments: the score of their summed expected annual damage.
 * @example overallScore([{ score: 70, hasData: true }, { score: 40, hasData: true }]) // 73
 */
export function overallScore(assessments: readonly Pick<HazardAssessment, 'score' | 'hasData'>[]): number {
  let eadPct = 0;
  for (const assessment of assessments) if (assessment.hasData) eadPct += eadPctForScore(assessment.score);
  return clampScore(scoreForEadPct(eadPct));
}

/** The six assessments at an already located site, in HAZARD_IDS order. */
export function assessSite(site: Site, context: HazardContext, scenario: ClimateScenario, year: number): HazardAssessment[] {
  return HAZARD_IDS.map((hazard) => SITE_ASSESSORS[hazard](site, context, scenario, year));
}

/** The HazardReport of a located site from its six assessments (overall score included). */
export function buildReport(site: Site, assessments: HazardAssessment[], scenario: ClimateScenario, year: number): HazardReport {
  const score = overallScore(assessments);
  return {
    location: { lat: site.lat, lng: site.lng },
    locality: site.locality ? { name: site.locality.name, state: site.locality.state, postcode: site.locality.postcode, altitudeM: site.locality.altitudeM } : null,
    region: site.region,
    scenario,
    year,
    assessments,
    overall: { score, level: riskLevelFor(score), method: OVERALL_METHOD },
    projectionTable: { id: WARMING_LEVELS.id, version: WARMING_LEVELS.version },
  };
}

/**
 * All six hazards at a place for a scenario and year (2025-2100), plus the overall score.
 * @example assessHazards({ lat: -28.81, lng: 153.28 }, context, 'high', 2050).overall.level
 */
export function assessHazards(location: HazardLocation, context: HazardContext, scenario: ClimateScenario, year: number): HazardReport {
  return assessHazardsForYears(location, context, scenario, [year])[0]!;
}

/**
 * The six hazards at one place for several years of one scenario (today and the outlook year): the
 * place is located once, and each hazard's year-independent look-ups (siteLookup) are made once;
 * assessHazards is the one-year case.
 * @example const [today, future] = assessHazardsForYears(location, context, 'high', [2025, 2050]);
 */
export function assessHazardsForYears(location: HazardLocation, context: HazardContext, scenario: ClimateScenario, years: readonly number[]): HazardReport[] {
  const site = locateSite(location, context);
  return years.map((year) => buildReport(site, assessSite(site, context, scenario, year), scenario, year));
}
