/**
 * `node --import tsx apps/server/test/prepare-test-databases.ts`: loads the bundled data into the
 * API suites' databases (PGlite in .propguard/test-pglite, then the PostgreSQL test database),
 * as their global set-up would. npm test runs it beside the checks and the unit tests, so that
 * the API stages start on loaded databases; a failure here is reported, and the API stage's own
 * set-up tries again and fails with the reason.
 */
import { prepareTestDatabase } from './prepare-test-database.ts';
import { testHomeFor } from './test-database.ts';

let failed = false;
for (const kind of ['pglite', 'postgres'] as const) {
  try {
    const skipped = await prepareTestDatabase(kind, testHomeFor(kind), (line) => console.log(line));
    if (skipped) console.log(`[api setup ${kind}] not prepared: ${skipped}`);
  } catch (error) {
    failed = true;
    console.error(`[api setup ${kind}] failed: ${(error as Error).message}`);
  }
}
process.exit(failed ? 1 : 0);
