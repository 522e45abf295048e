import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { IndexedSale } from '@propguard/engines';
import type { Database } from '../open-database.ts';

interface IndexedSaleRow {
  id: number;
  lat: number;
  lng: number;
  state: string | null;
  suburb: string;
  postcode: string | null;
  address: string | null;
  property_type: string;
  bedrooms: number | null;
  bathrooms: number | null;
  car_spaces: number | null;
  land_size_m2: number | null;
  building_size_m2: number | null;
  year_built: number | null;
  price_aud: string | number;
  sale_date: string;
  source_key: string | null;
  is_market_sale: boolean;
  sale_method: string | null;
}

export interface LoadIndexedSalesOptions {
  /**
   * Also the priced records of a street address that are not market sales (the highest bid at an
   * auction that passed in, a vendor bid: 5,422 Melbourne rows), flagged `isMarketSale: false`.
   * buildSalesIndex keeps them for the property's own-sale evidence only (own-sale.ts): every
   * process that values a property asks for them; training and the benches of the model do not.
   */
  ownSaleRecords?: boolean;
  /**
   * A directory (the process's PROPGUARD_HOME cache) where the rows are kept as a snapshot between
   * starts, read instead of the table while the table has not changed. Unset: always the table.
   */
  snapshotDir?: string;
}

const toIndexedSale = (row: IndexedSaleRow): IndexedSale => ({
  id: row.id,
  lat: row.lat,
  lng: row.lng,
  state: row.state,
  suburb: row.suburb,
  postcode: row.postcode,
  address: row.address,
  propertyType: row.property_type,
  bedrooms: row.bedrooms,
  bathrooms: row.bathrooms,
  carSpaces: row.car_spaces,
  landSizeM2: row.land_size_m2,
  buildingSizeM2: row.building_size_m2,
  yearBuilt: row.year_built,
  priceAud: Number(row.price_aud),
  saleDate: row.sale_date,
  // 'nsw-vg:<property id>|<dealing>|<lot>': the Valuer General's property id.
  propertyKey: row.source_key?.startsWith('nsw-vg:') ? row.source_key.slice(7).split('|')[0]! : null,
  ...(row.is_market_sale ? {} : { isMarketSale: false, saleMethod: row.sale_method }),
});

function indexedSalesQuery(options: LoadIndexedSalesOptions): string {
  const kept = options.ownSaleRecords ? '(is_market_sale OR address IS NOT NULL)' : 'is_market_sale';
  return `SELECT id, lat, lng, state, suburb, postcode, address, property_type, bedrooms, bathrooms, car_spaces,
            land_size_m2, building_size_m2, year_built, price_aud, to_char(sale_date, 'YYYY-MM-DD') AS sale_date,
            is_market_sale, sale_method, source_key
       FROM sales
      WHERE ${kept} AND price_aud IS NOT NULL AND lat IS NOT NULL AND lng IS NOT NULL
      ORDER BY sale_date, id`;
}

/**
 * Every market sale with a price and coordinates, in the shape the valuation engine indexes
 * (packages/engines/src/valuation/sales-index.ts). One query; ~280k rows load in 10-15 s from the
 * embedded database, or in about 2 s from a snapshot (`snapshotDir`, below).
 */
export async function loadIndexedSales(database: Database, options: LoadIndexedSalesOptions = {}): Promise<IndexedSale[]> {
  const query = indexedSalesQuery(options);
  const snapshot = options.snapshotDir === undefined ? null : await snapshotFile(database, options.snapshotDir, query);
  if (snapshot) {
    const kept = readSnapshot(snapshot);
    if (kept) return kept;
  }
  const sales = (await database.query<IndexedSaleRow>(query)).map(toIndexedSale);
  if (snapshot) writeSnapshot(snapshot, sales);
  return sales;
}

/**
 * The snapshot file of the sales as they are now: named by what would change them. Every write to
 * the sales table (a bundled load, `import sales`, `import nsw-vg`: write-sales.ts) inserts rows
 * with new ids, deletes rows, or both, and records a load; so the count, the lowest and highest id and
 * the latest recorded load name one state of the table. The query and the row mapping are part of the
 * name, so changed code never reads an old snapshot.
 */
async function snapshotFile(database: Database, directory: string, query: string): Promise<{ directory: string; file: string } | null> {
  try {
    const [state] = await database.query<{ n: number; min_id: number | null; max_id: number | null; loaded_at: string | null }>(
      `SELECT count(*)::int AS n, min(id) AS min_id, max(id) AS max_id, (SELECT max(loaded_at)::text FROM dataset_loads) AS loaded_at FROM sales`,
    );
    const key = createHash('sha256')
      .update(JSON.stringify([SNAPSHOT_FORMAT, query, toIndexedSale.toString(), state]))
      .digest('hex')
      .slice(0, 24);
    return { directory, file: path.join(directory, `indexed-sales-${key}.v8`) };
  } catch {
    return null;
  }
}

/** v8's structured serialisation: plain objects, read back in about a tenth of the query's time. */
const SNAPSHOT_FORMAT = 'indexed-sales-v1';

function readSnapshot(snapshot: { file: string }): IndexedSale[] | null {
  try {
    const sales = v8.deserialize(fs.readFileSync(snapshot.file)) as unknown;
    return Array.isArray(sales) ? (sales as IndexedSale[]) : null;
  } catch {
    // Missing or unreadable (a crash while writing it, another Node version): read the table.
    return null;
  }
}

/** Written beside the others, then renamed over: a reader never sees half a file. Older snapshots go. */
function writeSnapshot(snapshot: { directory: string; file: string }, sales: readonly IndexedSale[]): void {
  try {
    fs.mkdirSync(snapshot.directory, { recursive: true });
    const partial = `${snapshot.file}.${process.pid}.partial`;
    fs.writeFileSync(partial, v8.serialize(sales));
    fs.renameSync(partial, snapshot.file);
    for (const name of fs.readdirSync(snapshot.directory)) {
      if (name.startsWith('indexed-sales-') && path.join(snapshot.directory, name) !== snapshot.file) fs.rmSync(path.join(snapshot.directory, name), { force: true });
    }
  } catch {
    // A snapshot is only a shortcut: without it the next start reads the table again.
  }
}
