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
 *   C = 50,000 x 1 = 50,000; benefit = 3,500 x 0.4 = 1,400; ROI = 35.7 years, beyond the
 *   retrofit's 30-year service life: "Does not pay for itself within 30 years".
 * A hazard gets a recommendation from a score of 20; priority follows its risk level.
 *
 * Climate Metrics (climate-metrics-v1): the ACS/NCRA regional tables at the warming level of the
 * chosen scenario and year (IPCC AR6 Table SPM.1), the ACS coastal point nearest the property and
 * IPCC AR6 sea-level rise; a figure we hold no data for is not shown (`metricsNotHeld` names it).
 */
import {
  CLIMATE_METRICS_DEFAULT_YEAR,
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
import { COASTAL_ZONE_KM, findStormTidePoint, multiplicationFactorAt } from './coastal.ts';
import { locateSite, siteLookup, type HazardContext, type Site } from './context.ts';
import { fireWeatherFigure, regionalChange, regionalFigure, PRESENT_GWL_C, seaLevelRiseM, type RegionalFigure } from './projections.ts';
import {
  BUILDING_VALUE_SHARE,
  MITIGATION_COSTS,
  MITIGATION_HORIZON_YEARS,
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
 * The payback in words: a measure pays for itself only within its service life, and never counts
 * beyond MITIGATION_HORIZON_YEARS (30): "payback 151.9 years" means it does not pay for itself.
 * @example describePayback(12.3, 30) // { paysForItself: true, payback: 'Pays for itself in about 12 years' }
 * @example describePayback(151.9, 30) // { paysForItself: false, payback: 'Does not pay for itself within 30 years' }
 */
export function describePayback(roiYears: number | null, serviceLifeYears: number): { paysForItself: boolean | null; payback: string } {
  const horizonYears = Math.min(serviceLifeYears, MITIGATION_HORIZON_YEARS);
  const within = horizonYears < MITIGATION_HORIZON_YEARS ? `within ${horizonYears} years (its assumed service life)` : `within ${horizonYears} years`;
  if (roiYears === null) return { paysForItself: null, payback: 'Payback not computed: no property value given' };
  if (!Number.isFinite(roiYears) || roiYears > horizonYears) return { paysForItself: false, payback: `Does not pay for itself ${within}` };
  const years = roiYears < 10 ? (Math.round(roiYears * 10) / 10).toLocaleString('en-AU') : String(Math.round(roiYears));
  return { paysForItself: true, payback: `Pays for itself in about ${years} year${years === '1' ? '' : 's'}` };
}

/**
 * A mitigation item for one assessment, or null below MITIGATION_MIN_SCORE or without data.
 * @example mitigationFor(floodAssessment70, 1_000_000) // cost 50,000, benefit 1,400/yr, ROI 35.7 years: does not pay for itself within 30 years
 */
export function mitigationFor(assessment: HazardAssessment, propertyValueAud: number | null): MitigationItem | null {
  if (!assessment.hasData || assessment.score < MITIGATION_MIN_SCORE) return null;
  const measure = MITIGATION_MEASURES[assessment.hazard];
  const priority = assessment.level;
  const rule = `${MITIGATION_METHOD} (${MITIGATION_COSTS.id} v${MITIGATION_COSTS.version}): building = ${BUILDING_VALUE_SHARE * 100}% of the property value; expected annual damage = building x ${eadPctForScore(assessment.score).toFixed(3)}% (score ${assessment.score}); cost = ${formatAud(measure.baseCostAud)} x building / ${formatAud(REFERENCE_BUILDING_VALUE_AUD)} (0.5-2x; ${measure.costSource}); benefit = ${Math.round(measure.damageReduction * 100)}% of the damage; it pays for itself only within its ${measure.serviceLifeYears}-year service life and ${MITIGATION_HORIZON_YEARS} years at most`;
  const common = {
    hazard: assessment.hazard,
    type: measure.type,
    priority,
    serviceLifeYears: measure.serviceLifeYears,
    protectsAgainst: measure.protectsAgainst,
    timeline: measure.timeline,
    actions: measure.actions,
  };
  const costAssumptions = (costAud: number, buildingValueAud: number | null) =>
    `${formatAud(costAud)} for ${measure.costCovers}: ${formatAud(measure.baseCostAud)} for a ${formatAud(REFERENCE_BUILDING_VALUE_AUD)} building, ` +
    (buildingValueAud === null ? 'not scaled (no property value given)' : `scaled to this building (${formatAud(buildingValueAud)}, ${BUILDING_VALUE_SHARE * 100}% of the property value; 0.5-2x)`) +
    `; source: ${measure.costSource}. Assumed to last ${measure.serviceLifeYears} years and to avoid ${Math.round(measure.damageReduction * 100)}% of the expected damage (PropGuard assumptions)`;
  if (propertyValueAud === null) {
    return {
      ...common,
      costAud: measure.baseCostAud,
      annualBenefitAud: 0,
      roiYears: null,
      ...describePayback(null, measure.serviceLifeYears),
      costAssumptions: costAssumptions(measure.baseCostAud, null),
      impact: `Cuts expected ${HAZARD_LABELS[assessment.hazard].toLowerCase()} damage by about ${Math.round(measure.damageReduction * 100)}% (give a property value for dollars)`,
      rule: `${rule}. No property value given: cost is the reference-building cost and the benefit is not computed`,
    };
  }
  const buildingValueAud = propertyValueAud * BUILDING_VALUE_SHARE;
  const annualDamageAud = (buildingValueAud * eadPctForScore(assessment.score)) / 100;
  const scale = Math.max(0.5, Math.min(2, buildingValueAud / REFERENCE_BUILDING_VALUE_AUD));
  const costAud = Math.round(measure.baseCostAud * scale);
  const annualBenefitAud = Math.round(annualDamageAud * measure.damageReduction);
  const roiYears = annualBenefitAud > 0 ? Math.round((costAud / annualBenefitAud) * 10) / 10 : null;
  return {
    ...common,
    costAud,
    annualBenefitAud,
    roiYears,
    ...(roiYears === null ? describePayback(Infinity, measure.serviceLifeYears) : describePayback(roiYears, measure.serviceLifeYears)),
    costAssumptions: costAssumptions(costAud, buildingValueAud),
    impact: `Cuts expected ${HAZARD_LABELS[assessment.hazard].toLowerCase()} damage by about ${Math.round(measure.damageReduction * 100)}% (${formatAud(annualBenefitAud)} of ${formatAud(annualDamageAud)} a year)`,
    rule,
  };
}

export const CLIMATE_METRICS_METHOD = 'climate-metrics-v1';
/** SPEC.md's Climate Metrics PropGuard holds no series for: named once, never shown empty. */
export const CLIMATE_METRICS_NOT_HELD = ['humidity', 'wind speed', 'air quality', 'CO2 level', 'UV index'] as const;
const SCENARIO_NAMES: Readonly<Record<ClimateScenario, string>> = { low: 'Low emissions (SSP1-2.6)', high: 'High emissions (SSP3-7.0)' };
const ACS_REGIONAL = 'Australian Climate Service, NCRA hazard metrics by region and global warming level';
const ACS_ENSEMBLE = 'CMIP6 downscaled ensemble (BARPA-R and CCAM, 13 simulations, SSP3-7.0), median with the range of the models';

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The Climate Metrics for a located site at a scenario and year: each figure the data we hold gives
 * for the property's NCRA region (or its nearest ACS coastal point), at the warming level of that
 * scenario and year; a figure without data is left out. Pure.
 * @example climateMetricsAt(site, context, 'high', 2030) // hot days in NSW at GWL 1.5: 48 days/yr (34-55), ...
 */
export function climateMetricsAt(site: Site, context: HazardContext, scenario: ClimateScenario, year: number): ClimateMetric[] {
  const gwl = globalWarmingLevelC(scenario, year);
  const when = year <= HAZARD_YEAR_MIN ? `today (${year}): global warming ${PRESENT_GWL_C.toFixed(1)} °C` : `${SCENARIO_NAMES[scenario]}, ${year}: global warming ${gwl.toFixed(1)} °C (IPCC AR6 Table SPM.1)`;
  const metrics: ClimateMetric[] = [];
  const region = site.region;
  if (region) {
    const extrapolated = (figure: RegionalFigure) => (figure.isExtrapolated ? '; extrapolated past the 3.0 °C level of the table' : '');
    const regional = (id: ClimateMetric['id'], label: string, metric: string, table: 'average' | 'change', digits: number, unit: string, what: string) => {
      const figure = regionalFigure(context, metric, table, region.id, gwl);
      if (!figure) return;
      const today = table === 'average' ? regionalFigure(context, metric, 'average', region.id, PRESENT_GWL_C)?.median ?? null : null;
      metrics.push({
        id,
        label,
        value: round(figure.median, digits),
        unit,
        isChange: table === 'change',
        range: { low: round(figure.low, digits), high: round(figure.high, digits) },
        today: today === null ? null : round(today, digits),
        detail: `${what} for ${region.name}, averaged over the region${extrapolated(figure)}`,
        source: `${ACS_REGIONAL} (${metric}, ${table === 'change' ? 'change from GWL 1.2' : 'value at the level'}); ${ACS_ENSEMBLE}`,
        scenario: when,
      });
    };
    regional('temperature', 'Temperature', 'TGm', 'average', 1, '°C', 'Annual mean daily temperature');
    regional('hotDays', 'Days over 35 °C', 'TXge35', 'average', 0, 'days/yr', 'Days a year with a maximum of 35 °C or more');
    regional('heatwaveDays', 'Heatwave days', 'HW_sev_ext', 'average', 0, 'days/yr', 'Days a year in a severe or extreme heatwave (ACS heatwave severity)');
    const wettestToday = regionalFigure(context, 'RX1D', 'average', region.id, PRESENT_GWL_C);
    regional('wettestDay', 'Wettest-day rainfall', 'RX1D', 'change', 1, '%', `Change of the year's wettest day (annual maximum 1-day rainfall${wettestToday ? `, ${round(wettestToday.median, 1)} mm today` : ''}) from today`);
    regional('drought', 'Time in drought', 'SPI3', 'average', 1, '% of time', 'Share of the time in drought (3-month Standardised Precipitation Index below -1)');
    const fire = fireWeatherFigure(context, region.id, gwl, 50);
    if (fire) {
      const extreme = fireWeatherFigure(context, region.id, gwl, 75);
      metrics.push({
        id: 'fireWeather',
        label: 'Severe fire weather days',
        value: round(fire.median, 1),
        unit: 'days/yr',
        isChange: true,
        range: { low: round(fire.low, 1), high: round(fire.high, 1) },
        today: null,
        detail: `More days a year than today with a Forest Fire Danger Index above 50 (severe or worse)${extreme ? `; ${extreme.median >= 0 ? '+' : ''}${round(extreme.median, 1)} above 75 (extreme)` : ''}, for ${region.name}; range: 10th-90th percentile of 12 regional simulations${extrapolated(fire)}. The source gives changes only, not today's count`,
        source: 'Australian Climate Service, hazard_fire: McArthur FFDI days above 50/75/100 by region and global warming level (SSP3-7.0, bias-corrected)',
        scenario: when,
      });
    }
  }
  const slrM = seaLevelRiseM(context, scenario, year);
  const slrToday = seaLevelRiseM(context, scenario, HAZARD_YEAR_MIN);
  const d = site.coastDistanceKm;
  const tide = d !== null && d <= COASTAL_ZONE_KM ? siteLookup(site, 'storm-tide-point', () => findStormTidePoint(context, site)) : null;
  if (tide && tide.item.swlAep1pcM !== null) {
    const mf = multiplicationFactorAt(tide.item, slrM);
    const mfText = mf === null ? '' : `; the 1995-2014 1-in-100-year level is reached ${mf > 200 ? 'more than 200' : `about ${round(mf, mf < 10 ? 1 : 0).toLocaleString('en-AU')}`} times as often`;
    metrics.push({
      id: 'stormTide',
      label: '1-in-100-year storm tide',
      value: round(tide.item.swlAep1pcM + slrM, 2),
      unit: 'm',
      isChange: false,
      range: null,
      today: round(tide.item.swlAep1pcM + slrToday, 2),
      detail: `Still-water level of the 1 % annual-chance storm tide at the ACS coastal point ${round(tide.distanceKm, 1).toLocaleString('en-AU')} km away${tide.item.lga ? ` (${tide.item.lga})` : ''}, m above 1995-2014 mean sea level (not AHD): ${round(tide.item.swlAep1pcM, 2)} m plus ${round(slrM, 2)} m of sea-level rise${mfText}`,
      source: 'Australian Climate Service NCRA coastal hazards (CSIRO/BOM): ACSSH storm-tide hindcast, 1 % AEP levels and sea-level-rise multiplication factors',
      scenario: when,
    });
  }
  metrics.push({
    id: 'seaLevelRise',
    label: 'Sea-level rise',
    value: round(slrM, 2),
    unit: 'm',
    isChange: true,
    range: null,
    today: round(slrToday, 2),
    detail: 'Global mean sea-level rise since 1995-2014 (median of the IPCC assessment; the local rise is not modelled)',
    source: 'IPCC AR6 WG1 Tables 9.9/9.10 (Fox-Kemper et al. 2021), as transcribed by ACS NCRA coastal hazards',
    scenario: year <= HAZARD_YEAR_MIN ? when : `${SCENARIO_NAMES[scenario]}, ${year}`,
  });
  return metrics;
}

/**
 * The Climate dashboard for a place; `propertyValueAud` (whole dollars) scales the mitigation
 * costs and benefits, null leaves benefits uncomputed; the Climate Metrics are for `scenario` in
 * `metricsYear` (2050 unless asked).
 * @example buildClimateDashboard({ lat: -28.81, lng: 153.28 }, context, 'high', 850_000).recommendations[0]
 */
export function buildClimateDashboard(
  location: HazardLocation,
  context: HazardContext,
  scenario: ClimateScenario,
  propertyValueAud: number | null,
  metricsYear: number = CLIMATE_METRICS_DEFAULT_YEAR,
): ClimateDashboard {
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
    metrics: climateMetricsAt(site, context, scenario, metricsYear),
    metricsAt: { scenario, year: metricsYear, warmingLevelC: globalWarmingLevelC(scenario, metricsYear) },
    metricsNotHeld: [...CLIMATE_METRICS_NOT_HELD],
    propertyValueAud,
  };
}
