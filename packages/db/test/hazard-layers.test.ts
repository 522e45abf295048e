// Imported flood overlays (issue 18): a layer built from the 2022 Lismore flood map in another
// format (a zipped Shapefile with an AEP attribute) is imported, stored with its name, licence note
// and import date, found by the indexed bounding boxes, decides the flood answer ahead of the bundled
// map and the screening with a citation, and is removed again. On PGlite and on PostgreSQL.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessFlood, buildHazardContext, withImportedFloodLayers, type HazardContext } from '@propguard/engines';
import { AppError } from '@propguard/schemas';
import { findHazardLayersAt, importHazardLayer, listHazardLayers, loadFloodLayers, loadHazardData, openDatabase, readHazardLayerFile, removeHazardLayer, type Database } from '../src/index.ts';
import { readJsonFile } from '../src/ingest/read-source-file.ts';
import { decodeGeoPackageGeometry } from '../src/hazards/geopackage.ts';
import { createTempHome, createTestPostgres } from './support/test-databases.ts';
import { buildZippedShapefile, type ShapefilePolygon } from './support/write-shapefile.ts';

const DATA_DIR = new URL('../../../data', import.meta.url).pathname;
const LISMORE_MAP = join(DATA_DIR, 'lismore-flood-map-2022-floodmapper', 'lismore_floodmap_2022-03-27_to_2022-04-15.geojson.gz');
// Inside the satellite wet area (the sanity test's lismoreWet), and the Lismore CBD hill (Goonellabah) outside it.
const LISMORE_WET = { lat: -28.8141, lng: 153.2746 };
const GPKG_FIXTURE = new URL('./__fixtures__/lismore-test-extents.gpkg', import.meta.url).pathname;
const GOONELLABAH = { lat: -28.8167, lng: 153.3167 };

const postgres = await createTestPostgres();
let context: HazardContext;
let shapefilePath: string;
let geojsonPath: string;
let home: Awaited<ReturnType<typeof createTempHome>>;
let wetPolygonCount = 0;

beforeAll(async () => {
  context = buildHazardContext(await loadHazardData(DATA_DIR));
  home = await createTempHome();
  // The Lismore map's wet polygons (water, flood trace) as a zipped Shapefile, attribute AEP_PCT = 1:
  // the observed 2022 extent standing in for a council's 1% AEP overlay.
  const map = (await readJsonFile(LISMORE_MAP)) as { features: { properties: { class: string }; geometry: { type: string; coordinates: number[][][] | number[][][][] } }[] };
  const polygons: ShapefilePolygon[] = [];
  for (const feature of map.features) {
    if (feature.properties.class === 'area_imaged') continue;
    const parts = feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates as number[][][]] : (feature.geometry.coordinates as number[][][][]);
    for (const rings of parts) polygons.push({ rings, attributes: { AEP_PCT: 1, CLASS: feature.properties.class } });
  }
  wetPolygonCount = polygons.length;
  shapefilePath = join(home.homeDir, 'lismore_1pc_aep.zip');
  await writeFile(shapefilePath, buildZippedShapefile('lismore_1pc_aep', polygons));
  geojsonPath = join(home.homeDir, 'depths.geojson');
  const square = (lng: number, lat: number, half: number) => [[lng - half, lat - half], [lng + half, lat - half], [lng + half, lat + half], [lng - half, lat + half], [lng - half, lat - half]];
  await writeFile(
    geojsonPath,
    JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { depth_m: 1.4 }, geometry: { type: 'Polygon', coordinates: [square(GOONELLABAH.lng, GOONELLABAH.lat, 0.002)] } }] }),
  );
});

afterAll(async () => {
  await home?.remove();
});

describe('reading layer files', () => {
  it('reads the zipped Shapefile back with every polygon and its attributes (shapefile reader)', async () => {
    const features = await readHazardLayerFile(shapefilePath);
    expect(features).toHaveLength(wetPolygonCount);
    expect(features[0]!.properties).toMatchObject({ AEP_PCT: 1 });
    // Each record holds its polygon; a few of the map's holes touch their outer ring, and the reader
    // (which assigns holes by containment) returns such a hole as a polygon of its own.
    expect(features.every((feature) => feature.polygons.length >= 1)).toBe(true);
    expect(features.filter((feature) => feature.polygons.length === 1).length).toBeGreaterThan(wetPolygonCount * 0.9);
  });

  it('reads a GeoPackage written by another library (@ngageoint/geopackage 4.2.9): a polygon with a hole and a multipolygon', async () => {
    // __fixtures__/lismore-test-extents.gpkg: one feature table, EPSG:4326, AEP_PCT 1 (a 0.012 degree
    // square around the Lismore CBD with a 0.003 degree dry hole) and 0.5 (two 0.004 degree squares)
    const features = await readHazardLayerFile(GPKG_FIXTURE);
    expect(features.map((feature) => [feature.properties.AEP_PCT, feature.properties.SOURCE, feature.polygons.length, feature.polygons.map((rings) => rings.length)])).toEqual([
      [1, 'test 1% AEP with a hole', 1, [2]],
      [0.5, 'test 0.5% AEP, two parts', 2, [1, 1]],
    ]);
    expect(features[0]!.polygons[0]![0]!.slice(0, 4).map((value) => Number(value.toFixed(4)))).toEqual([153.27, -28.818, 153.282, -28.818]);
    const notSqlite = join(home.homeDir, 'text.gpkg');
    await writeFile(notSqlite, 'hello');
    await expect(readHazardLayerFile(notSqlite)).rejects.toMatchObject({ code: 'VALIDATION_ERROR', field: 'file', message: expect.stringMatching(/text\.gpkg could not be read as a layer: not a GeoPackage/) });
  });

  it('decodes GeoPackage geometry blobs: envelopes, big-endian WKB, Z coordinates, empty geometries', () => {
    // GP header: "GP", version 0, flags, srs_id 4326; then WKB
    const blob = (flags: number, envelopeDoubles: number, wkb: (view: DataView, at: number) => number) => {
      const buffer = new ArrayBuffer(512);
      const view = new DataView(buffer);
      view.setUint8(0, 0x47);
      view.setUint8(1, 0x50);
      view.setUint8(3, flags);
      view.setInt32(4, 4326, true);
      const end = wkb(view, 8 + 8 * envelopeDoubles);
      return new Uint8Array(buffer, 0, end);
    };
    // A big-endian ISO "Polygon Z" (1003): one ring of 4 points (x, y, z)
    const polygonZ = (view: DataView, at: number) => {
      view.setUint8(at, 0);
      view.setUint32(at + 1, 1003, false);
      view.setUint32(at + 5, 1, false);
      view.setUint32(at + 9, 4, false);
      const points = [[150, -34, 5], [150.1, -34, 6], [150.1, -33.9, 7], [150, -34, 5]];
      points.forEach((point, i) => point.forEach((value, k) => view.setFloat64(at + 13 + 24 * i + 8 * k, value, false)));
      return at + 13 + 24 * points.length;
    };
    // flags 0b011: little-endian header, envelope code 1 (minx, maxx, miny, maxy: 4 doubles)
    expect(decodeGeoPackageGeometry(blob(0b011, 4, polygonZ))).toEqual([[[150, -34, 150.1, -34, 150.1, -33.9, 150, -34]]]);
    // envelope code 2 (with z: 6 doubles)
    expect(decodeGeoPackageGeometry(blob(0b101, 6, polygonZ))).toHaveLength(1);
    // the empty flag (bit 4): nothing, whatever follows
    expect(decodeGeoPackageGeometry(blob(0b10001, 0, (_view, at) => at))).toEqual([]);
    // a line (WKB type 2) holds no polygon
    expect(decodeGeoPackageGeometry(blob(0b1, 0, (view, at) => { view.setUint8(at, 1); view.setUint32(at + 1, 2, true); view.setUint32(at + 5, 0, true); return at + 9; }))).toEqual([]);
    expect(() => decodeGeoPackageGeometry(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]))).toThrow(/no "GP" header/);
  });

  it('rejects files it cannot use, naming the field', async () => {
    const notCollection = join(home.homeDir, 'point.geojson');
    await writeFile(notCollection, JSON.stringify({ type: 'Feature' }));
    await expect(readHazardLayerFile(notCollection)).rejects.toThrow(/not a GeoJSON FeatureCollection/);
    const kml = join(home.homeDir, 'layer.kml');
    await writeFile(kml, '<kml/>');
    await expect(readHazardLayerFile(kml)).rejects.toMatchObject({ code: 'VALIDATION_ERROR', field: 'file', message: expect.stringMatching(/give a GeoJSON \(\.geojson, \.json\), a zipped Shapefile \(\.zip\) or a GeoPackage \(\.gpkg\)/) });
  });
});

describe.each([
  { kind: 'pglite' as const, isAvailable: true },
  { kind: 'postgres' as const, isAvailable: postgres !== null },
])('imported flood layers on $kind', ({ kind, isAvailable }) => {
  let database: Database;

  beforeAll(async () => {
    if (!isAvailable) return;
    database = await openDatabase(kind === 'postgres' ? { databaseUrl: postgres?.databaseUrl as string, homeDir: home.homeDir } : { homeDir: join(home.homeDir, 'pglite') });
  });

  afterAll(async () => {
    await database?.close();
    if (kind === 'postgres') await postgres?.drop();
  });

  it.skipIf(!isAvailable)('imports the Lismore Shapefile and decides the flood answer ahead of the bundled map, citing it', async () => {
    const layer = await importHazardLayer(database, { file: shapefilePath, kind: 'flood', field: 'aep', name: 'Lismore 1% AEP (test, from the 2022 map)', licenceNote: 'GPL-3.0 (ML4Floods)', importedAt: '2026-11-24T22:00:00.000Z' });
    expect(layer).toMatchObject({ kind: 'flood', field: 'aep', sourceField: 'AEP_PCT', featureCount: wetPolygonCount, importedAt: '2026-11-24T22:00:00.000Z', sourceFile: 'lismore_1pc_aep.zip' });
    expect(await listHazardLayers(database)).toEqual([layer]);
    // The indexed bounding boxes find the layer at the wet point and not far away
    expect(await findHazardLayersAt(database, LISMORE_WET.lat, LISMORE_WET.lng)).toEqual([layer.id]);
    expect(await findHazardLayersAt(database, -37.8, 145)).toEqual([]);

    const withLayer = withImportedFloodLayers(context, await loadFloodLayers(database));
    const flood = assessFlood(LISMORE_WET, withLayer, 'high', 2025);
    // inside the 1% AEP extent: 70 + 30 log5(1) = 70, High (the bundled map alone said 85)
    expect(assessFlood(LISMORE_WET, context, 'high', 2025).score).toBe(85);
    expect(flood).toMatchObject({ score: 70, level: 'High', scoreRange: { low: 60, high: 80 }, hasData: true });
    expect(flood.factors[0]!.label).toBe('Imported flood layer "Lismore 1% AEP (test, from the 2022 map)" (imported 2026-11-24): inside its 1 % AEP extent');
    expect(flood.dataUsed[0]).toEqual({ id: `hazard-layer-${layer.id}`, title: 'Lismore 1% AEP (test, from the 2022 map) (imported flood layer; GPL-3.0 (ML4Floods))', period: null });
    expect(flood.dataNote).toMatch(/decides here \(imported layers come before the bundled maps and the screening\)/);
    // Outside its polygons the layer says nothing: Goonellabah keeps its screening answer
    expect(assessFlood(GOONELLABAH, withLayer, 'high', 2025)).toEqual(assessFlood(GOONELLABAH, context, 'high', 2025));
  });

  it.skipIf(!isAvailable)('imports a GeoJSON depth layer (attribute found by name), then removes both layers', async () => {
    const depths = await importHazardLayer(database, { file: geojsonPath, kind: 'flood', field: 'depth', name: 'Depth test' });
    expect(depths).toMatchObject({ sourceField: 'depth_m', licenceNote: 'licence not stated at import', featureCount: 1 });
    const withLayers = withImportedFloodLayers(context, await loadFloodLayers(database));
    // depth 1.4 m >= 1 m: 90
    expect(assessFlood(GOONELLABAH, withLayers, 'high', 2025)).toMatchObject({ score: 90, level: 'High' });
    await expect(importHazardLayer(database, { file: geojsonPath, kind: 'flood', field: 'ari' })).rejects.toMatchObject({ code: 'VALIDATION_ERROR', field: 'attribute' });
    for (const layer of await listHazardLayers(database)) expect(await removeHazardLayer(database, layer.id)).toBe(true);
    expect(await removeHazardLayer(database, 999_999)).toBe(false);
    expect(await listHazardLayers(database)).toEqual([]);
    const [row] = await database.query<{ count: number }>('SELECT count(*)::int AS count FROM hazard_layer_features');
    expect(row!.count).toBe(0);
    expect(assessFlood(LISMORE_WET, withImportedFloodLayers(context, await loadFloodLayers(database)), 'high', 2025).score).toBe(85);
  });

  it.skipIf(!isAvailable)('imports a GeoPackage: inside its 1 % AEP polygon High, in its hole the layer says nothing', async () => {
    const layer = await importHazardLayer(database, { file: GPKG_FIXTURE, kind: 'flood', field: 'aep', licenceNote: 'test' });
    expect(layer).toMatchObject({ sourceFile: 'lismore-test-extents.gpkg', sourceField: 'AEP_PCT', featureCount: 2 });
    const withLayer = withImportedFloodLayers(context, await loadFloodLayers(database));
    expect(assessFlood(LISMORE_WET, withLayer, 'high', 2025)).toMatchObject({ score: 70, level: 'High' });
    // The dry hole around (-28.8100, 153.2790): the next source (the bundled map or the screening) decides
    const inHole = { lat: -28.81, lng: 153.279 };
    expect(assessFlood(inHole, withLayer, 'high', 2025)).toEqual(assessFlood(inHole, context, 'high', 2025));
    // 0.5 % AEP part: 40 + 30 log5(0.5 / 0.2) = 57
    expect(assessFlood({ lat: -28.825, lng: 153.305 }, withLayer, 'high', 2025).score).toBe(57);
    expect(await removeHazardLayer(database, layer.id)).toBe(true);
  });

  it.skipIf(!isAvailable)('refuses a layer outside Australia or in projected coordinates', async () => {
    const projected = join(home.homeDir, 'projected.geojson');
    await writeFile(projected, JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [[[540000, 6810000], [541000, 6810000], [541000, 6811000], [540000, 6810000]]] } }] }));
    const error = await importHazardLayer(database, { file: projected, kind: 'flood' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(/outside Australia's longitude\/latitude box/);
    expect(await listHazardLayers(database)).toEqual([]);
  });
});
