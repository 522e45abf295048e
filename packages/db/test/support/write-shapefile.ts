/**
 * A minimal ESRI Shapefile writer for tests (polygon shape type 5, .shp + .shx + .dbf; ESRI
 * Shapefile Technical Description, July 1998; dBASE III table). Outer rings are written clockwise
 * and holes counter-clockwise, as the format requires. Not used by the product, which only reads.
 */
import { zipSync } from 'fflate';

export interface ShapefilePolygon {
  /** Rings of [lng, lat] pairs, outer ring first. */
  rings: number[][][];
  /** dBASE attributes: numbers become N(12,3) fields, strings C(40). */
  attributes: Record<string, number | string>;
}

function signedArea(ring: number[][]): number {
  let area = 0;
  // Shoelace sum of (x_next - x) (y_next + y): positive for a clockwise ring (x east, y north).
  for (let i = 0; i < ring.length; i += 1) {
    const next = ring[(i + 1) % ring.length]!;
    area += (next[0]! - ring[i]![0]!) * (next[1]! + ring[i]![1]!);
  }
  return area / 2;
}

function oriented(ring: number[][], clockwise: boolean): number[][] {
  return signedArea(ring) > 0 === clockwise ? ring : [...ring].reverse();
}

function header(view: DataView, fileBytes: number, box: [number, number, number, number]): void {
  view.setInt32(0, 9994, false);
  view.setInt32(24, fileBytes / 2, false);
  view.setInt32(28, 1000, true);
  view.setInt32(32, 5, true);
  box.forEach((value, i) => view.setFloat64(36 + 8 * i, value, true));
}

function writeDbf(polygons: readonly ShapefilePolygon[]): Uint8Array {
  const names = Object.keys(polygons[0]?.attributes ?? {});
  const fields = names.map((name) => ({ name, isNumber: typeof polygons[0]!.attributes[name] === 'number', length: typeof polygons[0]!.attributes[name] === 'number' ? 12 : 40 }));
  const headerLength = 32 + 32 * fields.length + 1;
  const recordLength = 1 + fields.reduce((sum, field) => sum + field.length, 0);
  const bytes = new Uint8Array(headerLength + recordLength * polygons.length + 1);
  const view = new DataView(bytes.buffer);
  bytes[0] = 0x03;
  bytes.set([126, 1, 1], 1);
  view.setUint32(4, polygons.length, true);
  view.setUint16(8, headerLength, true);
  view.setUint16(10, recordLength, true);
  fields.forEach((field, i) => {
    const at = 32 + 32 * i;
    bytes.set(new TextEncoder().encode(field.name.slice(0, 10)), at);
    bytes[at + 11] = (field.isNumber ? 'N' : 'C').charCodeAt(0);
    bytes[at + 16] = field.length;
    bytes[at + 17] = field.isNumber ? 3 : 0;
  });
  bytes[headerLength - 1] = 0x0d;
  polygons.forEach((polygon, r) => {
    let at = headerLength + r * recordLength;
    bytes[at] = 0x20;
    at += 1;
    for (const field of fields) {
      const value = polygon.attributes[field.name]!;
      const text = field.isNumber ? (value as number).toFixed(3).padStart(field.length, ' ') : String(value).slice(0, field.length).padEnd(field.length, ' ');
      bytes.set(new TextEncoder().encode(text), at);
      at += field.length;
    }
  });
  bytes[bytes.length - 1] = 0x1a;
  return bytes;
}

/** The .shp, .shx and .dbf of the polygons, zipped under `${name}.*` (plus a WGS84 .prj). */
export function buildZippedShapefile(name: string, polygons: readonly ShapefilePolygon[]): Uint8Array {
  const records = polygons.map((polygon) => polygon.rings.map((ring, i) => oriented(ring, i === 0)));
  const boxOf = (points: number[][]): [number, number, number, number] => [
    Math.min(...points.map((p) => p[0]!)),
    Math.min(...points.map((p) => p[1]!)),
    Math.max(...points.map((p) => p[0]!)),
    Math.max(...points.map((p) => p[1]!)),
  ];
  const contentBytes = records.map((rings) => 44 + 4 * rings.length + 16 * rings.reduce((sum, ring) => sum + ring.length, 0));
  const shpBytes = 100 + contentBytes.reduce((sum, bytes) => sum + 8 + bytes, 0);
  const shp = new Uint8Array(shpBytes);
  const shx = new Uint8Array(100 + 8 * records.length);
  const shpView = new DataView(shp.buffer);
  const shxView = new DataView(shx.buffer);
  const allBox = boxOf(records.flat(2));
  header(shpView, shpBytes, allBox);
  header(shxView, shx.length, allBox);
  let at = 100;
  records.forEach((rings, r) => {
    shxView.setInt32(100 + 8 * r, at / 2, false);
    shxView.setInt32(104 + 8 * r, contentBytes[r]! / 2, false);
    shpView.setInt32(at, r + 1, false);
    shpView.setInt32(at + 4, contentBytes[r]! / 2, false);
    let c = at + 8;
    shpView.setInt32(c, 5, true);
    boxOf(rings.flat()).forEach((value, i) => shpView.setFloat64(c + 4 + 8 * i, value, true));
    shpView.setInt32(c + 36, rings.length, true);
    shpView.setInt32(c + 40, rings.reduce((sum, ring) => sum + ring.length, 0), true);
    c += 44;
    let start = 0;
    for (const ring of rings) {
      shpView.setInt32(c, start, true);
      c += 4;
      start += ring.length;
    }
    for (const point of rings.flat()) {
      shpView.setFloat64(c, point[0]!, true);
      shpView.setFloat64(c + 8, point[1]!, true);
      c += 16;
    }
    at += 8 + contentBytes[r]!;
  });
  const prj = 'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]';
  return zipSync({ [`${name}.shp`]: shp, [`${name}.shx`]: shx, [`${name}.dbf`]: writeDbf(polygons), [`${name}.prj`]: new TextEncoder().encode(prj) });
}
