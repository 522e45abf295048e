import type { DataSummary } from '@propguard/schemas';
import type { Database } from './open-database.ts';

interface CountRow {
  key: string | null;
  count: number;
}

/** What is in the database, in the shape of @propguard/schemas' dataSummarySchema. */
export async function getDataSummary(database: Database): Promise<DataSummary> {
  const [totals] = await database.query<{ total: number; priced: number; first: string | null; last: string | null }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE is_market_sale)::int AS priced,
       to_char(min(sale_date), 'YYYY-MM-DD') AS first, to_char(max(sale_date), 'YYYY-MM-DD') AS last FROM sales`,
  );
  const byState = await database.query<CountRow>(`SELECT coalesce(state, 'unknown') AS key, count(*)::int AS count FROM sales GROUP BY 1 ORDER BY 1`);
  const bySource = await database.query<CountRow>(`SELECT source AS key, count(*)::int AS count FROM sales GROUP BY 1 ORDER BY 1`);
  const [counts] = await database.query<{ addresses: number; localities: number; suburbs: number }>(
    `SELECT (SELECT count(*)::int FROM addresses) AS addresses, (SELECT count(*)::int FROM localities) AS localities,
       (SELECT count(*)::int FROM suburbs) AS suburbs`,
  );
  const loads = await database.query<{ dataset: string; rows_loaded: number; rows_rejected: number; loaded_at: string; duration_ms: number }>(
    `SELECT dataset, rows_loaded, rows_rejected, to_char(loaded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS loaded_at, duration_ms
     FROM dataset_loads ORDER BY dataset`,
  );
  const toRecord = (rows: CountRow[]) => Object.fromEntries(rows.map((row) => [row.key ?? 'unknown', row.count]));
  return {
    sales: {
      total: totals?.total ?? 0,
      priced: totals?.priced ?? 0,
      byState: toRecord(byState),
      bySource: toRecord(bySource),
      firstSaleDate: totals?.first ?? null,
      lastSaleDate: totals?.last ?? null,
    },
    addresses: counts?.addresses ?? 0,
    localities: counts?.localities ?? 0,
    suburbs: counts?.suburbs ?? 0,
    datasets: loads.map((load) => ({
      dataset: load.dataset,
      rowsLoaded: load.rows_loaded,
      rowsRejected: load.rows_rejected,
      loadedAt: load.loaded_at,
      durationMs: load.duration_ms,
    })),
  };
}
