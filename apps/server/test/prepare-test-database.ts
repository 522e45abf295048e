import { ensureDataLoaded, openDatabase } from '@propguard/db';
import { loadConfig } from '../src/config.ts';
import { ensureFixtureData } from './fixture-data.ts';
import { probePostgres, TEST_DATABASE_URL, type TestDbKind } from './test-database.ts';

/**
 * Prepares the real database of one run of the API suite: migrations and the ingest of the suite's
 * data (fixture-data.ts: a few thousand real sales; a no-op taking a second when already loaded). Returns why the run must be skipped
 * (PostgreSQL without a server), else null. global-setup.ts calls it before the suite; npm test
 * (scripts/test.mjs) also runs it ahead, beside the checks and the unit tests, through
 * prepare-test-databases.ts.
 */
export async function prepareTestDatabase(kind: TestDbKind, homeDir: string, log: (line: string) => void): Promise<string | null> {
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const reason = await probePostgres();
    if (reason) return reason;
    databaseUrl = TEST_DATABASE_URL;
  }
  const started = Date.now();
  const config = loadConfig({ PROPGUARD_DATA_PATH: ensureFixtureData(log) });
  const database = await openDatabase({ databaseUrl, homeDir });
  try {
    await ensureDataLoaded(database, { dataDir: config.dataDir, onProgress: (event) => log(`[api setup ${kind}] ${event.message}`) });
  } finally {
    await database.close();
  }
  log(`[api setup ${kind}] database ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return null;
}
