import path from 'node:path';
import { REPO_ROOT } from '../src/config.ts';
import { FIXTURE_DATA_DIR } from './fixture-data.ts';

// The PostgreSQL helpers are the database package's (one test-database module).
export { createScratchDatabase, dropScratchDatabase, probePostgres, TEST_DATABASE_URL } from '../../../packages/db/test/support/test-databases.ts';

export type TestDbKind = 'pglite' | 'postgres';

/** Which database this run of the API suite uses (scripts/test.mjs runs both). */
export function getTestDbKind(): TestDbKind {
  const kind = process.env.PROPGUARD_TEST_DB ?? 'pglite';
  if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`PROPGUARD_TEST_DB must be pglite or postgres, got ${kind}`);
  return kind;
}

/**
 * PROPGUARD_HOME of the API suite: on PGlite it holds the embedded database (kept between local
 * runs so a re-run skips the ingest); on PostgreSQL the chain's minter key and the caches. One
 * directory a kind, so that scripts/test.mjs can run the two suites side by side.
 */
export function testHomeFor(kind: TestDbKind): string {
  return path.join(REPO_ROOT, '.propguard', `test-${kind}`);
}

/**
 * The API suite's data (issue 32): a few thousand real sales and the places the tests name
 * (fixture-data.ts); the full bundled data are the full-data stage's. The API project sets
 * PROPGUARD_DATA_PATH to it (vitest.config.ts), so servers and CLIs the tests spawn read it too.
 */
export const API_DATA_DIR = FIXTURE_DATA_DIR;

/** PROPGUARD_HOME of this run of the API suite. */
export const TEST_HOME = testHomeFor(getTestDbKind());
