import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { SaleRecord as SaleRow, SalesQuery } from '@propguard/schemas';
import type { Database } from './open-database.ts';
import { SALE_ROW_COLUMNS } from './sale-columns.ts';
import { sales } from './schema.ts';

/** One page of cleaned sales, newest first, with the number matching the filter (GET /api/data/sales). */
export async function listSales(database: Database, query: SalesQuery): Promise<{ total: number; sales: SaleRow[] }> {
  const conditions: SQL[] = [];
  if (query.state) conditions.push(eq(sales.state, query.state));
  if (query.suburb) conditions.push(sql`upper(${sales.suburb}) = upper(${query.suburb})`);
  if (query.postcode) conditions.push(eq(sales.postcode, query.postcode));
  if (query.source) conditions.push(eq(sales.source, query.source));
  if (query.from) conditions.push(gte(sales.saleDate, query.from));
  if (query.to) conditions.push(lte(sales.saleDate, query.to));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [totalRow] = await database.db.select({ total: count() }).from(sales).where(where);
  const rows = await database.db
    .select({
      ...SALE_ROW_COLUMNS,
      locationPrecision: sql<string>`coalesce(${sales.locationPrecision}, 'locality')`,
      isMarketSale: sales.isMarketSale,
    })
    .from(sales)
    .where(where)
    .orderBy(desc(sales.saleDate), desc(sales.id))
    .limit(query.limit)
    .offset(query.offset);
  return { total: Number(totalRow?.total ?? 0), sales: rows };
}
