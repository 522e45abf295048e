import path from 'node:path';
import { REPO_ROOT } from '../src/config.ts';

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

/** PROPGUARD_HOME of this run of the API suite. */
export const TEST_HOME = testHomeFor(getTestDbKind());
