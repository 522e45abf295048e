/**
 * `loadHazardData(dataDir)`: reads the hazard data sets under data/ (gzip-compressed CSV and
 * GeoJSON, see data/README.md) into the plain shapes the hazard engine indexes
 * (`HazardDataSets`, packages/engines/src/hazards/types.ts). The server and the CLI call it once
 * at start, then `buildHazardContext`. A missing file is an error naming it: the hazards need all
 * of them.
 */
import type {
  AnnualClimateRow,
  BushfireProneShare,
  CoastalPoint,
  CycloneFix,
  Earthquake,
  FfdiChangeRow,
  FireDetection,
  FloodMapPolygon,
  GazetteerLocality,
  HazardDataSets,
  PolygonRings,
  Polyline,
  RegionMetricRow,
  SlrIncrementRow,
  StateFireYear,
  StatePolygon,
  SuburbPolygon,
} from '@propguard/engines';
import { parseFirmsDetection } from '@propguard/engines';
import { readCsvRows, readJsonFile, resolveDataFile } from '../ingest/read-source-file.ts';
import { hasFileSnapshot, readThroughFileSnapshot, sourceFilesText, type FileSnapshotSpec } from '../snapshot.ts';

/** The files read, relative to the data directory (each may be stored as name.gz). */
export const HAZARD_DATA_FILES = {
  shorelines: 'gshhg-coast-rivers-australia/gshhs_full_shorelines_australia_bbox.geojson',
  wdbiiRivers: 'gshhg-coast-rivers-australia/wdbii_rivers_australia_bbox.geojson',
  neRivers: 'au-natural-earth/au_rivers_lake_centerlines_10m.geojson',
  neRiversAustralia: 'au-natural-earth/au_rivers_australia_supplement_10m.geojson',
  neLakes: 'au-natural-earth/au_lakes_10m.geojson',
  neStates: 'au-natural-earth/au_states_50m.geojson',
  suburbs: ['act', 'nsw', 'nt', 'ot', 'qld', 'sa', 'tas', 'vic', 'wa'].map((state) => `abs-suburbs-localities-2021/sal_2021_${state}.geojson`),
  bushfireProne: 'bushfire-prone-land-by-suburb/bf_prone_by_suburb.csv',
  gazetteer: 'au-postcodes-gazetteer/australian_postcodes.csv',
  firms: 'firms-modis-australia-aug-sep-2019/fire_archive_M6_96619.csv',
  gfed: 'gfed-modis-fire-counts/modis_fire_counts_by_state_fire_year.csv',
  jtwcSouthIndian: 'cyclone-tracks-jtwc-1981-2019/South_indian_hurricane.csv',
  jtwcSouthPacific: 'cyclone-tracks-jtwc-1981-2019/South_pacific_hurricane.csv',
  nsha18: 'earthquakes-nsha18-catalogue/NSHA18CAT_V0.2_hmtk_declustered.csv',
  ncra: 'acs-ncra-climate-hazard-projections/ncra_region_hazard_metrics_by_gwl.csv',
  ffdi: 'acs-ncra-climate-hazard-projections/ffdi_threshold_days_change_by_gwl.csv',
  coastalPoints: 'acs-ncra-coastal-extreme-sea-levels/acssh_coastal_points_aep1pc_and_mf_by_slr.csv',
  slrIncrements: 'acs-ncra-coastal-extreme-sea-levels/slr_increments_ipcc_ar6.csv',
  bom: 'bom-annual-climate-series/australia_annual_climate_1900_2019.csv',
  lismore: 'lismore-flood-map-2022-floodmapper/lismore_floodmap_2022-03-27_to_2022-04-15.geojson',
} as const;

/** Gazetteer altitudes outside this range are data errors (e.g. -3492 m), m. */
const ALTITUDE_MIN_M = -10;
const ALTITUDE_MAX_M = 2300;

export class HazardDataMissingError extends Error {
  constructor(public readonly relativePath: string, dataDir: string) {
    super(`hazard data file missing: ${relativePath}(.gz) under ${dataDir}`);
  }
}

function requireFile(dataDir: string, relativePath: string): string {
  const path = resolveDataFile(dataDir, relativePath);
  if (!path) throw new HazardDataMissingError(relativePath, dataDir);
  return path;
}

function toNumber(raw: string | undefined): number | null {
  const text = (raw ?? '').trim();
  if (text === '' || text === 'NA' || text === 'nan') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

interface GeoJsonFeature {
  properties: Record<string, unknown> | null;
  geometry: { type: string; coordinates: unknown } | null;
}

async function readFeatures(dataDir: string, relativePath: string): Promise<GeoJsonFeature[]> {
  const json = (await readJsonFile(requireFile(dataDir, relativePath))) as { features?: GeoJsonFeature[] };
  return json.features ?? [];
}

function flatten(ring: number[][]): number[] {
  const flat = new Array<number>(ring.length * 2);
  for (let i = 0; i < ring.length; i += 1) {
    flat[2 * i] = ring[i]![0]!;
    flat[2 * i + 1] = ring[i]![1]!;
  }
  return flat;
}

function polygonsOf(geometry: GeoJsonFeature['geometry']): PolygonRings[] {
  if (!geometry) return [];
  if (geometry.type === 'Polygon') return [(geometry.coordinates as number[][][]).map(flatten)];
  if (geometry.type === 'MultiPolygon') return (geometry.coordinates as number[][][][]).map((polygon) => polygon.map(flatten));
  return [];
}

function linesOf(geometry: GeoJsonFeature['geometry']): number[][] {
  if (!geometry) return [];
  if (geometry.type === 'LineString') return [flatten(geometry.coordinates as number[][])];
  if (geometry.type === 'MultiLineString') return (geometry.coordinates as number[][][]).map(flatten);
  return [];
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

async function loadShorelines(dataDir: string): Promise<Polyline[]> {
  const lines: Polyline[] = [];
  for (const feature of await readFeatures(dataDir, HAZARD_DATA_FILES.shorelines)) {
    // Level 1 = land/ocean shoreline; level 2 (lake shores) is not coast.
    if (feature.properties?.level !== 1) continue;
    for (const coords of linesOf(feature.geometry)) lines.push({ name: null, kind: 'ocean shoreline', coords });
  }
  return lines;
}

async function loadRivers(dataDir: string): Promise<Polyline[]> {
  const lines: Polyline[] = [];
  for (const feature of await readFeatures(dataDir, HAZARD_DATA_FILES.neRivers)) {
    const name = text(feature.properties?.name);
    for (const coords of linesOf(feature.geometry)) lines.push({ name, kind: String(feature.properties?.featurecla ?? 'river').toLowerCase(), coords });
  }
  // The 1:10m Australian supplement: 339 rivers and creeks (the Yarra, Brisbane, Hawkesbury, Nepean...).
  for (const feature of await readFeatures(dataDir, HAZARD_DATA_FILES.neRiversAustralia)) {
    const name = text(feature.properties?.name) ?? text(feature.properties?.name_alt);
    const kind = String(text(feature.properties?.featurecla) ?? 'river').toLowerCase();
    for (const coords of linesOf(feature.geometry)) lines.push({ name, kind, coords });
  }
  for (const feature of await readFeatures(dataDir, HAZARD_DATA_FILES.wdbiiRivers)) {
    if (feature.properties?.country !== 'AU') continue;
    // WDBII class name, e.g. "Intermittent rivers - major" -> "WDBII intermittent rivers, major".
    const kind = `WDBII ${(text(feature.properties?.level_name) ?? 'rivers').toLowerCase().replace(/ - /g, ', ')}`;
    for (const coords of linesOf(feature.geometry)) lines.push({ name: null, kind, coords });
  }
  return lines;
}

async function loadLakes(dataDir: string): Promise<Polyline[]> {
  const lines: Polyline[] = [];
  for (const feature of await readFeatures(dataDir, HAZARD_DATA_FILES.neLakes)) {
    const name = text(feature.properties?.name);
    for (const rings of polygonsOf(feature.geometry)) for (const coords of rings) lines.push({ name, kind: 'lake shore', coords });
  }
  return lines;
}

async function loadStates(dataDir: string): Promise<StatePolygon[]> {
  return (await readFeatures(dataDir, HAZARD_DATA_FILES.neStates)).map((feature) => ({
    name: String(feature.properties?.name ?? ''),
    postal: String(feature.properties?.postal ?? ''),
    polygons: polygonsOf(feature.geometry),
  }));
}

async function loadSuburbs(dataDir: string): Promise<SuburbPolygon[]> {
  const perState = await Promise.all(
    HAZARD_DATA_FILES.suburbs.map(async (relativePath) =>
      (await readFeatures(dataDir, relativePath)).map((feature) => ({
        salCode: String(feature.properties?.SAL_CODE21 ?? ''),
        name: String(feature.properties?.SAL_NAME21 ?? ''),
        stateName: String(feature.properties?.STE_NAME21 ?? ''),
        polygons: polygonsOf(feature.geometry),
      })),
    ),
  );
  return perState.flat().filter((suburb) => suburb.polygons.length > 0);
}

async function loadBushfireProne(dataDir: string): Promise<BushfireProneShare[]> {
  const rows: BushfireProneShare[] = [];
  for await (const row of readCsvRows(requireFile(dataDir, HAZARD_DATA_FILES.bushfireProne))) {
    const share = toNumber(row.bf_area_pct);
    rows.push({ salCode: row.SAL_CODE21 ?? '', name: row.SAL_NAME21 ?? '', areaKm2: toNumber(row.area) ?? 0, proneShare: share === null ? 0 : Math.max(0, Math.min(1, share)) });
  }
  return rows;
}

async function loadLocalities(dataDir: string): Promise<GazetteerLocality[]> {
  const rows: GazetteerLocality[] = [];
  for await (const row of readCsvRows(requireFile(dataDir, HAZARD_DATA_FILES.gazetteer))) {
    const lat = toNumber(row.Lat);
    const lng = toNumber(row.Long);
    if (lat === null || lng === null || lat > -9 || lat < -45 || lng < 110 || lng > 160) continue;
    const altitude = toNumber(row.Altitude);
    rows.push({
      name: row.Locality ?? '',
      state: row.State ?? '',
      postcode: row.Postcode ?? '',
      lat,
      lng,
      // Exactly 0 marks a missing value in this file (152 rows, many far inland).
      altitudeM: altitude !== null && altitude !== 0 && altitude >= ALTITUDE_MIN_M && altitude <= ALTITUDE_MAX_M ? altitude : null,
    });
  }
  return rows;
}

async function loadFires(dataDir: string): Promise<FireDetection[]> {
  const rows: FireDetection[] = [];
  // parseFirmsDetection keeps type 0 (presumed vegetation fire) and drops volcanoes, static land
  // sources and offshore detections; the engine applies the confidence threshold.
  for await (const row of readCsvRows(requireFile(dataDir, HAZARD_DATA_FILES.firms))) {
    const detection = parseFirmsDetection(row);
    if (detection) rows.push(detection);
  }
  return rows;
}

async function loadStateFireYears(dataDir: string): Promise<StateFireYear[]> {
  const rows: StateFireYear[] = [];
  for await (const row of readCsvRows(requireFile(dataDir, HAZARD_DATA_FILES.gfed))) {
    rows.push({ state: row.state ?? '', fireYear: row.fire_year ?? '', totalFireCount: toNumber(row.total_fire_count) ?? 0, lastDay: toNumber(row.last_day) ?? 0 });
  }
  return rows;
}

/** JTWC rows outside this box (longitude E, latitude S as negative) are not Australian-region, degrees. */
const CYCLONE_BOX = { minLng: 100, maxLng: 165, minLat: -45, maxLat: -5 };

/**
 * JTWC best tracks 1981-2019, both basin files (SOURCE.md: `lat_tenth` is positive for south, so
 * it is negated; a storm's id is its basin, season and number; the southern season runs July to
 * June and is named by the year it ends). Rows outside CYCLONE_BOX are dropped.
 */
async function loadCyclones(dataDir: string): Promise<CycloneFix[]> {
  const rows: CycloneFix[] = [];
  for (const file of [HAZARD_DATA_FILES.jtwcSouthIndian, HAZARD_DATA_FILES.jtwcSouthPacific]) {
    for await (const row of readCsvRows(requireFile(dataDir, file))) {
      const latSouth = toNumber(row.lat_tenth);
      const lng = toNumber(row.lon_tenth);
      const time = (row.Time ?? '').trim();
      if (latSouth === null || lng === null || !/^\d{10}$/.test(time)) continue;
      const lat = -latSouth;
      if (lng < CYCLONE_BOX.minLng || lng > CYCLONE_BOX.maxLng || lat < CYCLONE_BOX.minLat || lat > CYCLONE_BOX.maxLat) continue;
      const year = Number(time.slice(0, 4));
      const month = Number(time.slice(4, 6));
      const season = month >= 7 ? year + 1 : year;
      const basin = (row.Basin ?? '').trim();
      rows.push({
        stormId: `${basin}-${season}-${(row['No. of Cycl'] ?? '').trim()}`,
        name: '',
        season,
        isoTime: `${time.slice(0, 4)}-${time.slice(4, 6)}-${time.slice(6, 8)}T${time.slice(8, 10)}:00:00Z`,
        lat,
        lng,
        windKt: toNumber(row['Speed(knots)']),
        pressureHpa: null,
      });
    }
  }
  return rows;
}

/** The declustered NSHA18 catalogue (mainshocks; OpenQuake HMTK layout, `magnitude` = preferred Mw). */
async function loadEarthquakes(dataDir: string): Promise<Earthquake[]> {
  const rows: Earthquake[] = [];
  for await (const row of readCsvRows(requireFile(dataDir, HAZARD_DATA_FILES.nsha18))) {
    const lat = toNumber(row.latitude);
    const lng = toNumber(row.longitude);
    const year = toNumber(row.year);
    if (lat === null || lng === null || year === null) continue;
    const pad = (value: string | undefined) => String(Math.trunc(toNumber(value) ?? 0)).padStart(2, '0');
    rows.push({
      eventId: row.eventID ?? '',
      originTime: `${String(year).padStart(4, '0')}-${pad(row.month)}-${pad(row.day)}T${pad(row.hour)}:${pad(row.minute)}:00Z`,
      lat,
      lng,
      depthKm: toNumber(row.depth),
      magnitudeMw: toNumber(row.magnitude),
      catalogue: 'NSHA18 declustered',
    });
  }
  return rows;
}

async function loadRegionMetrics(dataDir: string): Promise<RegionMetricRow[]> {
  const rows: RegionMetricRow[] = [];
  for await (const row of readCsvRows(requireFile(dataDir, HAZARD_DATA_FILES.ncra))) {
    rows.push({
      metric: row.metric ?? '',
      table: row.table === 'change' ? 'change' : 'average',
      gwl: toNumber(row.gwl) ?? 0,
      region: row.region_abbrev ?? '',
      regionName: row.region_name ?? '',
      min: toNumber(row.min),
      median: toNumber(row.median),
      max: toNumber(row.max),
      units: row.units ?? '',
    });
  }
  return rows;
}

async function loadFfdi(dataDir: string): Promise<FfdiChangeRow[]> {
  const rows: FfdiChangeRow[] = [];
  for await (const row of readCsvRows(requireFile(dataDir, HAZARD_DATA_FILES.ffdi))) {
    const threshold = Number(/gt(\d+)/.exec(row.metric ?? '')?.[1] ?? NaN);
    if (!Number.isFinite(threshold)) continue;
    rows.push({ thresholdFfdi: threshold, gwl: toNumber(row.gwl) ?? 0, region: row.region_abbrev ?? '', p10: toNumber(row.p10) ?? 0, p50: toNumber(row.p50) ?? 0, p90: toNumber(row.p90) ?? 0 });
  }
  return rows;
}

async function loadCoastalPoints(dataDir: string): Promise<CoastalPoint[]> {
  const byKey = new Map<string, { point: CoastalPoint; increments: { slr: number; swl: number | null; mtwl: number | null }[] }>();
  for await (const row of readCsvRows(requireFile(dataDir, HAZARD_DATA_FILES.coastalPoints))) {
    const lat = toNumber(row.latitude);
    const lng = toNumber(row.longitude);
    const slr = toNumber(row.slr_m);
    if (lat === null || lng === null || slr === null) continue;
    const key = `${row.longitude},${row.latitude}`;
    let entry = byKey.get(key);
    if (!entry) {
      const region = row.ncra_region && row.ncra_region !== 'NA' ? row.ncra_region : null;
      const lga = row.lga && row.lga !== 'NA' ? row.lga : null;
      entry = { point: { region, lga, lat, lng, swlAep1pcM: null, mtwlAep1pcM: null, slrM: [], swlMf: [], mtwlMf: [] }, increments: [] };
      byKey.set(key, entry);
    }
    if (slr === 0) {
      entry.point.swlAep1pcM = toNumber(row.swl_aep1pc_m);
      entry.point.mtwlAep1pcM = toNumber(row.mtwl_aep1pc_m);
    }
    entry.increments.push({ slr, swl: toNumber(row.swl_mf_p50), mtwl: toNumber(row.mtwl_mf_p50) });
  }
  return [...byKey.values()].map(({ point, increments }) => {
    increments.sort((a, b) => a.slr - b.slr);
    return { ...point, slrM: increments.map((i) => i.slr), swlMf: increments.map((i) => i.swl), mtwlMf: increments.map((i) => i.mtwl) };
  });
}

async function loadSlrIncrements(dataDir: string): Promise<SlrIncrementRow[]> {
  const rows: SlrIncrementRow[] = [];
  for await (const row of readCsvRows(requireFile(dataDir, HAZARD_DATA_FILES.slrIncrements))) {
    rows.push({
      year: toNumber(row.year) ?? 0,
      gwlC: toNumber(row.global_warming_level_degC) ?? 0,
      ssp: row.indicative_ssp_ar6_table_9_10 ?? '',
      slrMedianM: toNumber(row.slr_m_median) ?? 0,
      slrLikelyLowM: toNumber(row.slr_m_likely_low) ?? 0,
      slrLikelyHighM: toNumber(row.slr_m_likely_high) ?? 0,
    });
  }
  return rows;
}

async function loadAnnualClimate(dataDir: string): Promise<AnnualClimateRow[]> {
  const rows: AnnualClimateRow[] = [];
  for await (const row of readCsvRows(requireFile(dataDir, HAZARD_DATA_FILES.bom))) {
    rows.push({ year: toNumber(row.year) ?? 0, rainfallMm: toNumber(row.rainfall_mm), tmeanAnomalyC: toNumber(row.tmean_anomaly_c), tmaxAnomalyC: toNumber(row.tmax_anomaly_c), sstAnomalyC: toNumber(row.sst_anomaly_c) });
  }
  return rows;
}

async function loadFloodMaps(dataDir: string): Promise<FloodMapPolygon[]> {
  const polygons: FloodMapPolygon[] = [];
  for (const feature of await readFeatures(dataDir, HAZARD_DATA_FILES.lismore)) {
    const floodClass = String(feature.properties?.class ?? '');
    for (const rings of polygonsOf(feature.geometry)) polygons.push({ floodClass, rings });
  }
  return polygons;
}

export interface LoadHazardDataOptions {
  /**
   * When true a missing file leaves its data set empty and is listed in `missingFiles` (the
   * hazards that need it then report `hasData: false`); when false (the default) it is an error,
   * so that a wrong PROPGUARD_DATA_PATH fails at start rather than as "no data" everywhere.
   */
  allowMissing?: boolean;
  /**
   * Where to keep a snapshot of what was read (PROPGUARD_HOME/cache): while the files under
   * `dataDir` and this code are unchanged, a start reads it (about 1 s) instead of the files (4 s
   * on a quiet 2-core machine, 9 s on a busy one). Undefined: always the files.
   */
  snapshotDir?: string;
}

/**
 * The code of the load, for the snapshot's name: the sources of this module, the file readers it uses
 * and the FIRMS parser (source files, not a function's text, which depends on the transpiler: the
 * worker of warm-hazard-snapshot.ts and a test runner must name the same snapshot).
 */
function hazardLoadCode(): string {
  return sourceFilesText(new URL(import.meta.url), new URL('../ingest/read-source-file.ts', import.meta.url), new URL('../../../engines/src/hazards/firms.ts', import.meta.url));
}

/**
 * Reads every hazard data set under `dataDir` (default layout of data/). About 2 s on the
 * development machine; see docs/methodology/hazards.md for the measured cost.
 * @example const context = buildHazardContext(await loadHazardData('./data'));
 */
export async function loadHazardData(dataDir: string, options: LoadHazardDataOptions = {}): Promise<HazardDataSets> {
  if (options.snapshotDir === undefined) return readHazardFiles(dataDir, options);
  return readThroughFileSnapshot(hazardSnapshotSpec(dataDir, options.snapshotDir, options), () => readHazardFiles(dataDir, options));
}

function hazardSnapshotSpec(dataDir: string, snapshotDir: string, options: LoadHazardDataOptions): FileSnapshotSpec {
  return { directory: snapshotDir, name: options.allowMissing ? 'hazard-data-partial' : 'hazard-data', inputs: dataDir, code: hazardLoadCode() };
}

/** Whether `loadHazardData(dataDir, { snapshotDir })` would read its snapshot rather than the files. */
export function hasHazardSnapshot(dataDir: string, snapshotDir: string): boolean {
  return hasFileSnapshot(hazardSnapshotSpec(dataDir, snapshotDir, {}));
}

async function readHazardFiles(dataDir: string, options: LoadHazardDataOptions): Promise<HazardDataSets> {
  const missingFiles: string[] = [];
  const guard = async <T>(load: (dir: string) => Promise<T[]>): Promise<T[]> => {
    try {
      return await load(dataDir);
    } catch (error) {
      if (options.allowMissing && error instanceof HazardDataMissingError) {
        missingFiles.push(error.relativePath);
        return [];
      }
      throw error;
    }
  };
  const [coastline, rivers, lakes, states, suburbs, bushfireProne, localities, fireDetections, stateFireYears, cycloneFixes, earthquakes, regionMetrics, ffdiChanges, coastalPoints, slrIncrements, annualClimate, floodMaps] =
    await Promise.all([
      guard(loadShorelines),
      guard(loadRivers),
      guard(loadLakes),
      guard(loadStates),
      guard(loadSuburbs),
      guard(loadBushfireProne),
      guard(loadLocalities),
      guard(loadFires),
      guard(loadStateFireYears),
      guard(loadCyclones),
      guard(loadEarthquakes),
      guard(loadRegionMetrics),
      guard(loadFfdi),
      guard(loadCoastalPoints),
      guard(loadSlrIncrements),
      guard(loadAnnualClimate),
      guard(loadFloodMaps),
    ]);
  return {
    coastline, rivers, lakes, suburbs, bushfireProne, localities, fireDetections, stateFireYears, cycloneFixes, earthquakes,
    regionMetrics, ffdiChanges, coastalPoints, slrIncrements, annualClimate, floodMaps, states, missingFiles: missingFiles.sort(),
  };
}
