/**
 * Versioned reference tables of the hazard engine. Each names its source and edition; every
 * assessment records the ids and versions it used (docs/methodology/hazards.md). Figures marked
 * "PropGuard assumption" are our modelling choices, not published values.
 */
import type { ClimateScenario, DamageBand, HazardId } from '@propguard/schemas';

export interface TableRef {
  id: string;
  version: string;
  source: string;
}

// ---------------------------------------------------------------------------------------------
// Score <-> expected annual damage (EAD), shared by all six hazards so scores are comparable.
// ---------------------------------------------------------------------------------------------

/**
 * Anchors: a score of 40 (Medium) is 0.2 % of the building's replacement cost a year and 70 (High)
 * is 1 %: the thresholds of "moderate" and "high" risk used by XDI in Climate Council (2022),
 * "Uninsurable Nation: Australia's most climate-vulnerable places" (high risk = annual damage
 * costs of 1 % or more of the replacement cost; moderate = 0.2 % to 1 %). Between and beyond the
 * anchors EAD is log-linear in the score: EAD% = 0.2 x 5^((score - 40) / 30), so every 30 points
 * is a factor 5 (score 100 = 5 %/yr, score 10 = 0.04 %/yr). Score 0 means no modelled exposure.
 */
export const DAMAGE_BANDS: TableRef = {
  id: 'ead-bands',
  version: '1',
  source: 'Climate Council (2022) Uninsurable Nation (XDI thresholds 0.2 % and 1 % of replacement cost a year); log-linear between, PropGuard',
};
const EAD_AT_40_PCT = 0.2;
const EAD_FACTOR_PER_30_POINTS = 5;

/** Expected annual damage, % of the building's replacement cost a year, for a score 0-100. */
export function eadPctForScore(score: number): number {
  if (score <= 0) return 0;
  return EAD_AT_40_PCT * EAD_FACTOR_PER_30_POINTS ** ((Math.min(100, score) - 40) / 30);
}

/** Inverse of `eadPctForScore`: the (unrounded, unclamped) score of an EAD in %/yr. */
export function scoreForEadPct(eadPct: number): number {
  if (eadPct <= 0) return 0;
  return 40 + (30 * Math.log(eadPct / EAD_AT_40_PCT)) / Math.log(EAD_FACTOR_PER_30_POINTS);
}

function formatPct(pct: number): string {
  if (pct === 0) return '0%';
  return `${pct < 0.1 ? pct.toFixed(3) : pct < 1 ? pct.toFixed(2) : pct.toFixed(1)}%`;
}

/** The damage band of a score: its ten-point decile (90-100 is one band). */
export function damageBandFor(score: number): DamageBand {
  const decile = Math.min(9, Math.max(0, Math.floor(score / 10)));
  const minPct = decile === 0 ? 0 : eadPctForScore(decile * 10);
  const maxPct = eadPctForScore(decile * 10 + 10);
  return {
    label: `${formatPct(minPct)} to ${formatPct(maxPct)} of the building's replacement cost a year`,
    minPctPerYear: Number(minPct.toFixed(4)),
    maxPctPerYear: Number(maxPct.toFixed(4)),
  };
}

/**
 * A projected score from a baseline and the ratio by which the hazard's expected damage changes:
 * EAD x ratio, mapped back to a score (score + 30 log5(ratio)). 0 stays 0 (nothing exposed).
 */
export function scaleScoreByDamageRatio(score: number, ratio: number): number {
  if (score <= 0) return 0;
  return Math.max(0, Math.min(100, scoreForEadPct(eadPctForScore(score) * Math.max(0, ratio))));
}

// ---------------------------------------------------------------------------------------------
// Scenario + year -> global warming level (IPCC AR6 WG1 SPM, Table SPM.1).
// ---------------------------------------------------------------------------------------------

export const WARMING_LEVELS: TableRef = {
  id: 'ipcc-ar6-spm1-gwl',
  version: '1',
  source:
    'IPCC AR6 WG1 (2021) Summary for Policymakers, Table SPM.1, best estimates for 2021-2040, 2041-2060 and 2081-2100 (SSP1-2.6: 1.5, 1.7, 1.8 °C; SSP3-7.0: 1.5, 2.1, 3.6 °C), at the mid-years 2030, 2050, 2090; 2025 = GWL 1.2 °C, the ACS/NCRA present',
};

/**
 * [year, GWL °C] anchors: the mid-years of the SPM.1 periods (2030, 2050, 2090; 2100 keeps the
 * 2081-2100 mean) and the present: PropGuard's earliest year (2025) is the ACS "present", GWL
 * 1.2 °C, so that a 2025 score is the baseline score.
 */
const GWL_ANCHORS: Record<ClimateScenario, readonly (readonly [number, number])[]> = {
  low: [[2025, 1.2], [2030, 1.5], [2050, 1.7], [2090, 1.8], [2100, 1.8]],
  high: [[2025, 1.2], [2030, 1.5], [2050, 2.1], [2090, 3.6], [2100, 3.6]],
};

function interpolate(anchors: readonly (readonly [number, number])[], x: number): number {
  const first = anchors[0]!;
  if (x <= first[0]) return first[1];
  for (let i = 1; i < anchors.length; i += 1) {
    const [x1, y1] = anchors[i]!;
    const [x0, y0] = anchors[i - 1]!;
    if (x <= x1) return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
  }
  return anchors[anchors.length - 1]![1];
}

/**
 * Global warming level above 1850-1900, °C, for a scenario and year.
 * @example globalWarmingLevelC('high', 2050) // 2.1
 */
export function globalWarmingLevelC(scenario: ClimateScenario, year: number): number {
  return Math.round(interpolate(GWL_ANCHORS[scenario], year) * 1000) / 1000;
}

// ---------------------------------------------------------------------------------------------
// AS/NZS 1170.2:2021 wind regions (simplified boundaries) and regional wind speeds.
// ---------------------------------------------------------------------------------------------

export type WindRegion = 'A' | 'B' | 'C' | 'D';

export const WIND_REGIONS: TableRef = {
  id: 'asnzs-1170.2-2021-wind-regions',
  version: '1',
  source:
    'AS/NZS 1170.2:2021 Structural design actions, Part 2: Wind actions, Figure 3.1(A) and Table 3.1(A); boundaries simplified by PropGuard to latitude bands and distance from the GSHHG coastline',
};

/**
 * Regional 500-year gust wind speed V500, m/s (Table 3.1(A), cyclonic regions with their
 * climate-change factors F_C = 1.05 and F_D = 1.1 applied to C and D).
 */
export const WIND_REGION_V500_MS: Readonly<Record<WindRegion, number>> = { A: 45, B: 57, C: 69.3, D: 88 };

/**
 * Baseline cyclone (wind) score per region: the expected annual wind damage rises steeply with the
 * design speed (damage ~ V^3 or faster; the factor between A and D in V^3 is (88/45)^3 = 7.5).
 * PropGuard calibration: A 5 (non-cyclonic, thunderstorm gusts only), B 35, C 60, D 75.
 */
export const WIND_REGION_SCORE: Readonly<Record<WindRegion, number>> = { A: 5, B: 35, C: 60, D: 75 };

// ---------------------------------------------------------------------------------------------
// Earthquake hazard factors.
// ---------------------------------------------------------------------------------------------

export const SEISMIC_HAZARD: TableRef = {
  id: 'as-1170.4-hazard-factor-z',
  version: '1',
  source:
    'AS 1170.4-2007 Earthquake actions in Australia, Table 3.3 hazard factor Z (500-year PGA on rock, g) for capital cities and Newcastle, with the national minimum Z = 0.08 of Amendment 2 (2018), which adopted the Geoscience Australia NSHA18 hazard; verify against the licensed standard before design use',
};

export interface SeismicPlace {
  name: string;
  lat: number;
  lng: number;
  hazardFactorZ: number;
  /** A state or territory capital (Newcastle is listed for its Z, not as a capital). */
  isCapital: boolean;
}

export const SEISMIC_PLACES: readonly SeismicPlace[] = [
  { name: 'Adelaide', lat: -34.93, lng: 138.6, hazardFactorZ: 0.1, isCapital: true },
  { name: 'Brisbane', lat: -27.47, lng: 153.03, hazardFactorZ: 0.05, isCapital: true },
  { name: 'Canberra', lat: -35.28, lng: 149.13, hazardFactorZ: 0.08, isCapital: true },
  { name: 'Darwin', lat: -12.46, lng: 130.84, hazardFactorZ: 0.09, isCapital: true },
  { name: 'Hobart', lat: -42.88, lng: 147.33, hazardFactorZ: 0.03, isCapital: true },
  { name: 'Melbourne', lat: -37.81, lng: 144.96, hazardFactorZ: 0.08, isCapital: true },
  { name: 'Perth', lat: -31.95, lng: 115.86, hazardFactorZ: 0.09, isCapital: true },
  { name: 'Sydney', lat: -33.87, lng: 151.21, hazardFactorZ: 0.08, isCapital: true },
  { name: 'Newcastle', lat: -32.93, lng: 151.78, hazardFactorZ: 0.11, isCapital: false },
];
/** AS 1170.4-2007 Amendment 2 (2018): Z shall not be taken as less than 0.08. */
export const MIN_HAZARD_FACTOR_Z = 0.08;

/** Completeness bins of the NSHA18 catalogue for the earthquake rate (PropGuard's simplification of NSHA18's regional tables). */
export const GR_BINS = { small: { minMw: 3.5, fromYear: 1970 }, damaging: { minMw: 5.0, fromYear: 1910 } } as const;

/**
 * Whether a catalogue event can change an earthquake assessment: it falls in one of the rate's
 * two bins, or it is Mw 5+ (the largest event cited). The others are left out of the index.
 * @example countsForEarthquakeAssessment(4.1, 1985) // true
 * @example countsForEarthquakeAssessment(4.1, 1950) // false
 */
export function countsForEarthquakeAssessment(magnitudeMw: number, year: number): boolean {
  return magnitudeMw >= GR_BINS.damaging.minMw || (magnitudeMw >= GR_BINS.small.minMw && year >= GR_BINS.small.fromYear);
}

// ---------------------------------------------------------------------------------------------
// Subsidence: mine subsidence districts and reactive clay regions.
// ---------------------------------------------------------------------------------------------

export const SUBSIDENCE_AREAS: TableRef = {
  id: 'subsidence-areas',
  version: '1',
  source:
    'Subsidence Advisory NSW, proclaimed Mine Subsidence Districts (Coal Mine Subsidence Compensation Act 2017); Ipswich City Council abandoned underground coal mine areas (QLD); AS 2870-2011 site classes H/E on expansive clays (Melbourne Newer Volcanics basalt plains, Adelaide Keswick/Hindmarsh clays, Western Sydney Wianamatta shale, Darling Downs black earths). Districts are approximated by circles and clay regions by boxes: the official maps are not in our data',
};

export interface MineDistrict {
  name: string;
  lat: number;
  lng: number;
  radiusKm: number;
}

export const MINE_SUBSIDENCE_DISTRICTS: readonly MineDistrict[] = [
  { name: 'Newcastle Mine Subsidence District', lat: -32.93, lng: 151.72, radiusKm: 10 },
  { name: 'Lake Macquarie Mine Subsidence District', lat: -33.03, lng: 151.62, radiusKm: 13 },
  { name: 'Swansea North Entrance Mine Subsidence District', lat: -33.15, lng: 151.6, radiusKm: 9 },
  { name: 'West Lake Mine Subsidence District', lat: -33.02, lng: 151.5, radiusKm: 8 },
  { name: 'Hexham Mine Subsidence District', lat: -32.83, lng: 151.68, radiusKm: 6 },
  { name: 'Tuggerah Mine Subsidence District', lat: -33.27, lng: 151.45, radiusKm: 8 },
  { name: 'East Maitland / Hunter coalfield (Maitland-Cessnock)', lat: -32.78, lng: 151.45, radiusKm: 14 },
  { name: 'Picton Mine Subsidence District', lat: -34.17, lng: 150.61, radiusKm: 8 },
  { name: 'Bargo Mine Subsidence District', lat: -34.29, lng: 150.58, radiusKm: 8 },
  { name: 'Appin Mine Subsidence District', lat: -34.2, lng: 150.79, radiusKm: 9 },
  { name: 'Camden Mine Subsidence District', lat: -34.05, lng: 150.7, radiusKm: 7 },
  { name: 'Wollongong / Illawarra (South Coast) coalfield', lat: -34.38, lng: 150.87, radiusKm: 14 },
  { name: 'Lithgow Mine Subsidence District', lat: -33.48, lng: 150.15, radiusKm: 10 },
  { name: 'Ipswich abandoned underground coal mines (QLD)', lat: -27.61, lng: 152.76, radiusKm: 11 },
];

export interface ClayRegion {
  name: string;
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

export const REACTIVE_CLAY_REGIONS: readonly ClayRegion[] = [
  { name: "Melbourne's western basalt plains (Sunshine, St Albans, Werribee, Melton)", minLat: -37.95, maxLat: -37.6, minLng: 144.5, maxLng: 144.88 },
  { name: 'Adelaide plains (Keswick and Hindmarsh clays)', minLat: -35.05, maxLat: -34.75, minLng: 138.48, maxLng: 138.68 },
  { name: 'Western Sydney (Wianamatta Group shale clays)', minLat: -33.95, maxLat: -33.65, minLng: 150.7, maxLng: 151.0 },
  { name: 'Darling Downs black cracking clays (Toowoomba west, Dalby)', minLat: -28.2, maxLat: -27.0, minLng: 150.9, maxLng: 151.9 },
];

// ---------------------------------------------------------------------------------------------
// Mitigation measures.
// ---------------------------------------------------------------------------------------------

export const MITIGATION_COSTS: TableRef = {
  id: 'mitigation-costs',
  version: '2',
  source:
    'QRA Resilient Homes Fund (2022) retrofit grants up to $50,000; QLD Household Resilience Program (cyclone upgrades, grants of 75 % of up to $15,000); other base costs, damage reductions and service lives are PropGuard assumptions (docs/methodology/hazards.md)',
};

export interface MitigationMeasure {
  hazard: HazardId;
  type: string;
  /** Cost for a reference building worth REFERENCE_BUILDING_VALUE_AUD, AUD. */
  baseCostAud: number;
  /** Share of the hazard's expected annual damage the measure avoids, 0-1. */
  damageReduction: number;
  timeline: string;
  actions: string[];
  costSource: string;
  /** Years the measure is assumed to keep working (PropGuard assumption); its payback must fall within it. */
  serviceLifeYears: number;
  /** What the measure protects against, and what it does not. */
  protectsAgainst: string;
  /** What the base cost covers (before scaling to the building's value). */
  costCovers: string;
}

/**
 * A measure that takes longer than this to pay for itself is not counted as paying for itself,
 * whatever its service life (a household's planning horizon; the length of a typical mortgage).
 */
export const MITIGATION_HORIZON_YEARS = 30;

/** Reference building value the base costs are quoted for (PropGuard assumption), AUD. */
export const REFERENCE_BUILDING_VALUE_AUD = 350_000;
/**
 * Building (replacement) share of a property's value: SPEC.md section 3, demo valuation breakdown
 * (land 60 %, building 35 %, intangibles 5 %).
 */
export const BUILDING_VALUE_SHARE = 0.35;

export const MITIGATION_MEASURES: Readonly<Record<HazardId, MitigationMeasure>> = {
  flood: {
    hazard: 'flood',
    type: 'Flood resilience retrofit',
    baseCostAud: 50_000,
    damageReduction: 0.4,
    timeline: '3-6 months',
    actions: ['Raise switchboard, power points and hot-water system above the flood level', 'Flood-resilient linings, flooring and joinery on the ground floor', 'Backflow valves on drains; site drainage and flood barriers', 'Review flood cover in the insurance policy'],
    costSource: 'QRA Resilient Homes Fund (2022): retrofit grants up to $50,000',
    serviceLifeYears: 30,
    protectsAgainst: 'Over-floor flooding from rivers, creeks and overland flow: damage to services, linings, floors and contents of the ground floor (not the structure, nor water above the raised services)',
    costCovers: 'raising the switchboard, power points and hot-water system, and flood-resilient linings, floors and joinery on the ground floor',
  },
  fire: {
    hazard: 'fire',
    type: 'Bushfire hardening',
    baseCostAud: 25_000,
    damageReduction: 0.4,
    timeline: '1-3 months',
    actions: ['Ember screens on vents, windows and doors; seal gaps over 2 mm', 'Non-combustible gutter guards, decking and fencing near the house', 'Keep a defendable space clear of fuel; fire-resistant landscaping', 'Prepare a bushfire survival plan'],
    costSource: 'PropGuard assumption (typical ember-protection retrofit)',
    serviceLifeYears: 20,
    protectsAgainst: 'Ember attack and radiant heat in a bushfire, the way most houses ignite (not direct flame contact from a fire front in a high BAL zone)',
    costCovers: 'ember screens on vents, windows and doors, sealing gaps, metal gutter guards and non-combustible decking and fencing next to the house',
  },
  coastal: {
    hazard: 'coastal',
    type: 'Coastal adaptation',
    baseCostAud: 15_000,
    damageReduction: 0.25,
    timeline: '6-12 months',
    actions: ["Check the council's coastal hazard lines and planning controls", 'Raise floor levels or flood-proof the ground floor at the next renovation', 'Monitor sea-level rise and storm-tide warnings', 'Review storm-surge cover in the insurance policy'],
    costSource: 'PropGuard assumption',
    serviceLifeYears: 30,
    protectsAgainst: 'Storm-tide and sea-level-rise flooding of the ground floor (not erosion of the land under the house: that needs council coastal works)',
    costCovers: "flood-proofing or raising the ground floor at the next renovation, with a coastal hazard check of the council's planning lines",
  },
  subsidence: {
    hazard: 'subsidence',
    type: 'Footing and drainage maintenance',
    baseCostAud: 8_000,
    damageReduction: 0.3,
    timeline: '1-2 months',
    actions: ['Geotechnical site classification (AS 2870) before extensions', 'Keep stormwater and garden watering away from footings', 'Check for a mine subsidence district before building (Subsidence Advisory NSW)'],
    costSource: 'PropGuard assumption',
    serviceLifeYears: 20,
    protectsAgainst: 'Cracking of walls and footings from reactive-clay movement and poor site drainage (not mine subsidence, which is compensated by Subsidence Advisory NSW)',
    costCovers: 'an AS 2870 geotechnical site classification and stormwater drainage works that keep water away from the footings',
  },
  cyclone: {
    hazard: 'cyclone',
    type: 'Cyclone resilience upgrade',
    baseCostAud: 15_000,
    damageReduction: 0.5,
    timeline: '1-3 months',
    actions: ['Roof tie-down upgrade and new roof fixings', 'Cyclone shutters or impact-rated screens on windows', 'Garage door bracing', 'Clear loose objects before the season'],
    costSource: 'QLD Household Resilience Program: upgrades costing up to $15,000 (75 % grant)',
    serviceLifeYears: 25,
    protectsAgainst: 'Wind damage in cyclones and severe storms: roof loss, broken windows and doors, and the rain that follows',
    costCovers: 'a roof tie-down upgrade with new fixings, cyclone shutters or screens, and garage door bracing',
  },
  earthquake: {
    hazard: 'earthquake',
    type: 'Seismic safety',
    baseCostAud: 5_000,
    damageReduction: 0.3,
    timeline: '1 month',
    actions: ['Brace chimneys and parapets of unreinforced masonry', 'Strap the hot-water system and tall furniture', 'Check the building against AS 1170.4 when renovating'],
    costSource: 'PropGuard assumption',
    serviceLifeYears: 30,
    protectsAgainst: 'Falling masonry (chimneys, parapets) and toppling hot-water systems and furniture in moderate shaking (not structural collapse)',
    costCovers: 'bracing chimneys and parapets, and strapping the hot-water system and tall furniture',
  },
};

/** Every table an assessment may cite, by id. */
export const REFERENCE_TABLES: readonly TableRef[] = [DAMAGE_BANDS, WARMING_LEVELS, WIND_REGIONS, SEISMIC_HAZARD, SUBSIDENCE_AREAS, MITIGATION_COSTS];
