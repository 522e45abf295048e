import path from 'node:path';
import { ensureDataLoaded, openDatabase } from '@propguard/db';
import { loadConfig, REPO_ROOT } from '../src/config.ts';

/** PROPGUARD_HOME of the full-data stage: its embedded database holds every bundled data set. */
export const FULL_DATA_HOME = path.join(REPO_ROOT, '.propguard', 'test-full-data');

/**
 * Loads every bundled data set (data/) into the full-data stage's database: about a minute on a
 * fresh clone, a no-op taking a second when loaded. The full-data project's global set-up, and
 * run ahead of it by npm test (prepare-test-databases.ts) beside the checks and the unit tests.
 */
export async function prepareFullDataDatabase(log: (line: string) => void): Promise<void> {
  const started = Date.now();
  const config = loadConfig({});
  const database = await openDatabase({ homeDir: FULL_DATA_HOME });
  try {
    await ensureDataLoaded(database, { dataDir: config.dataDir, onProgress: (event) => log(`[full-data setup] ${event.message}`) });
  } finally {
    await database.close();
  }
  log(`[full-data setup] database ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export default async function setup(): Promise<void> {
  await prepareFullDataDatabase((line) => console.log(line));
}
