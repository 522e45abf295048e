/**
 * `buildClimateDashboard`: the Climate dashboard of SPEC.md (section 2) for one property: the four
 * hazard cards, the projections table, a ten-year series, mitigation recommendations and the
 * climate metrics we have real series for.
 *
 * Mitigation rule (mitigation-v1, docs/methodology/hazards.md):
 *   building value B = property value x 0.35 (SPEC.md demo breakdown: building 35 %);
 *   expected annual damage D = B x eadPctForScore(score) / 100;
 *   cost C = base cost x clamp(B / 350,000, 0.5, 2) (table MITIGATION_COSTS);
 *   annual benefit = D x the measure's damage reduction; ROI years = C / benefit.
 * Example: flood score 70, property $1,000,000: B = 350,000; D = 350,000 x 1 % = 3,500;
 *   C = 50,000 x 1 = 50,000; benefit = 3,500 x 0.4 = 1,400; ROI = 35.7 years.
 * A hazard gets a recommendation from a score of 20; priority follows its risk level.
 */
import {
  HAZARD_LABELS,
  HAZARD_YEAR_MIN,
  type ClimateDashboard,
  type ClimateMetric,
  type ClimateProjectionRow,
  type ClimateScenario,
  type HazardAssessment,
  type MitigationItem,
} from '@propguard/schemas';
import { assessSite, buildReport, SITE_ASSESSORS } from './assess-hazards.ts';
import { locateSite, type HazardContext, type Site } from './context.ts';
import { regionalAverage, regionalChange, PRESENT_GWL_C, seaLevelRiseM } from './projections.ts';
import {
  BUILDING_VALUE_SHARE,
  MITIGATION_COSTS,
  MITIGATION_MEASURES,
  REFERENCE_BUILDING_VALUE_AUD,
  eadPctForScore,
  globalWarmingLevelC,
} from './reference-tables.ts';
import type { HazardLocation } from './types.ts';

export const DASHBOARD_CARD_HAZARDS = ['flood', 'fire', 'coastal', 'cyclone'] as const;
export const PROJECTION_YEARS = [2030, 2050, 2090] as const;
/** Offsets of the ten-year series from the present year. */
export const TEN_YEAR_OFFSETS = [0, 3, 6, 10] as const;
export const MITIGATION_MIN_SCORE = 20;
export const MITIGATION_METHOD = 'mitigation-v1';

/** Mean national temperature anomaly over 2000-2019 vs 1961-1990 (BoM), the observed base the ACS changes add to. */
function observedAnomalyC(context: HazardContext): number | null {
  const values = context.data.annualClimate.filter((row) => row.year >= 2000 && row.year <= 2019 && row.tmeanAnomalyC !== null).map((row) => row.tmeanAnomalyC!);
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

function projectionRow(site: Site, context: HazardContext, scenario: ClimateScenario, year: number, observedC: number | null): ClimateProjectionRow {
  const gwl = globalWarmingLevelC(scenario, year);
  const region = site.region?.id ?? null;
  const temperature = region ? regionalChange(context, 'TGm', region, gwl) : null;
  const rainfall = region ? regionalChange(context, 'RX1D', region, gwl) : null;
  const sources = [
    'IPCC AR6 WG1 Table SPM.1 (warming level)',
    'IPCC AR6 WG1 Tables 9.9/9.10 via ACS NCRA coastal hazards (sea-level rise)',
  ];
  if (temperature) sources.push(`ACS/NCRA TGm change vs GWL 1.2 for ${site.region!.name}${observedC !== null ? ', plus BoM observed 2000-2019 mean anomaly vs 1961-1990' : ''}`);
  if (rainfall) sources.push(`ACS/NCRA RX1D (wettest day) change for ${site.region!.name}`);
  return {
    year,
    scenario,
    warmingLevelC: gwl,
    temperatureChangeC: temperature && observedC !== null ? Math.round((observedC + temperature.value) * 100) / 100 : null,
    rainfallChangePct: rainfall ? Math.round(rainfall.value * 10) / 10 : null,
    seaLevelRiseM: Math.round(seaLevelRiseM(context, scenario, year) * 100) / 100,
    floodRisk: SITE_ASSESSORS.flood(site, context, scenario, year).score,
    fireRisk: SITE_ASSESSORS.fire(site, context, scenario, year).score,
    sources,
  };
}

function formatAud(value: number): string {
  return `$${Math.round(value).toLocaleString('en-AU')}`;
}

/**
 * A mitigation item for one assessment, or null below MITIGATION_MIN_SCORE or without data.
 * @example mitigationFor(floodAssessment70, 1_000_000) // cost 50,000, benefit 1,400/yr, ROI 35.7 years
 */
export function mitigationFor(assessment: HazardAssessment, propertyValueAud: number | null): MitigationItem | null {
  if (!assessment.hasData || assessment.score < MITIGATION_MIN_SCORE) return null;
  const measure = MITIGATION_MEASURES[assessment.hazard];
  const priority = assessment.level;
  const rule = `${MITIGATION_METHOD} (${MITIGATION_COSTS.id} v${MITIGATION_COSTS.version}): building = ${BUILDING_VALUE_SHARE * 100}% of the property value; expected annual damage = building x ${eadPctForScore(assessment.score).toFixed(3)}% (score ${assessment.score}); cost = ${formatAud(measure.baseCostAud)} x building / ${formatAud(REFERENCE_BUILDING_VALUE_AUD)} (0.5-2x; ${measure.costSource}); benefit = ${Math.round(measure.damageReduction * 100)}% of the damage`;
  if (propertyValueAud === null) {
    return {
      hazard: assessment.hazard,
      type: measure.type,
      priority,
      costAud: measure.baseCostAud,
      annualBenefitAud: 0,
      roiYears: null,
      timeline: measure.timeline,
      impact: `Cuts expected ${HAZARD_LABELS[assessment.hazard].toLowerCase()} damage by about ${Math.round(measure.damageReduction * 100)}% (give a property value for dollars)`,
      actions: measure.actions,
      rule: `${rule}. No property value given: cost is the reference-building cost and the benefit is not computed`,
    };
  }
  const buildingValueAud = propertyValueAud * BUILDING_VALUE_SHARE;
  const annualDamageAud = (buildingValueAud * eadPctForScore(assessment.score)) / 100;
  const scale = Math.max(0.5, Math.min(2, buildingValueAud / REFERENCE_BUILDING_VALUE_AUD));
  const costAud = Math.round(measure.baseCostAud * scale);
  const annualBenefitAud = Math.round(annualDamageAud * measure.damageReduction);
  return {
    hazard: assessment.hazard,
    type: measure.type,
    priority,
    costAud,
    annualBenefitAud,
    roiYears: annualBenefitAud > 0 ? Math.round((costAud / annualBenefitAud) * 10) / 10 : null,
    timeline: measure.timeline,
    impact: `Cuts expected ${HAZARD_LABELS[assessment.hazard].toLowerCase()} damage by about ${Math.round(measure.damageReduction * 100)}% (${formatAud(annualBenefitAud)} of ${formatAud(annualDamageAud)} a year)`,
    actions: measure.actions,
    rule,
  };
}

function climateMetrics(site: Site, context: HazardContext): ClimateMetric[] {
  const region = site.region;
  const temperature = region ? regionalAverage(context, 'TGm', region.id, PRESENT_GWL_C) : null;
  const missing = (id: ClimateMetric['id'], label: string, unit: string, what: string): ClimateMetric => ({
    id,
    label,
    value: null,
    unit,
    detail: `Not available: no ${what} series in PropGuard's data`,
    source: null,
  });
  return [
    temperature !== null && region
      ? {
          id: 'temperature',
          label: 'Temperature',
          value: Math.round(temperature * 10) / 10,
          unit: '°C',
          detail: `Annual mean daily temperature of ${region.name} at present warming (GWL 1.2 °C), CMIP6 downscaled ensemble median`,
          source: 'Australian Climate Service, NCRA hazard metrics (TGm)',
        }
      : missing('temperature', 'Temperature', '°C', 'regional temperature'),
    missing('humidity', 'Humidity', '%', 'humidity'),
    missing('windSpeed', 'Wind speed', 'km/h', 'wind speed'),
    missing('airQuality', 'Air quality', '/100', 'air quality'),
    missing('carbonLevel', 'CO2 level', 'ppm', 'atmospheric CO2'),
    missing('uvIndex', 'UV index', '/10', 'UV index'),
  ];
}

/**
 * The Climate dashboard for a place; `propertyValueAud` (whole dollars) scales the mitigation
 * costs and benefits, null leaves benefits uncomputed.
 * @example buildClimateDashboard({ lat: -28.81, lng: 153.28 }, context, 'high', 850_000).recommendations[0]
 */
export function buildClimateDashboard(location: HazardLocation, context: HazardContext, scenario: ClimateScenario, propertyValueAud: number | null): ClimateDashboard {
  const site = locateSite(location, context);
  const assessments = assessSite(site, context, scenario, HAZARD_YEAR_MIN);
  const report = buildReport(site, assessments, scenario, HAZARD_YEAR_MIN);
  const byHazard = new Map(assessments.map((assessment) => [assessment.hazard, assessment]));
  const observedC = observedAnomalyC(context);
  const projections: ClimateProjectionRow[] = [];
  for (const year of PROJECTION_YEARS) for (const rowScenario of ['low', 'high'] as const) projections.push(projectionRow(site, context, rowScenario, year, observedC));
  const tenYear = TEN_YEAR_OFFSETS.map((offset) => {
    const year = HAZARD_YEAR_MIN + offset;
    const score = (hazard: (typeof DASHBOARD_CARD_HAZARDS)[number]) => SITE_ASSESSORS[hazard](site, context, scenario, year).score;
    return { year, flood: score('flood'), fire: score('fire'), coastal: score('coastal'), cyclone: score('cyclone') };
  });
  const recommendations = [...assessments]
    .sort((a, b) => b.score - a.score)
    .map((assessment) => mitigationFor(assessment, propertyValueAud))
    .filter((item): item is MitigationItem => item !== null);
  return {
    report,
    cards: DASHBOARD_CARD_HAZARDS.map((hazard) => byHazard.get(hazard)!),
    projections,
    tenYear,
    recommendations,
    metrics: climateMetrics(site, context),
    propertyValueAud,
  };
}
