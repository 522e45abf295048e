/**
 * GeoPackage (.gpkg) layers for `propguard import hazard-layer` and the upload (issue 18). A
 * GeoPackage is an SQLite database (OGC 12-128r18, GeoPackage Encoding Standard 1.3): it is opened
 * with sql.js (SQLite compiled to WebAssembly, no native module), its one feature table is read, and
 * each geometry blob is decoded here: the GeoPackage binary header (magic "GP", version, flags,
 * srs_id, optional envelope; section 2.1.3) followed by standard WKB (OGC 06-103r4: Polygon 3,
 * MultiPolygon 6, with ISO Z/M codes 1000/2000/3000 or EWKB flag bits).
 */
import initSqlJs, { type Database as SqlJsDatabase, type SqlJsStatic } from 'sql.js';

export interface GeoPackageFeature {
  properties: Record<string, unknown>;
  /** Polygons, each as rings of flat [lng, lat, ...] arrays, outer ring first. */
  polygons: number[][][];
}

/** Bytes of the envelope for GeoPackage flag envelope codes 0-4 (section 2.1.3.1.1). */
const ENVELOPE_BYTES = [0, 32, 48, 48, 64] as const;

let sqlJs: Promise<SqlJsStatic> | null = null;

class WkbReader {
  private offset: number;
  private littleEndian = true;
  constructor(private readonly view: DataView, offset: number) {
    this.offset = offset;
  }
  private byteOrder(): void {
    const order = this.view.getUint8(this.offset);
    if (order > 1) throw new Error(`bad WKB byte order ${order} at byte ${this.offset}`);
    this.littleEndian = order === 1;
    this.offset += 1;
  }
  private uint32(): number {
    const value = this.view.getUint32(this.offset, this.littleEndian);
    this.offset += 4;
    return value;
  }
  private float64(): number {
    const value = this.view.getFloat64(this.offset, this.littleEndian);
    this.offset += 8;
    return value;
  }
  /** A geometry's type code and coordinate width (2, 3 or 4 doubles a point). */
  private header(): { base: number; width: number } {
    this.byteOrder();
    const raw = this.uint32();
    // EWKB (PostGIS): Z 0x80000000, M 0x40000000, SRID 0x20000000 (followed by the SRID).
    const ewkbZ = (raw & 0x80000000) !== 0;
    const ewkbM = (raw & 0x40000000) !== 0;
    if ((raw & 0x20000000) !== 0) this.uint32();
    const code = raw & 0x0fffffff;
    const base = code % 1000;
    const iso = Math.floor(code / 1000); // 1 Z, 2 M, 3 ZM
    const width = 2 + (ewkbZ || iso === 1 || iso === 3 ? 1 : 0) + (ewkbM || iso === 2 || iso === 3 ? 1 : 0);
    return { base, width };
  }
  private polygonBody(width: number): number[][] {
    const rings: number[][] = [];
    const ringCount = this.uint32();
    for (let r = 0; r < ringCount; r += 1) {
      const points = this.uint32();
      const flat = new Array<number>(points * 2);
      for (let p = 0; p < points; p += 1) {
        flat[2 * p] = this.float64();
        flat[2 * p + 1] = this.float64();
        for (let extra = 2; extra < width; extra += 1) this.float64();
      }
      rings.push(flat);
    }
    return rings;
  }
  /** The polygons of a Polygon, MultiPolygon or GeometryCollection; other types give none. */
  polygons(): { polygons: number[][][]; otherType: number | null } {
    const { base, width } = this.header();
    if (base === 3) return { polygons: [this.polygonBody(width)], otherType: null };
    if (base === 6 || base === 7) {
      const count = this.uint32();
      const polygons: number[][][] = [];
      let otherType: number | null = null;
      for (let i = 0; i < count; i += 1) {
        const part = this.polygons();
        polygons.push(...part.polygons);
        otherType ??= part.otherType;
      }
      return { polygons, otherType };
    }
    return { polygons: [], otherType: base };
  }
}

/**
 * Decodes one GeoPackage geometry blob into polygons (lines and points give none).
 * @example decodeGeoPackageGeometry(blob) // [[[153.27, -28.82, ...]]]
 */
export function decodeGeoPackageGeometry(blob: Uint8Array): number[][][] {
  if (blob.length < 8 || blob[0] !== 0x47 || blob[1] !== 0x50) throw new Error('a geometry is not in the GeoPackage binary format (no "GP" header)');
  const flags = blob[3]!;
  if ((flags & 0x20) !== 0) throw new Error('extended GeoPackage geometries are not supported');
  const envelopeCode = (flags >> 1) & 0x07;
  if (envelopeCode > 4) throw new Error(`bad GeoPackage envelope code ${envelopeCode}`);
  // Empty geometry flag (bit 4): nothing to read.
  if ((flags & 0x10) !== 0) return [];
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  return new WkbReader(view, 8 + ENVELOPE_BYTES[envelopeCode]!).polygons().polygons;
}

function rows(db: SqlJsDatabase, sql: string, params: (string | number)[] = []): Record<string, unknown>[] {
  const statement = db.prepare(sql);
  try {
    statement.bind(params);
    const out: Record<string, unknown>[] = [];
    while (statement.step()) out.push(statement.getAsObject() as Record<string, unknown>);
    return out;
  } finally {
    statement.free();
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Reads the features of a GeoPackage's feature table (it must hold exactly one). Throws an Error
 * with a plain message for anything it cannot use (the caller turns it into a 400).
 */
export async function readGeoPackage(bytes: Uint8Array): Promise<GeoPackageFeature[]> {
  if (bytes.length < 100 || new TextDecoder().decode(bytes.subarray(0, 15)) !== 'SQLite format 3') throw new Error('not a GeoPackage (not an SQLite database)');
  sqlJs ??= initSqlJs();
  const SQL = await sqlJs;
  const db = new SQL.Database(bytes);
  try {
    let tables: Record<string, unknown>[];
    try {
      tables = rows(db, "SELECT c.table_name AS name, g.column_name AS geometry, g.srs_id AS srs FROM gpkg_contents c JOIN gpkg_geometry_columns g ON g.table_name = c.table_name WHERE c.data_type = 'features' ORDER BY c.table_name");
    } catch {
      throw new Error('not a GeoPackage (no gpkg_contents / gpkg_geometry_columns tables)');
    }
    if (tables.length !== 1) throw new Error(`a GeoPackage to import must hold exactly one feature table (found ${tables.length}${tables.length ? `: ${tables.map((table) => String(table.name)).join(', ')}` : ''}); export the flood layer alone`);
    const table = tables[0]!;
    const srs = rows(db, 'SELECT definition FROM gpkg_spatial_ref_sys WHERE srs_id = ?', [Number(table.srs)])[0];
    const definition = String(srs?.definition ?? '');
    if (/PROJCS|PROJCRS/i.test(definition)) throw new Error(`the layer is in a projected coordinate system (${/PROJC(?:R)?S\["([^"]+)"/i.exec(definition)?.[1] ?? `srs_id ${String(table.srs)}`}); export it in longitude/latitude (WGS84 or GDA2020) first`);
    const geometryColumn = String(table.geometry);
    const features: GeoPackageFeature[] = [];
    for (const row of rows(db, `SELECT * FROM ${quoteIdentifier(String(table.name))}`)) {
      const blob = row[geometryColumn];
      const properties: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(row)) if (key !== geometryColumn && !(value instanceof Uint8Array)) properties[key] = value;
      features.push({ properties, polygons: blob instanceof Uint8Array ? decodeGeoPackageGeometry(blob) : [] });
    }
    return features;
  } finally {
    db.close();
  }
}
