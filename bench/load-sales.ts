/**
 * The sales the valuation benches work on: every indexed sale of the database named by
 * DATABASE_URL / PROPGUARD_HOME (the CLI's configuration), read once and the database closed.
 */
import { loadIndexedSales, openDatabase } from '@propguard/db';
import type { IndexedSale } from '@propguard/engines';
import { loadCliConfig } from '../apps/cli/src/config.ts';

export async function loadBenchSales(): Promise<IndexedSale[]> {
  const config = loadCliConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, homeDir: config.homeDir });
  try {
    return await loadIndexedSales(database);
  } finally {
    await database.close();
  }
}
