/**
 * Imported hazard overlays (issue 18): `propguard import hazard-layer --kind flood --file F`.
 * A deployment brings its licensed flood data (a council's 1% AEP extent, the Insurance Council's
 * NFID, a depth grid as polygons) as GeoJSON, a zipped Shapefile or a GeoPackage; the polygons are stored in
 * `hazard_layers` / `hazard_layer_features` with their bounding boxes (indexed), and the hazard
 * engine uses them ahead of the bundled maps and the screening (`loadFloodLayers`).
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { read as readShapefile } from 'shapefile';
import type { FloodLayerField, ImportedFloodLayer, PolygonRings } from '@propguard/engines';
import { AppError } from '@propguard/schemas';
import type { Database } from '../open-database.ts';
import { hazardLayerFeatures, hazardLayers } from '../schema.ts';
import { readGeoPackage } from './geopackage.ts';

export const HAZARD_LAYER_KINDS = ['flood'] as const;
export type HazardLayerKind = (typeof HAZARD_LAYER_KINDS)[number];
export const FLOOD_LAYER_FIELDS = ['aep', 'ari', 'depth'] as const;

export interface ImportHazardLayerOptions {
  /** A file to read (the CLI); or `content`. */
  file?: string;
  /** The file's bytes and name (an upload in the app, POST /api/data/hazard-layers); or `file`. */
  content?: { bytes: Uint8Array; fileName: string };
  kind: HazardLayerKind;
  /** What the mapped attribute means; omitted: the polygons are an extent only. */
  field?: FloodLayerField;
  /** The attribute's column; default: the first property whose name contains the field's name. */
  attribute?: string;
  /** Default: the file name. */
  name?: string;
  /** Who licensed it and on what terms; stored and cited. */
  licenceNote?: string;
  /** The import time (ISO 8601); default now. */
  importedAt?: string;
}

export interface HazardLayerSummary {
  id: number;
  kind: string;
  name: string;
  licenceNote: string;
  sourceFile: string;
  field: FloodLayerField | null;
  sourceField: string | null;
  importedAt: string;
  featureCount: number;
}

interface ReadFeature {
  properties: Record<string, unknown>;
  polygons: PolygonRings[];
}

function validation(message: string, field: string): AppError {
  return new AppError('VALIDATION_ERROR', message, { field });
}

function flatten(ring: number[][]): number[] {
  const flat: number[] = [];
  for (const point of ring) flat.push(Number(point[0]), Number(point[1]));
  return flat;
}

function polygonsOf(geometry: { type: string; coordinates: unknown } | null | undefined): PolygonRings[] {
  if (!geometry) return [];
  if (geometry.type === 'Polygon') return [(geometry.coordinates as number[][][]).map(flatten)];
  if (geometry.type === 'MultiPolygon') return (geometry.coordinates as number[][][][]).map((polygon) => polygon.map(flatten));
  return [];
}

/**
 * A Shapefile's polygon records list rings without saying which are holes: an outer ring is
 * clockwise, a hole counter-clockwise (ESRI Shapefile Technical Description, 1998). Regroups them
 * into polygons (outer ring first); `shapefile` already returns GeoJSON Polygon / MultiPolygon.
 */
async function readZippedShapefile(bytes: Uint8Array, file: string): Promise<ReadFeature[]> {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch (error) {
    throw validation(`${basename(file)} is not a readable zip file: ${(error as Error).message}`, 'file');
  }
  const names = Object.keys(entries).filter((name) => !name.startsWith('__MACOSX/'));
  const shp = names.filter((name) => name.toLowerCase().endsWith('.shp'));
  if (shp.length !== 1) throw validation(`${basename(file)} must hold exactly one .shp file (found ${shp.length})`, 'file');
  const stem = shp[0]!.slice(0, -4);
  const dbf = names.find((name) => name.toLowerCase() === `${stem.toLowerCase()}.dbf`);
  const prj = names.find((name) => name.toLowerCase() === `${stem.toLowerCase()}.prj`);
  if (prj) {
    const text = new TextDecoder().decode(entries[prj]);
    // Only geographic WGS84 / GDA94 / GDA2020 coordinates (degrees) are accepted: no reprojection here.
    if (/PROJCS/i.test(text)) throw validation(`${basename(file)} is in a projected coordinate system (${/PROJCS\["([^"]+)"/i.exec(text)?.[1] ?? 'unknown'}); export it in longitude/latitude (WGS84 or GDA2020) first`, 'file');
  }
  const toBuffer = (data: Uint8Array) => data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
  const collection = await readShapefile(toBuffer(entries[shp[0]!]!), dbf ? toBuffer(entries[dbf]!) : undefined);
  return collection.features.map((feature) => ({ properties: (feature.properties ?? {}) as Record<string, unknown>, polygons: polygonsOf(feature.geometry as { type: string; coordinates: unknown }) }));
}

/** Reads the polygons of a GeoJSON FeatureCollection (.geojson/.json), a zipped Shapefile (.zip) or a GeoPackage (.gpkg). */
export async function readHazardLayerFile(file: string): Promise<ReadFeature[]> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw validation(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, 'file');
  }
  return readHazardLayerBytes(bytes, file);
}

/**
 * Reads the polygons of a layer file's bytes, told its name (whose extension says the format): the
 * one reader behind the CLI and the upload. A file it cannot read is a VALIDATION_ERROR naming it.
 */
export async function readHazardLayerBytes(bytes: Uint8Array, file: string): Promise<ReadFeature[]> {
  try {
    return await parseHazardLayerBytes(bytes, file);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw validation(`${basename(file)} could not be read as a layer: ${(error as Error).message}`, 'file');
  }
}

async function parseHazardLayerBytes(bytes: Uint8Array, file: string): Promise<ReadFeature[]> {
  if (/\.zip$/i.test(file)) return readZippedShapefile(bytes, file);
  if (/\.gpkg$/i.test(file)) return readGeoPackage(bytes);
  if (!/\.(geo)?json$/i.test(file)) throw validation(`${basename(file)}: give a GeoJSON (.geojson, .json), a zipped Shapefile (.zip) or a GeoPackage (.gpkg)`, 'file');
  let json: { type?: string; features?: { properties?: Record<string, unknown> | null; geometry?: { type: string; coordinates: unknown } | null }[] };
  try {
    json = JSON.parse(new TextDecoder().decode(bytes)) as typeof json;
  } catch (error) {
    throw validation(`${basename(file)} is not valid JSON: ${(error as Error).message}`, 'file');
  }
  if (json.type !== 'FeatureCollection' || !Array.isArray(json.features)) throw validation(`${basename(file)} is not a GeoJSON FeatureCollection`, 'file');
  return json.features.map((feature) => ({ properties: feature.properties ?? {}, polygons: polygonsOf(feature.geometry) }));
}

function chooseAttribute(features: readonly ReadFeature[], field: FloodLayerField, attribute: string | undefined): string {
  const columns = [...new Set(features.flatMap((feature) => Object.keys(feature.properties)))];
  if (attribute !== undefined) {
    if (!columns.includes(attribute)) throw validation(`the layer has no attribute "${attribute}" (it has: ${columns.join(', ') || 'none'})`, 'attribute');
    return attribute;
  }
  const found = columns.find((column) => column.toLowerCase().includes(field));
  if (!found) throw validation(`no attribute of the layer names "${field}" (it has: ${columns.join(', ') || 'none'}); name it with --attribute`, 'attribute');
  return found;
}

function boundsOf(rings: PolygonRings): [number, number, number, number] {
  const outer = rings[0] ?? [];
  let minLng = Infinity;
  let minLat = Infinity;
  let maxLng = -Infinity;
  let maxLat = -Infinity;
  for (let i = 0; i + 1 < outer.length; i += 2) {
    minLng = Math.min(minLng, outer[i]!);
    maxLng = Math.max(maxLng, outer[i]!);
    minLat = Math.min(minLat, outer[i + 1]!);
    maxLat = Math.max(maxLat, outer[i + 1]!);
  }
  return [minLng, minLat, maxLng, maxLat];
}

/**
 * Imports a layer in one transaction: every polygon with its attribute value and bounding box.
 * Coordinates must be longitude/latitude degrees inside Australia's box (110-160° E, 9-45° S).
 */
export async function importHazardLayer(database: Database, options: ImportHazardLayerOptions): Promise<HazardLayerSummary> {
  if (!HAZARD_LAYER_KINDS.includes(options.kind)) throw validation(`--kind must be one of ${HAZARD_LAYER_KINDS.join(', ')}`, 'kind');
  if (options.field !== undefined && !FLOOD_LAYER_FIELDS.includes(options.field)) throw validation(`--field must be one of ${FLOOD_LAYER_FIELDS.join(', ')}`, 'field');
  const fileName = options.content ? basename(options.content.fileName) : options.file;
  if (fileName === undefined || fileName.trim() === '') throw validation('give the layer file (a path, or the uploaded file with its name)', 'file');
  const features = options.content ? await readHazardLayerBytes(options.content.bytes, fileName) : await readHazardLayerFile(fileName);
  const sourceField = options.field === undefined ? null : chooseAttribute(features, options.field, options.attribute);
  const rows: { value: number | null; rings: PolygonRings; bounds: [number, number, number, number] }[] = [];
  for (const feature of features) {
    const raw = sourceField === null ? null : feature.properties[sourceField];
    const value = raw === null || raw === undefined || raw === '' ? null : Number(raw);
    if (value !== null && !Number.isFinite(value)) throw validation(`attribute ${sourceField} holds "${String(raw)}", not a number`, 'attribute');
    for (const rings of feature.polygons) {
      const bounds = boundsOf(rings);
      if (!(bounds[0] >= 110 && bounds[2] <= 160 && bounds[1] >= -45 && bounds[3] <= -9)) {
        throw validation(`a polygon lies outside Australia's longitude/latitude box (${bounds.map((b) => b.toFixed(3)).join(', ')}): is the layer in degrees?`, 'file');
      }
      rows.push({ value, rings, bounds });
    }
  }
  if (rows.length === 0) throw validation(`${basename(fileName)} holds no polygons`, 'file');
  const featureCount = features.filter((feature) => feature.polygons.length > 0).length;
  const importedAt = options.importedAt ?? new Date().toISOString();
  const name = options.name?.trim() || basename(fileName);
  const licenceNote = options.licenceNote?.trim() || 'licence not stated at import';
  return database.db.transaction(async (tx) => {
    const [layer] = await tx
      .insert(hazardLayers)
      .values({ kind: options.kind, name, licenceNote, sourceFile: basename(fileName), field: options.field ?? null, sourceField, importedAt, featureCount })
      .returning();
    for (let start = 0; start < rows.length; start += 500) {
      await tx.insert(hazardLayerFeatures).values(
        rows.slice(start, start + 500).map((row) => ({ layerId: layer!.id, value: row.value, rings: row.rings, minLng: row.bounds[0], minLat: row.bounds[1], maxLng: row.bounds[2], maxLat: row.bounds[3] })),
      );
    }
    return toSummary(layer!);
  });
}

function toSummary(row: typeof hazardLayers.$inferSelect): HazardLayerSummary {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    licenceNote: row.licenceNote,
    sourceFile: row.sourceFile,
    field: (row.field as FloodLayerField | null) ?? null,
    sourceField: row.sourceField,
    importedAt: new Date(row.importedAt).toISOString(),
    featureCount: row.featureCount,
  };
}

/** Every imported layer, newest first. */
export async function listHazardLayers(database: Database): Promise<HazardLayerSummary[]> {
  const rows = await database.db.select().from(hazardLayers).orderBy(sql`${hazardLayers.importedAt} desc`, sql`${hazardLayers.id} desc`);
  return rows.map(toSummary);
}

/** Removes a layer and its polygons; false when there is no such layer. */
export async function removeHazardLayer(database: Database, id: number): Promise<boolean> {
  const deleted = await database.db.delete(hazardLayers).where(eq(hazardLayers.id, id)).returning({ id: hazardLayers.id });
  return deleted.length > 0;
}

/** The imported flood layers with their polygons, for `buildHazardContext` / `withImportedFloodLayers`. */
export async function loadFloodLayers(database: Database): Promise<ImportedFloodLayer[]> {
  const layers = (await listHazardLayers(database)).filter((layer) => layer.kind === 'flood');
  if (layers.length === 0) return [];
  const features = await database.db.select({ layerId: hazardLayerFeatures.layerId, value: hazardLayerFeatures.value, rings: hazardLayerFeatures.rings }).from(hazardLayerFeatures);
  return layers.map((layer) => ({
    id: layer.id,
    name: layer.name,
    licenceNote: layer.licenceNote,
    importedAt: layer.importedAt,
    field: layer.field,
    features: features.filter((feature) => feature.layerId === layer.id).map((feature) => ({ value: feature.value, rings: feature.rings })),
  }));
}

/**
 * Ids of the layers with a polygon whose bounding box holds the point: the indexed range query
 * (the engine then tests the polygons themselves).
 */
export async function findHazardLayersAt(database: Database, lat: number, lng: number): Promise<number[]> {
  const rows = await database.query<{ layer_id: number }>(
    'SELECT DISTINCT layer_id FROM hazard_layer_features WHERE min_lng <= $1 AND max_lng >= $1 AND min_lat <= $2 AND max_lat >= $2 ORDER BY layer_id',
    [lng, lat],
  );
  return rows.map((row) => row.layer_id);
}
