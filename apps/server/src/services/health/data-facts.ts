import { getDataSummary, type Database } from '@propguard/db';
import type { DataSummary } from '@propguard/schemas';

/**
 * The data facts the health endpoints show (sales per state, addresses, localities, data set loads),
 * counted once and again only when the data change. Every ingest and `propguard import` records a
 * row in dataset_loads, so the version of the data is read from that small table on each call; the
 * sales table is re-counted only when the version moves (issue 12: a health poll must never scan the
 * sales, which stalls the embedded database running inside the server process).
 */
export class DataFacts {
  private summary: DataSummary | null = null;
  private version: string | null = null;
  private counting: Promise<DataSummary> | null = null;

  /** The facts and the latency of the cheap version check; counts again only when the data changed. */
  async read(database: Database): Promise<{ summary: DataSummary; latencyMs: number; recounted: boolean }> {
    const started = performance.now();
    const [row] = await database.query<{ version: string }>(
      `SELECT count(*)::text || '|' || coalesce(sum(extract(epoch FROM loaded_at)), 0)::text || '|' || coalesce(sum(rows_loaded), 0)::text AS version FROM dataset_loads`,
    );
    const latencyMs = Math.round((performance.now() - started) * 100) / 100;
    const version = row?.version ?? '';
    if (this.summary && version === this.version) return { summary: this.summary, latencyMs, recounted: false };
    // One count at a time, whoever asks while it runs shares it.
    this.counting ??= getDataSummary(database).finally(() => {
      this.counting = null;
    });
    const summary = await this.counting;
    this.summary = summary;
    this.version = version;
    return { summary, latencyMs, recounted: true };
  }
}
