/**
 * Geometry helpers of the hazard engine: distances on a local equirectangular projection (exact
 * enough below a few hundred km, which is all the hazards look at), point-in-polygon and a
 * segment index (flatbush over every segment's bounding box) for "distance to the nearest
 * shoreline / river" queries.
 */
import Flatbush from 'flatbush';
import type { PolygonRings, Polyline } from './types.ts';

/** km per degree of latitude (WGS84 mean) and of longitude at the equator. */
export const KM_PER_DEGREE_LAT = 110.574;
export const KM_PER_DEGREE_LNG_EQUATOR = 111.32;

/** Great-circle distance, km (haversine, Earth radius 6,371 km). */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const toRad = Math.PI / 180;
  const dLat = (lat2 - lat1) * toRad;
  const dLng = (lng2 - lng1) * toRad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Degrees of latitude and longitude spanned by `radiusKm` around latitude `lat`. */
export function degreeSpan(lat: number, radiusKm: number): { dLat: number; dLng: number } {
  const cosLat = Math.max(0.05, Math.cos((lat * Math.PI) / 180));
  return { dLat: radiusKm / KM_PER_DEGREE_LAT, dLng: radiusKm / (KM_PER_DEGREE_LNG_EQUATOR * cosLat) };
}

/** Distance, km, from (lat, lng) to the segment (lng1, lat1)-(lng2, lat2), on a projection about lat. */
export function distanceToSegmentKm(lat: number, lng: number, lng1: number, lat1: number, lng2: number, lat2: number): number {
  const kx = KM_PER_DEGREE_LNG_EQUATOR * Math.cos((lat * Math.PI) / 180);
  const ky = KM_PER_DEGREE_LAT;
  const ax = (lng1 - lng) * kx;
  const ay = (lat1 - lat) * ky;
  const bx = (lng2 - lng) * kx;
  const by = (lat2 - lat) * ky;
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / lengthSquared));
  const px = ax + t * dx;
  const py = ay + t * dy;
  return Math.sqrt(px * px + py * py);
}

/** Ray casting on one ring (flat [lng, lat, ...]). */
export function isInRing(lat: number, lng: number, ring: readonly number[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 2; i < ring.length; j = i, i += 2) {
    const xi = ring[i]!;
    const yi = ring[i + 1]!;
    const xj = ring[j]!;
    const yj = ring[j + 1]!;
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Inside the outer ring and in none of the holes. */
export function isInPolygon(lat: number, lng: number, rings: PolygonRings): boolean {
  if (rings.length === 0 || !isInRing(lat, lng, rings[0]!)) return false;
  for (let k = 1; k < rings.length; k += 1) if (isInRing(lat, lng, rings[k]!)) return false;
  return true;
}

/** Bounding box [minLng, minLat, maxLng, maxLat] of polygons. */
export function boundsOf(polygons: readonly PolygonRings[]): [number, number, number, number] {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const rings of polygons) {
    const outer = rings[0] ?? [];
    for (let i = 0; i < outer.length; i += 2) {
      minX = Math.min(minX, outer[i]!);
      maxX = Math.max(maxX, outer[i]!);
      minY = Math.min(minY, outer[i + 1]!);
      maxY = Math.max(maxY, outer[i + 1]!);
    }
  }
  return [minX, minY, maxX, maxY];
}

/** Nearest polyline segment: distance in km and which line. */
export interface NearestLine {
  distanceKm: number;
  lineIndex: number;
}

/** A static index over every segment of a set of polylines. */
export interface SegmentIndex {
  lines: readonly Polyline[];
  /** Per segment: the line it belongs to and the offset of its first vertex in `coords`. */
  segmentLine: Uint32Array;
  segmentOffset: Uint32Array;
  tree: Flatbush | null;
}

export function buildSegmentIndex(lines: readonly Polyline[]): SegmentIndex {
  let count = 0;
  for (const line of lines) count += Math.max(0, line.coords.length / 2 - 1);
  const segmentLine = new Uint32Array(count);
  const segmentOffset = new Uint32Array(count);
  if (count === 0) return { lines, segmentLine, segmentOffset, tree: null };
  const tree = new Flatbush(count);
  let k = 0;
  lines.forEach((line, lineIndex) => {
    const c = line.coords;
    for (let i = 0; i + 3 < c.length; i += 2) {
      tree.add(Math.min(c[i]!, c[i + 2]!), Math.min(c[i + 1]!, c[i + 3]!), Math.max(c[i]!, c[i + 2]!), Math.max(c[i + 1]!, c[i + 3]!));
      segmentLine[k] = lineIndex;
      segmentOffset[k] = i;
      k += 1;
    }
  });
  tree.finish();
  return { lines, segmentLine, segmentOffset, tree };
}

/**
 * The nearest segment within `maxDistanceKm` (null when none). Searches growing boxes so that
 * near places cost little; a segment within the box's half-width r is always found, so the
 * minimum found at or under r is exact.
 */
export function findNearestLine(index: SegmentIndex, lat: number, lng: number, maxDistanceKm: number): NearestLine | null {
  if (!index.tree) return null;
  for (let radiusKm = Math.min(2, maxDistanceKm); ; radiusKm = Math.min(radiusKm * 4, maxDistanceKm)) {
    const { dLat, dLng } = degreeSpan(lat, radiusKm);
    const hits = index.tree.search(lng - dLng, lat - dLat, lng + dLng, lat + dLat);
    let best: NearestLine | null = null;
    for (const segment of hits) {
      const lineIndex = index.segmentLine[segment]!;
      const c = index.lines[lineIndex]!.coords;
      const o = index.segmentOffset[segment]!;
      const d = distanceToSegmentKm(lat, lng, c[o]!, c[o + 1]!, c[o + 2]!, c[o + 3]!);
      if (d <= radiusKm && (!best || d < best.distanceKm)) best = { distanceKm: d, lineIndex };
    }
    if (best) return best;
    if (radiusKm >= maxDistanceKm) return null;
  }
}

/** A static index over polygon bounding boxes. */
export interface PolygonIndex<T> {
  items: readonly T[];
  tree: Flatbush | null;
}

export function buildPolygonIndex<T>(items: readonly T[], polygonsOf: (item: T) => readonly PolygonRings[]): PolygonIndex<T> {
  if (items.length === 0) return { items, tree: null };
  const tree = new Flatbush(items.length);
  for (const item of items) {
    const [minX, minY, maxX, maxY] = boundsOf(polygonsOf(item));
    tree.add(minX, minY, maxX, maxY);
  }
  tree.finish();
  return { items, tree };
}

/** Items whose polygons contain the point. */
export function findContaining<T>(index: PolygonIndex<T>, lat: number, lng: number, polygonsOf: (item: T) => readonly PolygonRings[]): T[] {
  if (!index.tree) return [];
  const found: T[] = [];
  for (const i of index.tree.search(lng, lat, lng, lat)) {
    const item = index.items[i]!;
    if (polygonsOf(item).some((rings) => isInPolygon(lat, lng, rings))) found.push(item);
  }
  return found;
}

/** Distance, km, from a point to the nearest edge of a polygon (0 inside is not implied). */
export function distanceToPolygonEdgeKm(lat: number, lng: number, rings: PolygonRings): number {
  let best = Infinity;
  for (const ring of rings) {
    for (let i = 0; i + 3 < ring.length; i += 2) {
      best = Math.min(best, distanceToSegmentKm(lat, lng, ring[i]!, ring[i + 1]!, ring[i + 2]!, ring[i + 3]!));
    }
  }
  return best;
}

/**
 * The point of a polyline nearest to (lat, lng), with its distance, km (same local projection as
 * distanceToSegmentKm). Used to read the terrain next to the nearest river.
 */
export function nearestPointOnLine(lat: number, lng: number, coords: readonly number[]): { lat: number; lng: number; distanceKm: number } {
  const kx = KM_PER_DEGREE_LNG_EQUATOR * Math.cos((lat * Math.PI) / 180);
  const ky = KM_PER_DEGREE_LAT;
  let best = { lat: coords[1] ?? lat, lng: coords[0] ?? lng, distanceKm: Infinity };
  for (let i = 0; i + 3 < coords.length; i += 2) {
    const ax = (coords[i]! - lng) * kx;
    const ay = (coords[i + 1]! - lat) * ky;
    const dx = (coords[i + 2]! - coords[i]!) * kx;
    const dy = (coords[i + 3]! - coords[i + 1]!) * ky;
    const lengthSquared = dx * dx + dy * dy;
    const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / lengthSquared));
    const px = ax + t * dx;
    const py = ay + t * dy;
    const d = Math.sqrt(px * px + py * py);
    if (d < best.distanceKm) best = { lat: lat + py / ky, lng: lng + px / kx, distanceKm: d };
  }
  return best;
}
