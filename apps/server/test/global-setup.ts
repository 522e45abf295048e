import type { TestProject } from 'vitest/node';
import { openDatabase } from '@propguard/db';
import { prepareTestDatabase } from './prepare-test-database.ts';
import { getTestDbKind, TEST_DATABASE_URL, TEST_HOME } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set when the PostgreSQL run is skipped (no server and not on CI). */
    apiSkipReason: string | null;
  }
}

/**
 * Prepares the real database once for the whole API suite: migrations and the full ingest of
 * the bundled data (a no-op when already loaded). On PostgreSQL without a server the suite is
 * skipped with a printed reason, except under CI=true where that fails the run.
 */
export default async function setup(project: TestProject): Promise<void> {
  const kind = getTestDbKind();
  const reason = await prepareTestDatabase(kind, TEST_HOME, (line) => console.log(line));
  if (reason) {
    if (process.env.CI === 'true') throw new Error(`${reason} (CI=true: the PostgreSQL run must not be skipped)`);
    console.warn(`\nSkipping the API suite on PostgreSQL: ${reason}\n`);
    project.provide('apiSkipReason', reason);
    return;
  }
  project.provide('apiSkipReason', null);
  if (kind === 'postgres') {
    // The embedded chain's state lives in the database and its minter key in PROPGUARD_HOME
    // (TEST_HOME, one per checkout). The PostgreSQL test database is shared by every
    // checkout and run on this machine, so a chain left by another checkout was created for
    // another key: each run starts the chain afresh, for the key of this checkout.
    const database = await openDatabase({ databaseUrl: TEST_DATABASE_URL, homeDir: TEST_HOME });
    try {
      await database.execute('TRUNCATE chain_blocks, chain_transactions, chain_logs, chain_state_nodes, chain_settings, ipfs_objects, certificates');
    } finally {
      await database.close();
    }
    console.log(`[api setup ${kind}] certificate chain reset for this checkout's minter key`);
  }
}
