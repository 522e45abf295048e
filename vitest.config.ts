import { defineConfig } from 'vitest/config';
import { ApiFileOrder } from './apps/server/test/file-order.ts';
import { FIXTURE_DATA_DIR } from './apps/server/test/fixture-paths.ts';

/**
 * Three projects:
 * - unit: engines, schemas, web helpers, the database layer and the CLI (each manages its own
 *   temporary databases);
 * - api: HTTP tests through the real server against the real database, loaded with the suite's data
 *   (apps/server/test/fixture-data.ts: a few thousand real sales and the places the tests name). The
 *   test runner (scripts/test.mjs) runs it twice: PROPGUARD_TEST_DB=pglite and =postgres;
 * - full-data: the checks that need every bundled sale, on one database of the full data (the
 *   PostgreSQL server's propguard_full_data, kept between runs; the embedded one without a server).
 */
export default defineConfig({
  test: {
    // Only reorders the API files that need an app of their own (see file-order.ts).
    sequence: { sequencer: ApiFileOrder },
    // Vitest's default is one worker fewer than the cores: ONE on the 2-core machine. The unit files
    // wait on child processes and databases much of the time; two workers took the unit run from
    // 295 s to 227 s here (the API project runs its files one at a time whatever this says).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts', 'apps/web/test/**/*.test.{ts,tsx}', 'apps/cli/test/**/*.test.ts', 'apps/server/test/**/*.unit.test.ts', 'scripts/test/**/*.test.ts'],
          exclude: ['**/*.full-data.test.ts', '**/node_modules/**'],
          environment: 'node',
          // New embedded databases start as copies of one migrated empty database (about 3 s each saved).
          globalSetup: ['scripts/test/pglite-template-setup.ts'],
          // A worker imports the engines, schemas and database modules once for all its files, not
          // once a file (95 files: the unit run took 175 s instead of 227 s). A file that stubs a
          // global or fakes the timers restores them in its afterEach (the web tests' fetch stubs).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: ['apps/server/test/**/*.unit.test.ts', 'apps/server/test/**/*.full-data.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Before each file: a fresh local workspace for its app (test-app.ts).
          setupFiles: ['apps/server/test/setup-file.ts'],
          // The suite's data (fixture-data.ts), for the apps it builds and the servers and CLIs it spawns.
          env: { PROPGUARD_DATA_PATH: FIXTURE_DATA_DIR },
          // The embedded database is one directory that one process opens at a time.
          fileParallelism: false,
          // The files run one after another in one process, so that they share the loaded app
          // (test-app.ts keeps it between files): about 13 s saved a file.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
      {
        test: {
          name: 'full-data',
          // The checks that need every bundled sale (issue 32): hazard sanity on the real layers,
          // the full data's counts and address index, and a smoke test of the latest sales' valuations.
          include: ['packages/*/test/**/*.full-data.test.ts', 'apps/server/test/**/*.full-data.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/full-data-setup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
