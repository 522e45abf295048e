import { z } from 'zod';

/**
 * Hazards and climate (DESIGN.md section 4, issue 4). The ids double as the column names of
 * `propguard risk --csv` (flood, fire, coastal, subsidence, cyclone, earthquake).
 */
export const HAZARD_IDS = ['flood', 'fire', 'coastal', 'subsidence', 'cyclone', 'earthquake'] as const;
export const hazardIdSchema = z.enum(HAZARD_IDS);
export type HazardId = z.infer<typeof hazardIdSchema>;

/** Display names of the hazards. */
export const HAZARD_LABELS: Readonly<Record<HazardId, string>> = {
  flood: 'Flood',
  fire: 'Bushfire',
  coastal: 'Coastal erosion and inundation',
  subsidence: 'Subsidence and geological',
  cyclone: 'Cyclone',
  earthquake: 'Earthquake',
};

/**
 * Emissions scenarios: `low` = SSP1-2.6 (strong mitigation), `high` = SSP3-7.0/SSP5-8.5
 * (the high end the ACS/NCRA projections are published for). The engine maps scenario and year to
 * a global warming level by IPCC AR6 WG1 Table SPM.1.
 */
export const CLIMATE_SCENARIOS = ['low', 'high'] as const;
export const climateScenarioSchema = z.enum(CLIMATE_SCENARIOS);
export type ClimateScenario = z.infer<typeof climateScenarioSchema>;

/** Years a hazard can be projected to; the present is the earliest. */
export const HAZARD_YEAR_MIN = 2025;
export const HAZARD_YEAR_MAX = 2100;
export const hazardYearSchema = z.number().int().min(HAZARD_YEAR_MIN).max(HAZARD_YEAR_MAX);

/** SPEC.md section 9: High at 70 or above, Medium at 40 or above, else Low. */
export const RISK_LEVELS = ['High', 'Medium', 'Low'] as const;
export const riskLevelSchema = z.enum(RISK_LEVELS);
export type RiskLevel = z.infer<typeof riskLevelSchema>;

export const hazardFactorSchema = z.object({
  id: z.string().describe('Stable factor id, e.g. "river-distance"'),
  label: z.string().describe('The fact in words, e.g. "1.2 km from the Maribyrnong River"'),
  value: z.number().nullable().describe('The measured value, in `unit`'),
  unit: z.string().nullable().describe('e.g. "km", "detections", "m AHD", "%"'),
  effect: z.enum(['raises', 'lowers', 'neutral']).describe('How this factor moved the score'),
});
export type HazardFactor = z.infer<typeof hazardFactorSchema>;

export const hazardDataUsedSchema = z.object({
  id: z.string().describe('Data set folder under data/, e.g. "firms-modis-australia-aug-sep-2019"'),
  title: z.string(),
  period: z.string().nullable().describe('Time span of the records used, e.g. "Aug-Sep 2019"'),
});
export type HazardDataUsed = z.infer<typeof hazardDataUsedSchema>;

/** What a score means in money: the expected annual damage band the method assigns to it. */
export const damageBandSchema = z.object({
  label: z.string().describe('e.g. "0.1% to 0.5% of the building\'s replacement cost a year"'),
  minPctPerYear: z.number().min(0),
  maxPctPerYear: z.number().min(0),
});
export type DamageBand = z.infer<typeof damageBandSchema>;

/** One hazard's assessment: `assess(location, context, scenario, year)` of issue 4. */
export const hazardAssessmentSchema = z.object({
  hazard: hazardIdSchema,
  label: z.string(),
  score: z.number().int().min(0).max(100),
  level: riskLevelSchema,
  /** The score's uncertainty band; wide where data are thin or missing. */
  scoreRange: z.object({ low: z.number().int().min(0).max(100), high: z.number().int().min(0).max(100) }),
  /** Present-day score before the climate projection was applied. */
  baselineScore: z.number().int().min(0).max(100),
  hasData: z.boolean().describe('False when no data set covers this place for this hazard'),
  dataNote: z.string().nullable().describe('What is missing for this place, e.g. "No flood extents mapped here"'),
  factors: z.array(hazardFactorSchema),
  dataUsed: z.array(hazardDataUsedSchema),
  method: z.string().describe('Method id and version, e.g. "flood-v1" (docs/methodology/hazards.md)'),
  expectedAnnualDamage: damageBandSchema,
  scenario: climateScenarioSchema,
  year: z.number().int(),
  /** Reference tables (id and version) the assessment used: damage bands, warming levels, wind regions... */
  tables: z.array(z.object({ id: z.string(), version: z.string() })).optional(),
});
export type HazardAssessment = z.infer<typeof hazardAssessmentSchema>;

export const hazardLocalitySchema = z.object({
  name: z.string(),
  state: z.string().nullable(),
  postcode: z.string().nullable(),
  altitudeM: z.number().nullable(),
});

/** All six hazards for one place, scenario and year. */
export const hazardReportSchema = z
  .object({
    location: z.object({ lat: z.number(), lng: z.number() }),
    locality: hazardLocalitySchema.nullable(),
    region: z.object({ id: z.string(), name: z.string() }).nullable().describe('The climate-projection region (NCRA state region)'),
    scenario: climateScenarioSchema,
    year: z.number().int(),
    assessments: z.array(hazardAssessmentSchema).length(HAZARD_IDS.length),
    overall: z.object({ score: z.number().int().min(0).max(100), level: riskLevelSchema, method: z.string() }),
    projectionTable: z.object({ id: z.string(), version: z.string() }),
  })
  .meta({ id: 'HazardReport' });
export type HazardReport = z.infer<typeof hazardReportSchema>;

/** POST /api/hazards/assess: six hazards at a point. */
export const hazardRequestSchema = z
  .object({
    lat: z.number().min(-44).max(-9),
    lng: z.number().min(112).max(154),
    scenario: climateScenarioSchema.default('high'),
    year: hazardYearSchema.default(HAZARD_YEAR_MIN),
  })
  .meta({ id: 'HazardRequest' });
export type HazardRequest = z.infer<typeof hazardRequestSchema>;

/** SPEC.md section 7, the fire-risk function: {latitude, longitude, radiusKm: 50}. */
export const FIRE_RISK_RADIUS_KM = 50;
export const fireRiskRequestSchema = z
  .object({
    latitude: z.number().min(-44).max(-9),
    longitude: z.number().min(112).max(154),
    radiusKm: z.number().positive().max(500).default(FIRE_RISK_RADIUS_KM),
  })
  .meta({ id: 'FireRiskRequest' });
export type FireRiskRequest = z.infer<typeof fireRiskRequestSchema>;

/** SPEC.md section 3, "Fire risk", computed at the property's coordinates. */
export const fireRiskSchema = z
  .object({
    riskScore: z.number().int().min(0).max(100),
    riskLevel: riskLevelSchema,
    nearbyFires: z.number().int().min(0).describe('Fire detections within radiusKm'),
    closestFireDistance: z.number().nullable().describe('km to the closest detection; null when none'),
    totalFRP: z.number().min(0).describe('Sum of fire radiative power of those detections, MW'),
    dataSource: z.enum(['firms-live', 'archive']).describe('Live NASA FIRMS area API, or the bundled archive'),
    lastUpdated: z.string().describe('Newest detection time used (ISO 8601), or the time of the live query'),
    radiusKm: z.number(),
    period: z.object({ from: z.string(), to: z.string() }).describe('Dates of the detections considered'),
    method: z.string(),
    note: z.string().nullable().describe('e.g. why the live feed was not used'),
  })
  .meta({ id: 'FireRisk' });
export type FireRisk = z.infer<typeof fireRiskSchema>;

export const fireRiskResponseSchema = z.object({ success: z.literal(true), fireRisk: fireRiskSchema }).meta({ id: 'FireRiskResponse' });
export type FireRiskResponse = z.infer<typeof fireRiskResponseSchema>;

/** One row of the projections table of the Climate dashboard. */
export const climateProjectionRowSchema = z.object({
  year: z.number().int(),
  scenario: climateScenarioSchema,
  warmingLevelC: z.number().describe('Global warming level above pre-industrial, °C'),
  temperatureChangeC: z.number().nullable().describe('Regional mean temperature change vs the 1961-1990 baseline of the source'),
  rainfallChangePct: z.number().nullable().describe('Regional change of the wettest day (RX1D) or annual rainfall, % (see source)'),
  seaLevelRiseM: z.number().nullable().describe('Global mean sea-level rise vs 1995-2014, m (IPCC AR6)'),
  floodRisk: z.number().int().min(0).max(100),
  fireRisk: z.number().int().min(0).max(100),
  sources: z.array(z.string()).describe('Citations of the figures in this row'),
});
export type ClimateProjectionRow = z.infer<typeof climateProjectionRowSchema>;

export const mitigationItemSchema = z.object({
  hazard: hazardIdSchema,
  type: z.string().describe('e.g. "Flood resilience"'),
  priority: z.enum(['High', 'Medium', 'Low']),
  costAud: z.number().int().min(0),
  annualBenefitAud: z.number().int().min(0).describe('Expected annual damage avoided'),
  roiYears: z.number().nullable().describe('Payback in years: cost / annual benefit; null when there is no benefit'),
  serviceLifeYears: z.number().int().positive().describe('Years the measure is assumed to last; a payback beyond it (or beyond 30 years) does not count'),
  paysForItself: z.boolean().nullable().describe('Whether the payback falls within the service life (capped at 30 years); null when the benefit is not computed'),
  payback: z.string().describe('The payback in words, e.g. "Pays for itself in about 12 years" or "Does not pay for itself within 30 years"'),
  protectsAgainst: z.string().describe('What the measure protects against, e.g. "Over-floor riverine and flash flooding"'),
  costAssumptions: z.string().describe('What the cost covers and where the figure comes from'),
  timeline: z.string().describe('e.g. "3-6 months"'),
  impact: z.string().describe('e.g. "Cuts expected flood damage by about 40%"'),
  actions: z.array(z.string()),
  rule: z.string().describe('How cost and benefit were computed (docs/methodology/hazards.md)'),
});
export type MitigationItem = z.infer<typeof mitigationItemSchema>;

/**
 * The Climate Metrics the dashboard fills from the data we hold (ACS/NCRA regional projections,
 * the ACS coastal points, IPCC AR6 sea-level rise). SPEC.md also names humidity, wind speed, air
 * quality, CO2 and UV index: PropGuard holds no such series, so they are listed once in
 * `metricsNotHeld` instead of being shown empty.
 */
export const CLIMATE_METRIC_IDS = ['temperature', 'hotDays', 'heatwaveDays', 'wettestDay', 'drought', 'fireWeather', 'stormTide', 'seaLevelRise'] as const;
export const climateMetricIdSchema = z.enum(CLIMATE_METRIC_IDS);
export type ClimateMetricId = z.infer<typeof climateMetricIdSchema>;

/** Years the Climate Metrics can be asked for; the default is the outlook year of the product (2050). */
export const CLIMATE_METRICS_DEFAULT_YEAR = 2050;

/** One climate figure for the property's region (or nearest coastal point) at the chosen scenario and year. */
export const climateMetricSchema = z.object({
  id: climateMetricIdSchema,
  label: z.string(),
  value: z.number(),
  unit: z.string().describe('e.g. "°C", "days/yr", "%", "m"'),
  isChange: z.boolean().describe('True when the value is a change from today (shown with its sign), false for a level'),
  range: z.object({ low: z.number(), high: z.number() }).nullable().describe('Spread across the climate models (ensemble minimum-maximum or 10th-90th percentile, see detail)'),
  today: z.number().nullable().describe('The same figure today (GWL 1.2 °C, about 2025), when the source gives it'),
  detail: z.string().describe('What the figure is and how it was read from the source'),
  source: z.string(),
  scenario: z.string().describe('Scenario, year and warming level the figure is for, and the source\'s own scenario (e.g. SSP3-7.0)'),
});
export type ClimateMetric = z.infer<typeof climateMetricSchema>;

/** POST /api/hazards/climate: the Climate dashboard of SPEC.md for one analysed property. */
export const climateDashboardRequestSchema = z
  .object({
    lat: z.number().min(-44).max(-9),
    lng: z.number().min(112).max(154),
    scenario: climateScenarioSchema.default('high'),
    propertyValueAud: z.number().int().positive().max(1_000_000_000).optional().describe('The valuation; mitigation costs and ROI scale with it'),
    metricsYear: hazardYearSchema.default(CLIMATE_METRICS_DEFAULT_YEAR).describe('Year the Climate Metrics are projected to under the scenario (2025 = today)'),
  })
  .meta({ id: 'ClimateDashboardRequest' });
export type ClimateDashboardRequest = z.infer<typeof climateDashboardRequestSchema>;
/** The request as a client sends it (scenario and metricsYear may be left to their defaults). */
export type ClimateDashboardRequestInput = z.input<typeof climateDashboardRequestSchema>;

export const climateDashboardSchema = z
  .object({
    report: hazardReportSchema.describe('Present-day assessment'),
    cards: z.array(hazardAssessmentSchema).describe('Flood, fire, coastal and cyclone: the four cards of SPEC.md'),
    projections: z.array(climateProjectionRowSchema).describe('2030, 2050 and 2090 under the low and the high scenario'),
    tenYear: z.array(z.object({ year: z.number().int(), flood: z.number().int(), fire: z.number().int(), coastal: z.number().int(), cyclone: z.number().int() })),
    recommendations: z.array(mitigationItemSchema),
    metrics: z.array(climateMetricSchema).describe('Only the figures we hold data for at this place'),
    metricsAt: z.object({ scenario: climateScenarioSchema, year: z.number().int(), warmingLevelC: z.number() }).describe('Scenario, year and global warming level of the metrics'),
    metricsNotHeld: z.array(z.string()).describe('Climate figures PropGuard holds no data for here (e.g. "humidity"), named once instead of shown empty'),
    propertyValueAud: z.number().int().nullable(),
  })
  .meta({ id: 'ClimateDashboard' });
export type ClimateDashboard = z.infer<typeof climateDashboardSchema>;

/** `riskLevelFor(score)`: SPEC.md section 9 (High at 70 or above, Medium at 40 or above, else Low). */
export function riskLevelFor(score: number): RiskLevel {
  if (score >= 70) return 'High';
  if (score >= 40) return 'Medium';
  return 'Low';
}

/** An imported hazard overlay (issue 18: `propguard import hazard-layer`), as listed on the data page. */
export const hazardLayerSchema = z
  .object({
    id: z.number().int(),
    kind: z.string().describe('Hazard the layer maps; "flood" today'),
    name: z.string(),
    licenceNote: z.string().describe('Licence terms stated at import; cited in every answer that used the layer'),
    sourceFile: z.string(),
    field: z.enum(['aep', 'ari', 'depth']).nullable().describe('What the mapped attribute means (AEP %, ARI years, depth m); null for an extent only'),
    sourceField: z.string().nullable().describe("The attribute's column in the source file"),
    importedAt: z.string().describe('ISO 8601 UTC'),
    featureCount: z.number().int(),
  })
  .meta({ id: 'HazardLayer' });
export type HazardLayer = z.infer<typeof hazardLayerSchema>;

export const hazardLayerListSchema = z.object({ success: z.literal(true), layers: z.array(hazardLayerSchema), inUse: z.number().int().describe('Layers the running server assesses with (loaded at start, taken up again each minute when they change)') }).meta({ id: 'HazardLayerList' });
export type HazardLayerList = z.infer<typeof hazardLayerListSchema>;

/** Largest layer file the app accepts as an upload, bytes (the CLI reads any size). */
export const HAZARD_LAYER_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

/**
 * POST /api/data/hazard-layers: the query of an upload whose body is the file itself
 * (`application/octet-stream`: a GeoJSON, a zipped Shapefile or a GeoPackage), imported by the same function as
 * `propguard import hazard-layer`.
 */
export const hazardLayerUploadQuerySchema = z
  .object({
    kind: z.enum(['flood']).default('flood').describe('Hazard the layer maps; "flood" today'),
    fileName: z.string().trim().min(1, 'the file name is required (its extension says the format: .geojson, .json, .zip or .gpkg)').max(255),
    field: z.enum(['aep', 'ari', 'depth']).optional().describe('What the mapped attribute means; omitted: the polygons are an extent only'),
    attribute: z.string().trim().min(1).max(100).optional().describe("The attribute's column; default: the first whose name contains the field's name"),
    name: z.string().trim().max(200).optional().describe('Default: the file name'),
    licence: z.string().trim().max(1000).optional().describe('Who licensed it and on what terms; stored and cited'),
  });
export type HazardLayerUploadQuery = z.infer<typeof hazardLayerUploadQuerySchema>;

export const hazardLayerUploadResponseSchema = z
  .object({ success: z.literal(true), layer: hazardLayerSchema, inUse: z.number().int().describe('Layers the server assesses with after the upload (taken up at once)') })
  .meta({ id: 'HazardLayerUploadResponse' });
export type HazardLayerUploadResponse = z.infer<typeof hazardLayerUploadResponseSchema>;

export const hazardLayerRemoveResponseSchema = z
  .object({ success: z.literal(true), removed: z.number().int(), inUse: z.number().int() })
  .meta({ id: 'HazardLayerRemoveResponse' });
export type HazardLayerRemoveResponse = z.infer<typeof hazardLayerRemoveResponseSchema>;

export const hazardLayerIdParamsSchema = z.object({ id: z.coerce.number().int().positive('a layer id is a positive whole number') });
