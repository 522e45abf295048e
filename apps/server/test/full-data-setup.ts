import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureDataLoaded, openDatabase } from '@propguard/db';
import { ensureKeptDatabase, probePostgres } from '../../../packages/db/test/support/test-databases.ts';
import { loadConfig, REPO_ROOT } from '../src/config.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The full-data stage's PostgreSQL database, or null: it runs on the embedded one. */
    fullDataDatabaseUrl: string | null;
  }
}

/** PROPGUARD_HOME of the full-data stage: its caches, and its embedded database when no PostgreSQL server answers. */
export const FULL_DATA_HOME = path.join(REPO_ROOT, '.propguard', 'test-full-data');

/**
 * The full-data stage's database: `propguard_full_data` beside the PostgreSQL test database when a
 * server answers (kept between runs: loaded once, about 30 s; a no-op taking a second after), else
 * the embedded one in FULL_DATA_HOME (about 1.5 minutes on a fresh clone). Under CI=true the
 * server is required, as for the API suite.
 */
export async function fullDataDatabaseUrl(): Promise<string | null> {
  const reason = await probePostgres();
  if (reason === null) return ensureKeptDatabase('propguard_full_data');
  if (process.env.CI === 'true') throw new Error(`${reason} (CI=true: the full-data stage runs on the PostgreSQL server)`);
  return null;
}

/**
 * Loads every bundled data set (data/) into the full-data stage's database. Its global set-up, and
 * run ahead of it by npm test (prepare-test-databases.ts) beside the checks and the unit tests.
 */
export async function prepareFullDataDatabase(log: (line: string) => void): Promise<string | null> {
  const started = Date.now();
  const config = loadConfig({});
  const databaseUrl = await fullDataDatabaseUrl();
  const database = await openDatabase({ databaseUrl: databaseUrl ?? undefined, homeDir: FULL_DATA_HOME });
  try {
    await ensureDataLoaded(database, { dataDir: config.dataDir, onProgress: (event) => log(`[full-data setup] ${event.message}`) });
  } finally {
    await database.close();
  }
  log(`[full-data setup] ${database.kind} database ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return databaseUrl;
}

export default async function setup(project: TestProject): Promise<void> {
  project.provide('fullDataDatabaseUrl', await prepareFullDataDatabase((line) => console.log(line)));
}
