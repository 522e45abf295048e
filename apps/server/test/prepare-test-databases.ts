/**
 * `node --import tsx apps/server/test/prepare-test-databases.ts`: loads the API suites' data
 * (fixture-data.ts) into their databases (PGlite in .propguard/test-pglite, then the PostgreSQL
 * test database), copies the embedded one for the browser stage's two servers, and loads every
 * bundled data set into the full-data stage's (full-data-setup.ts), as their global set-ups would.
 * npm test runs it beside the checks and the unit tests, so that those stages start on loaded
 * databases; a failure here is reported, and the stage's own set-up tries again and fails with the
 * reason.
 */
import fs from 'node:fs';
import path from 'node:path';
import { E2E_HOME, E2E_REQUIRED_HOME } from './fixture-paths.ts';
import { prepareFullDataDatabase } from './full-data-setup.ts';
import { prepareTestDatabase } from './prepare-test-database.ts';
import { testHomeFor } from './test-database.ts';
import useTemplateDatabases from '../../../scripts/test/pglite-template-setup.ts';

// First, the template every new embedded database of the run is copied from (the unit stage's set-up then finds it made).
await useTemplateDatabases();
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
// The browser stage's servers start on copies of the loaded embedded database, each in a home of its
// own (a home they find missing they load themselves on first start, which takes longer).
for (const home of [E2E_HOME, E2E_REQUIRED_HOME]) {
  if (failed || fs.existsSync(home)) continue;
  fs.mkdirSync(home, { recursive: true });
  fs.cpSync(path.join(testHomeFor('pglite'), 'db'), path.join(home, 'db'), { recursive: true });
  console.log(`[e2e setup] ${path.basename(home)}: a copy of the loaded embedded database`);
}
try {
  await prepareFullDataDatabase((line) => console.log(line));
} catch (error) {
  failed = true;
  console.error(`[full-data setup] failed: ${(error as Error).message}`);
}
process.exit(failed ? 1 : 0);
