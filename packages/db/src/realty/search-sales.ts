import { and, asc, count, desc, eq, gte, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { SearchLocation } from '@propguard/engines';
import type { SaleAttributes, SalePlace } from '@propguard/schemas';
import type { Database } from '../open-database.ts';
import { SALE_ROW_COLUMNS } from '../sale-columns.ts';
import { sales } from '../schema.ts';

/** Sale methods of auctions that were passed in: past events, labelled with their date (never "for sale" today). */
export const PASSED_IN_METHODS = ['passed_in', 'vendor_bid'] as const;

/** Counting stops here: the total reads "2,000+" beyond it (counting a whole state costs 30 ms and more). */
export const SEARCH_TOTAL_CAP = 2_000;

/** Our recorded sales (market sales with a price): current listings come from a feed, never from here. */
export interface SalesSearchFilter {
  location: SearchLocation;
  category?: string;
  minPriceAud?: number;
  maxPriceAud?: number;
  minBedrooms?: number;
  minBathrooms?: number;
  orderBy: 'date-desc' | 'price-asc' | 'price-desc';
  limit: number;
  offset: number;
}

export interface SaleListingRow extends SalePlace, SaleAttributes {
  id: number;
  source: string;
  lat: number | null;
  lng: number | null;
  locationPrecision: string | null;
  propertyType: string;
  priceAud: number | null;
  saleDate: string;
  /** 'day' or 'month' (Perth's records give the month only). */
  datePrecision: string;
  saleMethod: string;
  addressId: number | null;
}

const LISTING_COLUMNS = { ...SALE_ROW_COLUMNS, addressId: sales.addressId };

/** LIKE pattern metacharacters typed by a user are literal. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The SQL condition of a parsed search location (shared with the market analysis). */
export function locationCondition(location: SearchLocation): SQL {
  switch (location.kind) {
    case 'postcode':
      return eq(sales.postcode, location.postcode);
    case 'state':
      return eq(sales.state, location.state);
    case 'city': {
      const dLat = location.radiusKm / 110.574;
      const dLng = location.radiusKm / (111.32 * Math.cos((location.lat * Math.PI) / 180));
      return and(eq(sales.state, location.state), gte(sales.lat, location.lat - dLat), lte(sales.lat, location.lat + dLat), gte(sales.lng, location.lng - dLng), lte(sales.lng, location.lng + dLng)) as SQL;
    }
    case 'suburb': {
      const parts: SQL[] = [sql`upper(${sales.suburb}) = ${location.suburb}`];
      if (location.state) parts.push(eq(sales.state, location.state));
      if (location.postcode) parts.push(eq(sales.postcode, location.postcode));
      return and(...parts) as SQL;
    }
    case 'text': {
      const pattern = `%${escapeLike(location.text)}%`;
      return or(sql`upper(${sales.address}) like ${pattern}`, sql`upper(${sales.suburb}) like ${pattern}`) as SQL;
    }
  }
}

function buildConditions(filter: SalesSearchFilter): SQL[] {
  const conditions: SQL[] = [locationCondition(filter.location), isNotNull(sales.priceAud)];
  conditions.push(eq(sales.isMarketSale, true));
  if (filter.category) conditions.push(eq(sales.propertyType, filter.category));
  if (filter.minPriceAud !== undefined) conditions.push(gte(sales.priceAud, filter.minPriceAud));
  if (filter.maxPriceAud !== undefined) conditions.push(lte(sales.priceAud, filter.maxPriceAud));
  if (filter.minBedrooms !== undefined) conditions.push(gte(sales.bedrooms, filter.minBedrooms));
  if (filter.minBathrooms !== undefined) conditions.push(gte(sales.bathrooms, filter.minBathrooms));
  return conditions;
}

const ORDER = {
  'date-desc': [desc(sales.saleDate), desc(sales.id)],
  'price-asc': [asc(sales.priceAud), desc(sales.saleDate), desc(sales.id)],
  'price-desc': [desc(sales.priceAud), desc(sales.saleDate), desc(sales.id)],
} as const;

/**
 * One page of priced sales matching a search (issue 5): filters run as SQL, newest first unless
 * asked otherwise, with the number of matches counted up to SEARCH_TOTAL_CAP.
 */
/** The page of a search and the number of matches (up to SEARCH_TOTAL_CAP + 1); with `knownTotal`, the page alone. */
export async function searchSales(database: Database, filter: SalesSearchFilter, knownTotal?: number): Promise<{ rows: SaleListingRow[]; total: number }> {
  const where = and(...buildConditions(filter));
  const [rows, counted] = await Promise.all([
    database.db.select(LISTING_COLUMNS).from(sales).where(where).orderBy(...ORDER[filter.orderBy]).limit(filter.limit).offset(filter.offset),
    knownTotal === undefined
      ? database.db
          .select({ total: count() })
          // Ordered by date so the planner walks a (location, sale_date) index and stops at the cap,
          // instead of scanning the table until it meets a state's rows (NSW: 30 ms -> 7 ms on PGlite).
          .from(database.db.select({ one: sql`1` }).from(sales).where(where).orderBy(desc(sales.saleDate)).limit(SEARCH_TOTAL_CAP + 1).as('matches'))
      : [{ total: knownTotal }],
  ]);
  const total = Number(counted[0]?.total ?? 0);
  return { rows: rows as SaleListingRow[], total };
}

/** One sale by id, or null. */
export async function getSaleListing(database: Database, saleId: number): Promise<SaleListingRow | null> {
  const [row] = await database.db.select(LISTING_COLUMNS).from(sales).where(eq(sales.id, saleId)).limit(1);
  return (row as SaleListingRow | undefined) ?? null;
}

/**
 * Every sale of the same property: the same street address (address id), or for a sale without
 * a street address (Sydney's suburb-level rows) that sale alone. Oldest first.
 */
export async function listSalesOfProperty(database: Database, sale: SaleListingRow): Promise<SaleListingRow[]> {
  if (sale.addressId === null) return [sale];
  const rows = await database.db.select(LISTING_COLUMNS).from(sales).where(eq(sales.addressId, sale.addressId)).orderBy(asc(sales.saleDate), asc(sales.id));
  return rows as SaleListingRow[];
}
