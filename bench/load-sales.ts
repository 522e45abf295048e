/**
 * The sales the valuation benches work on: every indexed sale of the database named by
 * DATABASE_URL / PROPGUARD_HOME (the CLI's configuration), read once and the database closed.
 */
import { resolve } from 'node:path';
import { carryForwardCalibrationPath, loadIndexedSales, loadMarketMovement, openDatabase } from '@propguard/db';
import type { IndexedSale, MarketMovement } from '@propguard/engines';
import { loadCliConfig } from '../apps/cli/src/config.ts';

/** The ABS series (and the shipped carry-forward calibration), as `npm run train` and the server read them: they bridge a market's index past its first gap. */
export async function loadBenchMovement(): Promise<MarketMovement> {
  return loadMarketMovement(loadCliConfig().dataDir, carryForwardCalibrationPath(resolve('models/current.json')));
}

export async function loadBenchSales(): Promise<IndexedSale[]> {
  const config = loadCliConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, homeDir: config.homeDir });
  try {
    return await loadIndexedSales(database);
  } finally {
    await database.close();
  }
}
