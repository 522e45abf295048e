/**
 * Input shapes of the hazard engine (issue 4). The loader in packages/db reads the files under
 * data/ into `HazardDataSets`; `buildHazardContext` indexes them once. Coordinates are WGS84
 * degrees; flat coordinate arrays hold [lng0, lat0, lng1, lat1, ...].
 */
import type { ClimateScenario } from '@propguard/schemas';

export interface HazardLocation {
  lat: number;
  lng: number;
}

/** One active-fire detection (NASA FIRMS MODIS/VIIRS), archive or live. */
export interface FireDetection {
  lat: number;
  lng: number;
  /** ISO 8601 UTC, e.g. "2019-09-06T03:35:00Z". */
  acquiredAt: string;
  /** Fire radiative power, MW. */
  frpMw: number;
  /** Detection confidence 0-100 (MODIS); null when the source gives none. */
  confidence: number | null;
}

/** A polyline (river, shoreline) with a flat [lng, lat, ...] coordinate array. */
export interface Polyline {
  name: string | null;
  /** e.g. "river", "intermittent river", "lake shore". */
  kind: string;
  coords: number[];
}

/** A polygon: outer ring first, holes after; each ring a flat [lng, lat, ...] array. */
export type PolygonRings = number[][];

export interface SuburbPolygon {
  salCode: string;
  name: string;
  stateName: string;
  polygons: PolygonRings[];
}

export interface BushfireProneShare {
  salCode: string;
  name: string;
  areaKm2: number;
  /** Share of the suburb's area designated bushfire-prone, 0-1. */
  proneShare: number;
}

export interface GazetteerLocality {
  name: string;
  state: string;
  postcode: string;
  lat: number;
  lng: number;
  /** Locality altitude, m (the gazetteer's; null when absent or implausible). */
  altitudeM: number | null;
}

export interface StateFireYear {
  state: string;
  fireYear: string;
  totalFireCount: number;
  lastDay: number;
}

export interface CycloneFix {
  stormId: string;
  name: string;
  season: number;
  isoTime: string;
  lat: number;
  lng: number;
  windKt: number | null;
  pressureHpa: number | null;
}

export interface Earthquake {
  eventId: string;
  originTime: string;
  lat: number;
  lng: number;
  depthKm: number | null;
  magnitudeMw: number | null;
  catalogue: string;
}

/** One row of the ACS/NCRA regional hazard table. */
export interface RegionMetricRow {
  metric: string;
  table: 'average' | 'change';
  gwl: number;
  region: string;
  regionName: string;
  min: number | null;
  median: number | null;
  max: number | null;
  units: string;
}

/** Change in days a year with FFDI above a threshold vs GWL 1.2 (ACS hazard_fire). */
export interface FfdiChangeRow {
  thresholdFfdi: number;
  gwl: number;
  region: string;
  p10: number;
  p50: number;
  p90: number;
}

/** An ACS coastal point: present 1 % AEP levels and the multiplication factors by SLR increment. */
export interface CoastalPoint {
  region: string | null;
  lga: string | null;
  lat: number;
  lng: number;
  /** Still water level of the 1 % AEP storm tide at SLR 0, m above mean sea level. */
  swlAep1pcM: number | null;
  /** Mean total water level (incl. wave setup) of the 1 % AEP event at SLR 0, m. */
  mtwlAep1pcM: number | null;
  /** SLR increments, m, ascending. */
  slrM: number[];
  /** Median multiplication factor of the 1 % AEP frequency per increment (SWL / MTWL). */
  swlMf: (number | null)[];
  mtwlMf: (number | null)[];
}

export interface SlrIncrementRow {
  year: number;
  gwlC: number;
  ssp: string;
  slrMedianM: number;
  slrLikelyLowM: number;
  slrLikelyHighM: number;
}

export interface AnnualClimateRow {
  year: number;
  rainfallMm: number | null;
  tmeanAnomalyC: number | null;
  tmaxAnomalyC: number | null;
  sstAnomalyC: number | null;
}

export interface FloodMapPolygon {
  /** `area_imaged`, `water` or `flood_trace`. */
  floodClass: string;
  rings: PolygonRings;
}

export interface StatePolygon {
  name: string;
  postal: string;
  polygons: PolygonRings[];
}

/** The attribute of an imported flood layer mapped to a level (issue 18). */
export type FloodLayerField = 'aep' | 'ari' | 'depth';

/**
 * A flood overlay a deployment imported (`propguard import hazard-layer`), e.g. a council's 1% AEP
 * extent or a depth grid as polygons; stored in the database, passed in here.
 */
export interface ImportedFloodLayer {
  id: number;
  name: string;
  licenceNote: string;
  /** ISO 8601 UTC. */
  importedAt: string;
  /** Which attribute `value` holds: AEP %, ARI years or depth m; null when the layer is an extent only. */
  field: FloodLayerField | null;
  features: { value: number | null; rings: PolygonRings }[];
}

/** Everything the loader reads from data/ (packages/db/src/hazards/load-hazard-data.ts). */
export interface HazardDataSets {
  coastline: Polyline[];
  rivers: Polyline[];
  lakes: Polyline[];
  suburbs: SuburbPolygon[];
  bushfireProne: BushfireProneShare[];
  localities: GazetteerLocality[];
  fireDetections: FireDetection[];
  stateFireYears: StateFireYear[];
  cycloneFixes: CycloneFix[];
  earthquakes: Earthquake[];
  regionMetrics: RegionMetricRow[];
  ffdiChanges: FfdiChangeRow[];
  coastalPoints: CoastalPoint[];
  slrIncrements: SlrIncrementRow[];
  annualClimate: AnnualClimateRow[];
  floodMaps: FloodMapPolygon[];
  states: StatePolygon[];
  /** Flood overlays imported into the database (none in data/); they decide ahead of every other flood source. */
  floodLayers?: ImportedFloodLayer[];
  /** Files the loader could not find (only with `allowMissing`); their data sets are empty. */
  missingFiles?: string[];
}

export type { ClimateScenario };
