/** Building blocks shared by the six hazard modules. */
import { HAZARD_LABELS, riskLevelFor, type ClimateScenario, type HazardAssessment, type HazardDataUsed, type HazardFactor, type HazardId } from '@propguard/schemas';
import { DAMAGE_BANDS, damageBandFor, type TableRef } from './reference-tables.ts';

/** The data sets an assessment can cite (folder under data/, title, period). */
export const DATA_SETS = {
  shoreline: { id: 'gshhg-coast-rivers-australia', title: 'GSHHG 2.3.7 full-resolution shorelines and WDBII rivers', period: null },
  naturalEarth: { id: 'au-natural-earth', title: 'Natural Earth 1:10m rivers, lakes and states', period: null },
  suburbs: { id: 'abs-suburbs-localities-2021', title: 'ABS Suburbs and Localities 2021', period: '2021' },
  bushfireProne: { id: 'bushfire-prone-land-by-suburb', title: 'Bushfire-prone share of each suburb (360info, state overlays)', period: '2023' },
  gazetteer: { id: 'au-postcodes-gazetteer', title: 'Australian postcodes gazetteer (locality altitude)', period: null },
  firms: { id: 'firms-modis-australia-aug-sep-2019', title: 'NASA FIRMS MODIS active fires', period: 'Aug-Sep 2019' },
  gfed: { id: 'gfed-modis-fire-counts', title: 'GFED MODIS fire counts by state and fire year', period: '2002/03-2019/20' },
  jtwc: { id: 'cyclone-tracks-jtwc-1981-2019', title: 'JTWC Southern Hemisphere tropical cyclone best tracks', period: 'seasons 1981/82-2018/19' },
  nsha18: { id: 'earthquakes-nsha18-catalogue', title: 'Geoscience Australia NSHA18 earthquake catalogue (declustered)', period: '1840-2017' },
  ncra: { id: 'acs-ncra-climate-hazard-projections', title: 'ACS/NCRA regional hazard projections by warming level', period: 'GWL 1.2-3.0 °C' },
  coastalEsl: { id: 'acs-ncra-coastal-extreme-sea-levels', title: 'ACS/NCRA 1 % AEP storm tides and SLR multiplication factors', period: null },
  bom: { id: 'bom-annual-climate-series', title: 'BoM Australian annual climate series', period: '1900-2019' },
  lismore: { id: 'lismore-flood-map-2022-floodmapper', title: 'ML4Floods satellite flood map, Lismore', period: '27 Mar-15 Apr 2022' },
} as const satisfies Record<string, HazardDataUsed>;

export function factor(id: string, label: string, value: number | null, unit: string | null, effect: HazardFactor['effect']): HazardFactor {
  return { id, label, value: value === null ? null : Number(value.toFixed(3)), unit, effect };
}

export function clampScore(score: number): number {
  return Math.max(0, Math.min(100, Math.round(score)));
}

export function formatKm(distanceKm: number): string {
  return distanceKm < 10 ? `${distanceKm.toFixed(1)} km` : `${Math.round(distanceKm)} km`;
}

export interface AssessmentParts {
  hazard: HazardId;
  baselineScore: number;
  score: number;
  /** Half-width of the score's uncertainty band, points; wider where data are thin. */
  uncertainty: number;
  hasData: boolean;
  dataNote: string | null;
  factors: HazardFactor[];
  dataUsed: HazardDataUsed[];
  method: string;
  scenario: ClimateScenario;
  year: number;
  /** Reference tables used besides the damage bands. */
  tables?: readonly TableRef[];
}

/** Assembles a HazardAssessment (score, level, range, damage band) from a module's parts. */
export function makeAssessment(parts: AssessmentParts): HazardAssessment {
  // Without data there is no score to report: 0 with the full range, never a module's default.
  const score = parts.hasData ? clampScore(parts.score) : 0;
  const baselineScore = parts.hasData ? clampScore(parts.baselineScore) : 0;
  const low = parts.hasData ? clampScore(score - parts.uncertainty) : 0;
  const high = parts.hasData ? clampScore(score + parts.uncertainty) : 100;
  return {
    hazard: parts.hazard,
    label: HAZARD_LABELS[parts.hazard],
    score,
    level: riskLevelFor(score),
    scoreRange: { low, high },
    baselineScore,
    hasData: parts.hasData,
    dataNote: parts.dataNote,
    factors: parts.factors,
    dataUsed: parts.dataUsed,
    method: parts.method,
    expectedAnnualDamage: damageBandFor(score),
    scenario: parts.scenario,
    year: parts.year,
    tables: [DAMAGE_BANDS, ...(parts.tables ?? [])].map((table) => ({ id: table.id, version: table.version })),
  };
}

/** Data sets in first-use order, each once. */
export function dedupe(items: HazardDataUsed[]): HazardDataUsed[] {
  const seen = new Set<string>();
  return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
}
