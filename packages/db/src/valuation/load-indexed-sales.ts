import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { buildSalesIndex, packSalesIndex, unpackSalesIndex, type IndexedSale, type MarketMovement, type SalesIndex } from '@propguard/engines';
import type { Database } from '../open-database.ts';
import { attributesOfRow } from '../sale-columns.ts';
import { fingerprintFiles, readThroughSnapshot } from '../snapshot.ts';

const INDEXED_SALE_COLUMNS = ['id', 'lat', 'lng', 'state', 'suburb', 'postcode', 'address', 'property_type', 'bedrooms', 'bathrooms', 'car_spaces', 'land_size_m2', 'building_size_m2', 'year_built', 'price_aud', 'sale_date', 'is_market_sale', 'sale_method', 'source_key', 'location_precision'] as const;
/** A row of indexedSalesQuery, every value in its text form (Database.queryText). */
type IndexedSaleRow = Record<(typeof INDEXED_SALE_COLUMNS)[number], string | null>;

export interface LoadIndexedSalesOptions {
  /**
   * Also the priced records of a street address that are not market sales (the highest bid at an
   * auction that passed in, a vendor bid: 5,422 Melbourne rows), flagged `isMarketSale: false`.
   * buildSalesIndex keeps them for the property's own-sale evidence only (own-sale.ts): every
   * process that values a property asks for them; training and the benches of the model do not.
   */
  ownSaleRecords?: boolean;
}

const toIndexedSale = (row: IndexedSaleRow): IndexedSale => ({
  id: Number(row.id),
  lat: Number(row.lat),
  lng: Number(row.lng),
  state: row.state,
  suburb: row.suburb as string,
  postcode: row.postcode,
  address: row.address,
  propertyType: row.property_type as string,
  ...attributesOfRow(row),
  priceAud: Number(row.price_aud),
  saleDate: row.sale_date as string,
  // 'nsw-vg:<property id>|<dealing>|<lot>': the Valuer General's property id.
  propertyKey: row.source_key?.startsWith('nsw-vg:') ? row.source_key.slice(7).split('|')[0]! : null,
  ...(row.is_market_sale === 't' ? {} : { isMarketSale: false, saleMethod: row.sale_method }),
  ...(row.location_precision === 'locality' ? { placedAtLocality: true } : {}),
});

function indexedSalesQuery(options: LoadIndexedSalesOptions): string {
  const kept = options.ownSaleRecords ? '(is_market_sale OR address IS NOT NULL)' : 'is_market_sale';
  return `SELECT ${INDEXED_SALE_COLUMNS.map((column) => (column === 'sale_date' ? `to_char(sale_date, 'YYYY-MM-DD') AS sale_date` : column)).join(', ')}
       FROM sales
      WHERE ${kept} AND price_aud IS NOT NULL AND lat IS NOT NULL AND lng IS NOT NULL
      ORDER BY sale_date, id`;
}

/**
 * Every market sale with a price and coordinates, in the shape the valuation engine indexes
 * (packages/engines/src/valuation/sales-index.ts). One bulk read (Database.queryText): ~280k rows in
 * about 3 s from the embedded database. A start keeps them with their index (loadSalesAndIndex).
 */
export async function loadIndexedSales(database: Database, options: LoadIndexedSalesOptions = {}): Promise<IndexedSale[]> {
  return (await database.queryText(indexedSalesQuery(options))).map((row) => toIndexedSale(row as IndexedSaleRow));
}

/** The engine's source directory: a snapshot of what it built is kept only while its code is unchanged. */
const ENGINES_SOURCE_DIR = fileURLToPath(new URL('../../../engines/src', import.meta.url));

/**
 * The sales a process values with (own-sale records included) and their index built with
 * `movement`: the server, the portfolio workers, `value --csv` and the benches that value as the
 * server does all load them here. With `snapshotDir` (the server's cache) both are kept between starts
 * as one snapshot (issue 32: a restart read the sales in 1.0 s, then built the index in 2.4 s), named
 * by the sales table's state, this loader's query, every source file of the engine and the movement, so
 * a change to any of them builds the index again.
 */
export async function loadSalesAndIndex(database: Database, movement: MarketMovement | null, snapshotDir?: string): Promise<{ sales: IndexedSale[]; index: SalesIndex }> {
  const options: LoadIndexedSalesOptions = { ownSaleRecords: true };
  const build = async () => {
    const sales = await loadIndexedSales(database, options);
    return { sales, index: buildSalesIndex(sales, { movement }) };
  };
  if (snapshotDir === undefined) return build();
  const code = [indexedSalesQuery(options), toIndexedSale.toString(), ...fingerprintFiles(ENGINES_SOURCE_DIR), createHash('sha256').update(v8.serialize(movement)).digest('hex')].join('\n');
  const kept = await readThroughSnapshot(database, { directory: snapshotDir, name: 'sales-index', tables: ['sales'], code }, async () => {
    const { sales, index } = await build();
    return { sales, index: packSalesIndex(index) };
  });
  return { sales: kept.sales, index: unpackSalesIndex(kept.index, movement) };
}
