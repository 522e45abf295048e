/** The hazard engine (issue 4): six hazard modules, the report, fire risk and the Climate dashboard. */
export type * from './types.ts';
export { buildHazardContext, describeAltitude, placeAltitude, locateSite, SITE_ALTITUDE_MAX_KM, type SiteAltitude, ncraRegionFor, withImportedFloodLayers, MIN_FIRE_CONFIDENCE, type HazardContext, type Site } from './context.ts';
export { assess as assessFlood, riverProximityScore, FLOOD_METHOD, FLOOD_RIVER_SEARCH_KM } from './flood.ts';
export { assess as assessFire, fireActivityScore, FIRE_METHOD } from './fire.ts';
export { assess as assessCoastal, erosionScore, inundationScore, multiplicationFactorAt, COASTAL_METHOD } from './coastal.ts';
export { assess as assessSubsidence, SUBSIDENCE_METHOD } from './subsidence.ts';
export { assess as assessCyclone, windRegionFor, cycloneTrackPoints, CYCLONE_METHOD } from './cyclone.ts';
export { assess as assessEarthquake, earthquakeEadPct, damagingQuakeRatePerYear, intensityAt, pgaForIntensity, recordedShakingFactorZ, EARTHQUAKE_METHOD } from './earthquake.ts';
export { assessHazards, assessHazardsForYears, assessHazard, overallScore, OVERALL_METHOD } from './assess-hazards.ts';
export { parseFirmsDetection, VIIRS_CONFIDENCE } from './firms.ts';
export { computeFireRisk, computeArchiveFireRisk, FIRE_RISK_METHOD, type FireRiskMeta } from './fire-risk.ts';
export { buildClimateDashboard, climateMetricsAt, describePayback, mitigationFor, CLIMATE_METRICS_METHOD, CLIMATE_METRICS_NOT_HELD, MITIGATION_METHOD } from './climate-dashboard.ts';
export { regionalChange, regionalAverage, regionalFigure, fireWeatherChangeDays, fireWeatherFigure, seaLevelRiseM, PRESENT_GWL_C, type RegionalFigure } from './projections.ts';
export {
  damageBandFor,
  eadPctForScore,
  scoreForEadPct,
  scaleScoreByDamageRatio,
  globalWarmingLevelC,
  REFERENCE_TABLES,
  DAMAGE_BANDS,
  WARMING_LEVELS,
  WIND_REGIONS,
  SEISMIC_HAZARD,
  SEISMIC_PLACES,
  SUBSIDENCE_AREAS,
  MITIGATION_COSTS,
  MITIGATION_MEASURES,
  MITIGATION_HORIZON_YEARS,
  type TableRef,
} from './reference-tables.ts';
export { findMapFeaturesNear, MAX_MAP_SUBURBS, MAX_MAP_FIRES } from './map-features.ts';
export { rankingAuc, capitalsInLowestHazardZone } from './evaluation.ts';
export { screenFlood, importedFloodScore, lowGroundScore, heightAboveRiverAdjustment, catchmentAreaKm2, catchmentAdjustment, type FloodScreening } from './flood.ts';
