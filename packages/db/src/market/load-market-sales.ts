import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { LocalityMedian, MarketSale, RentRow, SearchLocation } from '@propguard/engines';
import type { Database } from '../open-database.ts';
import { locationCondition } from '../realty/search-sales.ts';
import { readCsvRows, resolveDataFile } from '../ingest/read-source-file.ts';
import { sales } from '../schema.ts';

/**
 * Every recorded result of a property type in a location up to a date, oldest first, as the
 * market engine reads them: priced sales and the auctions that passed in or were withdrawn.
 */
export async function loadMarketSales(database: Database, location: SearchLocation, propertyType: string, asAt?: string, from?: string): Promise<MarketSale[]> {
  const conditions = [locationCondition(location), eq(sales.propertyType, propertyType)];
  if (asAt) conditions.push(lte(sales.saleDate, asAt));
  if (from) conditions.push(gte(sales.saleDate, from));
  const rows = await database.db
    .select({
      id: sales.id,
      address: sales.address,
      suburb: sales.suburb,
      state: sales.state,
      postcode: sales.postcode,
      propertyType: sales.propertyType,
      bedrooms: sales.bedrooms,
      bathrooms: sales.bathrooms,
      landSizeM2: sales.landSizeM2,
      buildingSizeM2: sales.buildingSizeM2,
      priceAud: sales.priceAud,
      saleDate: sales.saleDate,
      saleMethod: sales.saleMethod,
      hasRecordedMethod: sql<boolean>`${sales.saleMethodRaw} is not null`,
      isMarketSale: sales.isMarketSale,
    })
    .from(sales)
    .where(and(...conditions))
    .orderBy(asc(sales.saleDate), asc(sales.id));
  return rows.map((row) => ({ ...row, priceAud: row.priceAud === null ? null : Number(row.priceAud), hasRecordedMethod: row.hasRecordedMethod === true || String(row.hasRecordedMethod) === 't' }));
}

/** The DFFH rents file, relative to the data directory. */
export const VIC_RENTS_FILE = 'vic-suburb-median-prices-and-rents/vic_moving_annual_rents_by_suburb_2000_2021.csv';
export const VIC_MEDIANS_FILE = 'vic-suburb-median-prices-and-rents/vic_median_house_price_by_locality_2010_2021.csv';

const QUARTER_END: Readonly<Record<string, string>> = { Mar: '03', Jun: '06', Sep: '09', Dec: '12' };

/** The Victorian median rents by suburb group (empty when the file is not shipped). */
export async function loadVicRents(dataDir: string): Promise<RentRow[]> {
  const path = resolveDataFile(dataDir, VIC_RENTS_FILE);
  if (!path) throw new Error(`the rent file ${VIC_RENTS_FILE} is not in the data directory`);
  const rows: RentRow[] = [];
  for await (const row of readCsvRows(path)) {
    const [quarter, year] = (row.year_ending_quarter ?? '').split(' ');
    const month = QUARTER_END[quarter ?? ''];
    if (!month || !year || row.suburb_group === 'Group Total') continue;
    const rent = Number(row.median_weekly_rent_aud);
    const lettings = Number(row.new_lettings_count);
    rows.push({
      dwellingType: row.dwelling_type ?? '',
      region: row.region ?? '',
      suburbGroup: row.suburb_group ?? '',
      periodEnd: `${year}-${month}`,
      newLettings: row.new_lettings_count && Number.isFinite(lettings) ? lettings : null,
      weeklyRentAud: row.median_weekly_rent_aud && Number.isFinite(rent) && rent > 0 ? rent : null,
    });
  }
  return rows;
}

/** The Valuer-General's median house prices by locality and year (for bench:market and bench:carry-forward); the last year is preliminary. */
export async function loadVicLocalityMedians(dataDir: string): Promise<LocalityMedian[]> {
  const path = resolveDataFile(dataDir, VIC_MEDIANS_FILE);
  if (!path) return [];
  const rows: LocalityMedian[] = [];
  for await (const row of readCsvRows(path)) {
    const median = Number(row.median_house_price_aud);
    if (!row.median_house_price_aud || !Number.isFinite(median)) continue;
    rows.push({ locality: (row.locality ?? '').toUpperCase(), year: Number(row.year), medianAud: median, preliminary: row.status === 'prelim' });
  }
  return rows;
}

/** Sales of a suburb name per state (an ambiguous name is in several), most first. */
export async function countSuburbSalesByState(database: Database, suburb: string): Promise<Array<{ state: string; sales: number }>> {
  return database.query<{ state: string; sales: number }>(
    `SELECT state, count(*)::int AS sales FROM sales WHERE upper(suburb) = upper($1) AND state IS NOT NULL GROUP BY state ORDER BY sales DESC`,
    [suburb],
  );
}
