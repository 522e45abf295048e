/**
 * `buildHazardContext(data)`: the spatial indexes over the hazard data sets, built once at start
 * (kdbush for points, flatbush for segments and polygon bounding boxes), and `locateSite`, the
 * per-place lookups every hazard shares (suburb, state, NCRA region, nearest locality, distance
 * to the coast).
 */
import KDBush from 'kdbush';
import { formatKm } from './common.ts';
import { countsForEarthquakeAssessment } from './reference-tables.ts';
import { buildPolygonIndex, buildSegmentIndex, degreeSpan, distanceKm, findContaining, findNearestLine, type PolygonIndex, type SegmentIndex } from './geo.ts';
import type {
  BushfireProneShare,
  CoastalPoint,
  CycloneFix,
  Earthquake,
  FfdiChangeRow,
  FireDetection,
  FloodMapPolygon,
  GazetteerLocality,
  HazardDataSets,
  HazardLocation,
  ImportedFloodLayer,
  PolygonRings,
  Polyline,
  RegionMetricRow,
  StatePolygon,
  SuburbPolygon,
} from './types.ts';

export interface PointIndex<T> {
  items: readonly T[];
  tree: KDBush | null;
}

function buildPointIndex<T extends { lat: number; lng: number }>(items: readonly T[]): PointIndex<T> {
  if (items.length === 0) return { items, tree: null };
  const tree = new KDBush(items.length);
  for (const item of items) tree.add(item.lng, item.lat);
  tree.finish();
  return { items, tree };
}

/** Calls `visit` for each item within `radiusKm` (great-circle) with its distance, in no order; allocates no list. */
export function forEachPointWithin<T extends { lat: number; lng: number }>(index: PointIndex<T>, lat: number, lng: number, radiusKm: number, visit: (item: T, distanceKm: number) => void): void {
  if (!index.tree) return;
  const { dLat, dLng } = degreeSpan(lat, radiusKm);
  for (const i of index.tree.range(lng - dLng, lat - dLat, lng + dLng, lat + dLat)) {
    const item = index.items[i]!;
    const d = distanceKm(lat, lng, item.lat, item.lng);
    if (d <= radiusKm) visit(item, d);
  }
}

/** Items within `radiusKm` (great-circle), with their distances, nearest first. */
export function findPointsWithin<T extends { lat: number; lng: number }>(index: PointIndex<T>, lat: number, lng: number, radiusKm: number): { item: T; distanceKm: number }[] {
  const found: { item: T; distanceKm: number }[] = [];
  forEachPointWithin(index, lat, lng, radiusKm, (item, distanceKm) => found.push({ item, distanceKm }));
  return found.sort((a, b) => a.distanceKm - b.distanceKm);
}

/**
 * How many items lie within `radiusKm` and the nearest one's distance (null when none).
 * @example countPointsWithin(context.fireIndex, -37.56, 149.75, 50) // { count: 1843, nearestKm: 0.4 }
 */
export function countPointsWithin<T extends { lat: number; lng: number }>(index: PointIndex<T>, lat: number, lng: number, radiusKm: number): { count: number; nearestKm: number | null } {
  let count = 0;
  let nearestKm: number | null = null;
  forEachPointWithin(index, lat, lng, radiusKm, (_item, distanceKm) => {
    count += 1;
    if (nearestKm === null || distanceKm < nearestKm) nearestKm = distanceKm;
  });
  return { count, nearestKm };
}

/** The nearest item within `maxDistanceKm` (growing boxes), or null. */
export function findNearestPoint<T extends { lat: number; lng: number }>(index: PointIndex<T>, lat: number, lng: number, maxDistanceKm: number): { item: T; distanceKm: number } | null {
  for (let radiusKm = Math.min(5, maxDistanceKm); ; radiusKm = Math.min(radiusKm * 4, maxDistanceKm)) {
    const found = findPointsWithin(index, lat, lng, radiusKm);
    if (found.length > 0) return found[0]!;
    if (radiusKm >= maxDistanceKm) return null;
  }
}

/** One polygon of an imported flood layer, with the layer it belongs to. */
export interface ImportedFloodPolygon {
  layer: ImportedFloodLayer;
  value: number | null;
  rings: PolygonRings;
}

/** The R-tree over every polygon of the imported flood layers. */
export function indexImportedFloodLayers(layers: readonly ImportedFloodLayer[]): PolygonIndex<ImportedFloodPolygon> {
  const polygons: ImportedFloodPolygon[] = layers.flatMap((layer) => layer.features.map((feature) => ({ layer, value: feature.value, rings: feature.rings })));
  return buildPolygonIndex(polygons, (polygon) => [polygon.rings]);
}

/**
 * The same context with other imported flood layers (after an import or a removal): only their
 * index is rebuilt.
 * @example const updated = withImportedFloodLayers(context, await loadFloodLayers(database));
 */
export function withImportedFloodLayers(context: HazardContext, layers: readonly ImportedFloodLayer[]): HazardContext {
  return { ...context, data: { ...context.data, floodLayers: [...layers] }, importedFloodIndex: indexImportedFloodLayers(layers) };
}

/** One mapped line of a named river: its length and midpoint (for Hack's-law catchment estimates). */
export interface RiverLineLength {
  lengthKm: number;
  lat: number;
  lng: number;
}

function indexRiverLengths(rivers: readonly Polyline[]): Map<string, RiverLineLength[]> {
  const byName = new Map<string, RiverLineLength[]>();
  for (const line of rivers) {
    if (!line.name || line.coords.length < 4) continue;
    let lengthKm = 0;
    for (let i = 0; i + 3 < line.coords.length; i += 2) lengthKm += distanceKm(line.coords[i + 1]!, line.coords[i]!, line.coords[i + 3]!, line.coords[i + 2]!);
    const mid = 2 * Math.floor(line.coords.length / 4);
    const key = line.name.toUpperCase();
    const list = byName.get(key) ?? [];
    list.push({ lengthKm, lat: line.coords[mid + 1]!, lng: line.coords[mid]! });
    byName.set(key, list);
  }
  return byName;
}

function groupTracks(fixes: readonly CycloneFix[]): Map<string, CycloneFix[]> {
  const tracks = new Map<string, CycloneFix[]>();
  for (const fix of fixes) {
    const track = tracks.get(fix.stormId) ?? [];
    track.push(fix);
    tracks.set(fix.stormId, track);
  }
  for (const track of tracks.values()) track.sort((a, b) => (a.isoTime < b.isoTime ? -1 : a.isoTime > b.isoTime ? 1 : 0));
  return tracks;
}

export interface HazardContext {
  data: HazardDataSets;
  coastIndex: SegmentIndex;
  riverIndex: SegmentIndex;
  /** River name (upper case) -> the mapped lengths of its lines, for the catchment estimate (flood). */
  riverLinesByName: ReadonlyMap<string, RiverLineLength[]>;
  lakeIndex: SegmentIndex;
  suburbIndex: PolygonIndex<SuburbPolygon>;
  bushfireBySal: ReadonlyMap<string, BushfireProneShare>;
  localityIndex: PointIndex<GazetteerLocality>;
  /** `${NAME}|${STATE}` (upper case) -> gazetteer localities of that name. */
  localitiesByName: ReadonlyMap<string, GazetteerLocality[]>;
  /** Archive detections (confidence >= 50, the threshold SOURCE.md recommends). */
  fireIndex: PointIndex<FireDetection>;
  firePeriod: { from: string; to: string } | null;
  cycloneIndex: PointIndex<CycloneFix>;
  /** Track fixes of each storm in time order (JTWC), for distances to track segments. */
  cycloneTracks: ReadonlyMap<string, CycloneFix[]>;
  /** Position of each fix in its storm's track (to reach the segments on either side of it). */
  cycloneFixPosition: ReadonlyMap<CycloneFix, number>;
  /** The catalogue events that can change an earthquake assessment (countsForEarthquakeAssessment). */
  earthquakeIndex: PointIndex<Earthquake>;
  coastalPointIndex: PointIndex<CoastalPoint>;
  floodMapIndex: PolygonIndex<FloodMapPolygon>;
  /** Polygons of the imported flood layers (issue 18), each with its layer. */
  importedFloodIndex: PolygonIndex<ImportedFloodPolygon>;
  stateIndex: PolygonIndex<StatePolygon>;
  /** `${metric}|${table}|${region}` -> rows by GWL, ascending. */
  regionMetrics: ReadonlyMap<string, RegionMetricRow[]>;
  /** `${threshold}|${region}` -> rows by GWL, ascending. */
  ffdiChanges: ReadonlyMap<string, FfdiChangeRow[]>;
  regionNames: ReadonlyMap<string, string>;
}

/** Archive fire detections below this MODIS confidence are ignored (FIRMS SOURCE.md: use >= 50). */
export const MIN_FIRE_CONFIDENCE = 50;

/**
 * Builds every index once (about a second for the shipped data). Pure: it only reads `data`.
 * @example const context = buildHazardContext(await loadHazardData('data'));
 */
export function buildHazardContext(data: HazardDataSets): HazardContext {
  const regionMetrics = new Map<string, RegionMetricRow[]>();
  const regionNames = new Map<string, string>();
  for (const row of data.regionMetrics) {
    const key = `${row.metric}|${row.table}|${row.region}`;
    const rows = regionMetrics.get(key) ?? [];
    rows.push(row);
    regionMetrics.set(key, rows);
    regionNames.set(row.region, row.regionName);
  }
  for (const rows of regionMetrics.values()) rows.sort((a, b) => a.gwl - b.gwl);
  const ffdiChanges = new Map<string, FfdiChangeRow[]>();
  for (const row of data.ffdiChanges) {
    const key = `${row.thresholdFfdi}|${row.region}`;
    const rows = ffdiChanges.get(key) ?? [];
    rows.push(row);
    ffdiChanges.set(key, rows);
  }
  for (const rows of ffdiChanges.values()) rows.sort((a, b) => a.gwl - b.gwl);
  const fires = data.fireDetections.filter((fire) => fire.confidence === null || fire.confidence >= MIN_FIRE_CONFIDENCE);
  let from: string | null = null;
  let to: string | null = null;
  for (const fire of data.fireDetections) {
    if (from === null || fire.acquiredAt < from) from = fire.acquiredAt;
    if (to === null || fire.acquiredAt > to) to = fire.acquiredAt;
  }
  const localitiesByName = new Map<string, GazetteerLocality[]>();
  for (const locality of data.localities) {
    const key = `${locality.name.toUpperCase()}|${locality.state.toUpperCase()}`;
    const list = localitiesByName.get(key) ?? [];
    list.push(locality);
    localitiesByName.set(key, list);
  }
  const cycloneTracks = groupTracks(data.cycloneFixes);
  return {
    data,
    coastIndex: buildSegmentIndex(data.coastline),
    riverIndex: buildSegmentIndex(data.rivers),
    riverLinesByName: indexRiverLengths(data.rivers),
    lakeIndex: buildSegmentIndex(data.lakes),
    suburbIndex: buildPolygonIndex(data.suburbs, (suburb) => suburb.polygons),
    bushfireBySal: new Map(data.bushfireProne.map((row) => [row.salCode, row])),
    localityIndex: buildPointIndex(data.localities),
    localitiesByName,
    fireIndex: buildPointIndex(fires),
    firePeriod: from !== null && to !== null ? { from, to } : null,
    cycloneIndex: buildPointIndex(data.cycloneFixes),
    cycloneTracks,
    cycloneFixPosition: new Map([...cycloneTracks.values()].flatMap((track) => track.map((fix, i) => [fix, i] as const))),
    earthquakeIndex: buildPointIndex(data.earthquakes.filter((quake) => quake.magnitudeMw !== null && countsForEarthquakeAssessment(quake.magnitudeMw, Number(quake.originTime.slice(0, 4))))),
    coastalPointIndex: buildPointIndex(data.coastalPoints),
    floodMapIndex: buildPolygonIndex(data.floodMaps, (polygon) => [polygon.rings]),
    importedFloodIndex: indexImportedFloodLayers(data.floodLayers ?? []),
    stateIndex: buildPolygonIndex(data.states, (state) => state.polygons),
    regionMetrics,
    ffdiChanges,
    regionNames,
  };
}

const STATE_CODES: Readonly<Record<string, string>> = {
  'New South Wales': 'NSW',
  Victoria: 'VIC',
  Queensland: 'QLD',
  'South Australia': 'SA',
  'Western Australia': 'WA',
  Tasmania: 'TAS',
  'Northern Territory': 'NT',
  'Australian Capital Territory': 'ACT',
  'Other Territories': 'OT',
};

/**
 * NCRA region of a state and latitude. The ACS tables split Queensland and Western Australia into
 * North and South without publishing the line in our data; PropGuard uses the Tropic of
 * Capricorn (23.44° S). The ACT is in the NSW region (ACS SOURCE.md: "NSW (NSW + ACT)").
 */
export function ncraRegionFor(stateCode: string, lat: number): string | null {
  const tropic = -23.44;
  switch (stateCode) {
    case 'NSW':
    case 'ACT':
      return 'NSW';
    case 'VIC':
    case 'SA':
    case 'TAS':
    case 'NT':
      return stateCode;
    case 'QLD':
      return lat > tropic ? 'QLDNorth' : 'QLDSouth';
    case 'WA':
      return lat > tropic ? 'WANorth' : 'WASouth';
    default:
      return null;
  }
}

/** What every hazard needs to know about a place, looked up once per place. */
export interface Site {
  lat: number;
  lng: number;
  suburb: SuburbPolygon | null;
  stateCode: string | null;
  region: { id: string; name: string } | null;
  locality: GazetteerLocality | null;
  localityDistanceKm: number | null;
  /** The place's one altitude (placeAltitude), which every hazard using an altitude reads; null when none. */
  altitude: SiteAltitude | null;
  /** Inside an ABS suburb or a Natural Earth state polygon (not only near a locality). */
  isOnLand: boolean;
  /** Distance to the nearest GSHHG shoreline, km; null when over COAST_SEARCH_KM. */
  coastDistanceKm: number | null;
  /**
   * The hazards' year-independent look-ups at this site (rivers, earthquakes, fire detections,
   * cyclone tracks, storm tide), kept so that assessing the same site for another year (today and
   * 2050) does not repeat them. Filled by `siteLookup`; absent on a Site built by hand.
   */
  lookups?: Map<string, unknown>;
}

/**
 * A year-independent look-up at a site, computed once per site and kept on it: the second year
 * assessed at the same site reads the first one's answer. The answer depends only on the site and
 * the context, never on the scenario or year.
 * @example const storms = siteLookup(site, 'cyclone-storms', () => findDamagingStorms(site, context));
 */
export function siteLookup<T>(site: Site, key: string, compute: () => T): T {
  site.lookups ??= new Map();
  if (site.lookups.has(key)) return site.lookups.get(key) as T;
  const value = compute();
  site.lookups.set(key, value);
  return value;
}

/** Coastline search radius, km: beyond it no coastal hazard applies. */
export const COAST_SEARCH_KM = 150;
/** A locality describes a place only within this distance, km. */
export const LOCALITY_MAX_KM = 10;

/**
 * The gazetteer locality that describes the site: the one named like the ABS suburb containing it
 * (SAL names carry a state suffix such as "Abbotsford (Vic.)", stripped here) within
 * LOCALITY_MAX_KM, preferring one with an altitude; else the nearest locality within LOCALITY_MAX_KM.
 */
function findSiteLocality(context: HazardContext, lat: number, lng: number, suburb: SuburbPolygon | null, stateCode: string | null): { item: GazetteerLocality; distanceKm: number } | null {
  if (suburb && stateCode) {
    const name = stripStateSuffix(suburb.name);
    const named = (context.localitiesByName.get(`${name}|${stateCode}`) ?? [])
      .map((item) => ({ item, distanceKm: distanceKm(lat, lng, item.lat, item.lng) }))
      .filter((candidate) => candidate.distanceKm <= LOCALITY_MAX_KM)
      .sort((a, b) => Number(b.item.altitudeM !== null) - Number(a.item.altitudeM !== null) || a.distanceKm - b.distanceKm);
    if (named.length > 0) return named[0]!;
  }
  const nearest = findNearestPoint(context.localityIndex, lat, lng, LOCALITY_MAX_KM);
  return nearest;
}

/** A place's altitude, m, with where it comes from (issue 33: one altitude per place). */
export interface SiteAltitude {
  valueM: number;
  /** `locality`: the place's own gazetteer locality; `neighbours`: the median of the localities within SITE_ALTITUDE_MAX_KM. */
  source: 'locality' | 'neighbours';
  /** The locality's name (`locality`), or the nearest of the neighbours. */
  localityName: string;
  /** Distance to that locality's point, km. */
  distanceKm: number;
  /** How many gazetteer altitudes gave the value (1 for `locality`). */
  count: number;
}

/** A gazetteer locality describes the site's altitude only within this distance, km. */
export const SITE_ALTITUDE_MAX_KM = 3;

function stripStateSuffix(name: string): string {
  return name.replace(/\s*\([^)]*\)\s*$/, '').toUpperCase();
}

/**
 * The place's altitude (issue 33), the one every hazard uses (flood, coastal) and quotes: its own
 * gazetteer locality's (the one named like the ABS suburb containing it, else the nearest) when that
 * locality's point is within SITE_ALTITUDE_MAX_KM; else the median altitude of the gazetteer
 * localities within that distance; else (flood-v3) its own locality's up to LOCALITY_MAX_KM away when
 * named like the containing suburb (a large suburb's point can lie beyond 3 km). Null otherwise.
 * @example placeAltitude(context, -33.89, 151.27, site.suburb, site.locality) // { valueM: 74, source: 'locality', ... }
 */
export function placeAltitude(context: HazardContext, lat: number, lng: number, suburb: SuburbPolygon | null, locality: { item: GazetteerLocality; distanceKm: number } | null): SiteAltitude | null {
  const own = locality && locality.item.altitudeM !== null ? { valueM: locality.item.altitudeM, source: 'locality' as const, localityName: locality.item.name, distanceKm: locality.distanceKm, count: 1 } : null;
  if (own && own.distanceKm <= SITE_ALTITUDE_MAX_KM) return own;
  const near: { valueM: number; name: string; distanceKm: number }[] = [];
  forEachPointWithin(context.localityIndex, lat, lng, SITE_ALTITUDE_MAX_KM, (item, distanceKm) => {
    if (item.altitudeM !== null) near.push({ valueM: item.altitudeM, name: item.name, distanceKm });
  });
  if (near.length > 0) {
    const values = near.map((item) => item.valueM).sort((a, b) => a - b);
    const mid = Math.floor(values.length / 2);
    const nearest = near.reduce((a, b) => (b.distanceKm < a.distanceKm ? b : a));
    return { valueM: values.length % 2 === 1 ? values[mid]! : (values[mid - 1]! + values[mid]!) / 2, source: 'neighbours', localityName: nearest.name, distanceKm: nearest.distanceKm, count: values.length };
  }
  if (own && suburb && own.localityName.toUpperCase() === stripStateSuffix(suburb.name)) return own;
  return null;
}

/**
 * The altitude as every reason quotes it.
 * @example describeAltitude({ valueM: 74, source: 'locality', localityName: 'BONDI', distanceKm: 0.8, count: 1 }) // 'altitude 74 m (gazetteer locality Bondi, 0.8 km away)'
 */
export function describeAltitude(altitude: SiteAltitude): string {
  const name = altitude.localityName.toLowerCase().replace(/\b\w/g, (char) => char.toUpperCase());
  return altitude.source === 'locality'
    ? `altitude ${altitude.valueM.toFixed(0)} m (gazetteer locality ${name}, ${formatKm(altitude.distanceKm)} away)`
    : `altitude ${altitude.valueM.toFixed(0)} m (median of ${altitude.count} gazetteer localities within ${SITE_ALTITUDE_MAX_KM} km, nearest ${name})`;
}

/**
 * The per-place lookups shared by the six hazards: suburb, state, NCRA region, gazetteer
 * locality and altitude (m), distance to the coast (km).
 * @example locateSite({ lat: -28.81, lng: 153.27 }, context).region // { id: 'NSW', name: '...' }
 */
export function locateSite(location: HazardLocation, context: HazardContext): Site {
  const { lat, lng } = location;
  const suburb = findContaining(context.suburbIndex, lat, lng, (item) => item.polygons)[0] ?? null;
  let stateCode = suburb ? (STATE_CODES[suburb.stateName] ?? null) : null;
  if (!stateCode) stateCode = findContaining(context.stateIndex, lat, lng, (item) => item.polygons)[0]?.postal ?? null;
  const isOnLand = suburb !== null || stateCode !== null;
  if (!stateCode) stateCode = findNearestPoint(context.localityIndex, lat, lng, 50)?.item.state ?? null;
  const regionId = stateCode ? ncraRegionFor(stateCode, lat) : null;
  const coast = findNearestLine(context.coastIndex, lat, lng, COAST_SEARCH_KM);
  const locality = findSiteLocality(context, lat, lng, suburb, stateCode);
  const altitude = placeAltitude(context, lat, lng, suburb, locality);
  return {
    lat,
    lng,
    suburb,
    stateCode,
    region: regionId ? { id: regionId, name: context.regionNames.get(regionId) ?? regionId } : null,
    locality: locality ? locality.item : null,
    localityDistanceKm: locality ? locality.distanceKm : null,
    altitude,
    isOnLand,
    coastDistanceKm: coast ? coast.distanceKm : null,
    lookups: new Map(),
  };
}
