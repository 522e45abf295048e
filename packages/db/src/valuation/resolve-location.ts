import type { SaleAttributes } from '@propguard/schemas';
import type { Database } from '../open-database.ts';
import { attributesOfRow } from '../sale-columns.ts';
import { readThroughSnapshot } from '../snapshot.ts';

/** A known street address and the attributes of its latest sale. */
export interface AddressCandidate extends SaleAttributes {
  id: number;
  address: string;
  suburb: string;
  state: string | null;
  postcode: string | null;
  lat: number | null;
  lng: number | null;
  locationPrecision: string | null;
  propertyType: string | null;
  similarity: number;
}

/**
 * Street addresses whose search text is trigram-similar to `text` (pg_trgm, GIN index on
 * addresses.search_text), best first. The caller decides which candidate really is the address.
 */
export async function findAddressCandidates(database: Database, text: string, limit = 10): Promise<AddressCandidate[]> {
  const rows = await database.query<Record<string, unknown>>(
    `SELECT id, address, suburb, state, postcode, lat, lng, location_precision, property_type, bedrooms, bathrooms,
            car_spaces, land_size_m2, building_size_m2, year_built, similarity(search_text, $1) AS similarity
       FROM addresses WHERE search_text % $1 ORDER BY similarity DESC, id LIMIT $2`,
    [text, limit],
  );
  return rows.map(toAddressCandidate);
}

function toAddressCandidate(row: Record<string, unknown>): AddressCandidate {
  return {
    id: Number(row.id),
    address: String(row.address),
    suburb: String(row.suburb),
    state: (row.state as string | null) ?? null,
    postcode: (row.postcode as string | null) ?? null,
    lat: row.lat === null ? null : Number(row.lat),
    lng: row.lng === null ? null : Number(row.lng),
    locationPrecision: (row.location_precision as string | null) ?? null,
    propertyType: (row.property_type as string | null) ?? null,
    ...attributesOfRow(row),
    similarity: row.similarity === undefined ? 1 : Number(row.similarity),
  };
}

const ADDRESS_CANDIDATES_QUERY = `SELECT id, address, suburb, state, postcode, lat, lng, location_precision, property_type, bedrooms, bathrooms,
            car_spaces, land_size_m2, building_size_m2, year_built
       FROM addresses`;

/**
 * Every street address of our sales (with coordinates or not), for an in-memory exact look-up (about
 * 93,000 rows); from a snapshot in `snapshotDir` while the table is unchanged (snapshot.ts).
 */
export async function loadAddressCandidates(database: Database, snapshotDir?: string): Promise<AddressCandidate[]> {
  return readThroughSnapshot(
    database,
    { directory: snapshotDir, name: 'address-candidates', tables: ['addresses'], code: ADDRESS_CANDIDATES_QUERY + toAddressCandidate.toString() },
    async () => (await database.queryText(ADDRESS_CANDIDATES_QUERY)).map(toAddressCandidate),
  );
}

export interface LocalityMatch {
  name: string;
  state: string;
  postcode: string;
  lat: number;
  lng: number;
}

/**
 * The gazetteer locality for a suburb (and state or postcode when given), or for a postcode alone;
 * Delivery Area rows first, since they are the ones with a suburb's own coordinates.
 */
export async function findLocality(database: Database, where: { suburb?: string | null; state?: string | null; postcode?: string | null }): Promise<LocalityMatch | null> {
  if (!where.suburb && !where.postcode) return null;
  const rows = await database.query<LocalityMatch>(
    `SELECT name, state, postcode, lat, lng FROM localities
      WHERE lat IS NOT NULL AND lng IS NOT NULL
        AND ($1::text IS NULL OR upper(name) = upper($1))
        AND ($2::text IS NULL OR state = $2)
        AND ($3::text IS NULL OR postcode = $3)
      ORDER BY is_delivery_area DESC, id LIMIT 1`,
    [where.suburb ?? null, where.state ?? null, where.postcode ?? null],
  );
  const row = rows[0];
  return row ? { ...row, lat: Number(row.lat), lng: Number(row.lng) } : null;
}

/** One gazetteer locality by its row id (a "locality-45" suggestion), or null when it has no coordinates or does not exist. */
export async function findLocalityById(database: Database, id: number): Promise<LocalityMatch | null> {
  const [row] = await database.query<LocalityMatch>('SELECT name, state, postcode, lat, lng FROM localities WHERE id = $1 AND lat IS NOT NULL AND lng IS NOT NULL', [id]);
  return row ? { ...row, lat: Number(row.lat), lng: Number(row.lng) } : null;
}

/** One street address of our sales by its row id (an "address-123" suggestion), coordinates or not. */
export async function findAddressById(database: Database, id: number): Promise<AddressCandidate | null> {
  const [row] = await database.query<Record<string, unknown>>(
    `SELECT id, address, suburb, state, postcode, lat, lng, location_precision, property_type, bedrooms, bathrooms,
            car_spaces, land_size_m2, building_size_m2, year_built
       FROM addresses WHERE id = $1`,
    [id],
  );
  return row ? toAddressCandidate(row) : null;
}

/**
 * Every gazetteer locality with coordinates, in findLocality's order (Delivery Area rows first,
 * then id), by upper-case name and by postcode: a batch (`value --csv`) loads it once and asks
 * findLocalityIn instead of one query per new locality.
 */
export interface LocalityTable {
  byName: Map<string, LocalityMatch[]>;
  byPostcode: Map<string, LocalityMatch[]>;
  /** Delivery Area localities by NEAREST_WINDOW_DEGREES cell ("row|column"), for findNearestLocalityIn. */
  deliveryAreaCells: Map<string, LocalityMatch[]>;
}

/** findNearestLocality looks this far (degrees of latitude and of longitude) from the point. */
const NEAREST_WINDOW_DEGREES = 0.5;
const cellOf = (degrees: number) => Math.floor(degrees / NEAREST_WINDOW_DEGREES);

export async function loadLocalityTable(database: Database): Promise<LocalityTable> {
  const rows = await database.query<LocalityMatch & { is_delivery_area: boolean }>(
    `SELECT name, state, postcode, lat, lng, is_delivery_area FROM localities WHERE lat IS NOT NULL AND lng IS NOT NULL ORDER BY is_delivery_area DESC, id`,
  );
  const byName = new Map<string, LocalityMatch[]>();
  const byPostcode = new Map<string, LocalityMatch[]>();
  const deliveryAreaCells = new Map<string, LocalityMatch[]>();
  for (const row of rows) {
    const match = { name: row.name, state: row.state, postcode: row.postcode, lat: Number(row.lat), lng: Number(row.lng) };
    const name = match.name.toUpperCase();
    byName.set(name, [...(byName.get(name) ?? []), match]);
    byPostcode.set(match.postcode, [...(byPostcode.get(match.postcode) ?? []), match]);
    if (row.is_delivery_area) {
      const cell = `${cellOf(match.lat)}|${cellOf(match.lng)}`;
      const list = deliveryAreaCells.get(cell);
      if (list) list.push(match);
      else deliveryAreaCells.set(cell, [match]);
    }
  }
  return { byName, byPostcode, deliveryAreaCells };
}

/** Equirectangular distance in km, as findNearestLocality's SQL computes it. */
function equirectangularKm(lat: number, lng: number, other: { lat: number; lng: number }): number {
  return 111.32 * Math.sqrt((other.lat - lat) ** 2 + ((other.lng - lng) * Math.cos((lat * Math.PI) / 180)) ** 2);
}

/** findNearestLocality's answer from a loaded LocalityTable: the nearest Delivery Area within half a degree, without a query. */
export function findNearestLocalityIn(table: LocalityTable, lat: number, lng: number): { name: string; state: string; postcode: string; distanceKm: number } | null {
  let best: LocalityMatch | null = null;
  let bestKm = Infinity;
  for (let row = cellOf(lat) - 1; row <= cellOf(lat) + 1; row += 1) {
    for (let column = cellOf(lng) - 1; column <= cellOf(lng) + 1; column += 1) {
      for (const candidate of table.deliveryAreaCells.get(`${row}|${column}`) ?? []) {
        if (Math.abs(candidate.lat - lat) > NEAREST_WINDOW_DEGREES || Math.abs(candidate.lng - lng) > NEAREST_WINDOW_DEGREES) continue;
        const km = equirectangularKm(lat, lng, candidate);
        if (km < bestKm) {
          best = candidate;
          bestKm = km;
        }
      }
    }
  }
  return best ? { name: best.name, state: best.state, postcode: best.postcode, distanceKm: bestKm } : null;
}

/** findLocality's answer from a loaded LocalityTable (same filters, same order). */
export function findLocalityIn(table: LocalityTable, where: { suburb?: string | null; state?: string | null; postcode?: string | null }): LocalityMatch | null {
  if (!where.suburb && !where.postcode) return null;
  const candidates = where.suburb ? table.byName.get(where.suburb.toUpperCase()) : table.byPostcode.get(where.postcode!);
  return candidates?.find((row) => (!where.state || row.state === where.state) && (!where.postcode || row.postcode === where.postcode)) ?? null;
}
/** The gazetteer delivery-area locality nearest to a point (equirectangular distance, fine at suburb scale). */
export async function findNearestLocality(database: Database, lat: number, lng: number): Promise<{ name: string; state: string; postcode: string; distanceKm: number } | null> {
  const rows = await database.query<{ name: string; state: string; postcode: string; distance_km: number }>(
    `SELECT name, state, postcode,
            111.32 * sqrt(power(lat - $1, 2) + power((lng - $2) * cos(radians($1)), 2)) AS distance_km
       FROM localities
      WHERE is_delivery_area AND lat IS NOT NULL AND lat BETWEEN $1 - 0.5 AND $1 + 0.5 AND lng BETWEEN $2 - 0.5 AND $2 + 0.5
      ORDER BY distance_km LIMIT 1`,
    [lat, lng],
  );
  const row = rows[0];
  return row ? { name: row.name, state: row.state, postcode: row.postcode, distanceKm: Number(row.distance_km) } : null;
}
