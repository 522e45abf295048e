import type { Database } from '../open-database.ts';
import { attributesOfRow, numberOrNull } from '../sale-columns.ts';
import { readThroughSnapshot } from '../snapshot.ts';
import type { AddressCandidate } from '../valuation/resolve-location.ts';

/** One row of the address-suggestion index: a street address of our sales or a gazetteer locality. */
export interface AddressSearchEntry {
  kind: 'address' | 'locality';
  /** The row id in `addresses` or `localities`. */
  rowId: number;
  /** The street line for an address, the locality name for a locality. */
  address: string;
  suburb: string;
  state: string | null;
  postcode: string | null;
  /** Property type of the latest sale (addresses), the gazetteer's row type (localities). */
  type: string | null;
}

/**
 * Every distinct street address in the sales (the `addresses` table holds one row per address
 * key) and every distinct locality of the gazetteer (unique by name, state and postcode); from a
 * snapshot in `snapshotDir` while those tables are unchanged (snapshot.ts).
 */
export async function loadAddressSearchEntries(database: Database, snapshotDir?: string, pageRows = ENTRY_PAGE_ROWS): Promise<AddressSearchEntry[]> {
  return readThroughSnapshot(database, { directory: snapshotDir, name: 'address-search-entries', tables: ['addresses', 'localities'], code: readAddressSearchEntries.toString() + readInPages.toString() }, () => readAddressSearchEntries(database, pageRows));
}

/**
 * Rows a page of readAddressSearchEntries reads: on PGlite a query holds the server's thread while
 * it runs (all 92,864 addresses at once took 1.2 s, and an analysis asked for meanwhile waited as
 * long), a page of 10,000 about 0.1 s.
 */
const ENTRY_PAGE_ROWS = 10_000;

/** Every row of `table` as `columns`, read in pages of `pageRows` by id with the event loop free between them. */
async function readInPages<T extends { id: number }>(database: Database, table: 'addresses' | 'localities', columns: string, pageRows: number): Promise<T[]> {
  const rows: T[] = [];
  for (let after = 0; ; ) {
    const page = await database.query<T>(`SELECT id, ${columns} FROM ${table} WHERE id > $1 ORDER BY id LIMIT $2`, [after, pageRows]);
    rows.push(...page);
    if (page.length < pageRows) return rows;
    after = Number(page[page.length - 1]!.id);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function readAddressSearchEntries(database: Database, pageRows: number): Promise<AddressSearchEntry[]> {
  const addressRows = await readInPages<{ id: number; address: string; suburb: string; state: string | null; postcode: string | null; property_type: string | null }>(database, 'addresses', 'address, suburb, state, postcode, property_type', pageRows);
  const localityRows = await readInPages<{ id: number; name: string; state: string; postcode: string; type: string }>(database, 'localities', 'name, state, postcode, type', pageRows);
  return [
    ...addressRows.map((row): AddressSearchEntry => ({
      kind: 'address',
      rowId: Number(row.id),
      address: row.address,
      suburb: row.suburb,
      state: row.state,
      postcode: row.postcode,
      type: row.property_type,
    })),
    ...localityRows.map((row): AddressSearchEntry => ({
      kind: 'locality',
      rowId: Number(row.id),
      address: row.name,
      suburb: row.name,
      state: row.state,
      postcode: row.postcode,
      type: row.type,
    })),
  ];
}

/** An address as the valuation look-up knows it, with its sale record. */
export interface AddressRecord extends Omit<AddressCandidate, 'similarity'> {
  saleCount: number;
  lastSaleDate: string | null;
  lastPriceAud: number | null;
  /** The newest sale of the address (the listing id is `sale-<id>`). */
  latestSaleId: number | null;
}


/** One street address with its latest known attributes and its newest sale, or null. */
export async function getAddressRecord(database: Database, id: number): Promise<AddressRecord | null> {
  const [row] = await database.query<Record<string, unknown>>(
    `SELECT a.id, a.address, a.suburb, a.state, a.postcode, a.lat, a.lng, a.location_precision, a.property_type, a.bedrooms,
            a.bathrooms, a.car_spaces, a.land_size_m2, a.building_size_m2, a.year_built, a.sale_count,
            to_char(a.last_sale_date, 'YYYY-MM-DD') AS last_sale_date, a.last_price_aud,
            (SELECT s.id FROM sales s WHERE s.address_id = a.id ORDER BY s.sale_date DESC, s.id DESC LIMIT 1) AS latest_sale_id
       FROM addresses a WHERE a.id = $1`,
    [id],
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    address: String(row.address),
    suburb: String(row.suburb),
    state: (row.state as string | null) ?? null,
    postcode: (row.postcode as string | null) ?? null,
    lat: numberOrNull(row.lat),
    lng: numberOrNull(row.lng),
    locationPrecision: (row.location_precision as string | null) ?? null,
    propertyType: (row.property_type as string | null) ?? null,
    ...attributesOfRow(row),
    saleCount: Number(row.sale_count ?? 0),
    lastSaleDate: (row.last_sale_date as string | null) ?? null,
    lastPriceAud: numberOrNull(row.last_price_aud),
    latestSaleId: numberOrNull(row.latest_sale_id),
  };
}

export interface LocalityRecord {
  id: number;
  name: string;
  state: string;
  postcode: string;
  lat: number | null;
  lng: number | null;
  type: string;
  lgaName: string | null;
  /** Sales of this locality (suburb, state and postcode) in our data. */
  saleCount: number;
}

/** One gazetteer locality and how many of our sales lie in it, or null. */
export async function getLocalityRecord(database: Database, id: number): Promise<LocalityRecord | null> {
  const [row] = await database.query<Record<string, unknown>>(
    `SELECT l.id, l.name, l.state, l.postcode, l.lat, l.lng, l.type, l.lga_name,
            (SELECT count(*)::int FROM sales s WHERE upper(s.suburb) = upper(l.name) AND s.postcode = l.postcode) AS sale_count
       FROM localities l WHERE l.id = $1`,
    [id],
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    name: String(row.name),
    state: String(row.state),
    postcode: String(row.postcode),
    lat: numberOrNull(row.lat),
    lng: numberOrNull(row.lng),
    type: String(row.type),
    lgaName: (row.lga_name as string | null) ?? null,
    saleCount: Number(row.sale_count ?? 0),
  };
}
