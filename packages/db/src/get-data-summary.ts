import type { DataSummary } from '@propguard/schemas';
import type { Database } from './open-database.ts';

interface CountRow {
  key: string | null;
  count: number;
}

/** What is in the database, in the shape of @propguard/schemas' dataSummarySchema. */
export async function getDataSummary(database: Database): Promise<DataSummary> {
  // One scan of sales for all three breakdowns (the health endpoints call this on every poll).
  const groups = await database.query<{ state: string | null; source: string | null; is_total: boolean; is_state: boolean; total: number; priced: number; first: string | null; last: string | null }>(
    `SELECT state, source, grouping(state, source) = 3 AS is_total, grouping(state) = 0 AS is_state,
       count(*)::int AS total, count(*) FILTER (WHERE is_market_sale)::int AS priced,
       to_char(min(sale_date), 'YYYY-MM-DD') AS first, to_char(max(sale_date), 'YYYY-MM-DD') AS last
     FROM sales GROUP BY GROUPING SETS ((state), (source), ())`,
  );
  const totals = groups.find((group) => group.is_total);
  const byState: CountRow[] = groups.filter((group) => !group.is_total && group.is_state).map((group) => ({ key: group.state, count: group.total }));
  const bySource: CountRow[] = groups.filter((group) => !group.is_total && !group.is_state).map((group) => ({ key: group.source, count: group.total }));
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
