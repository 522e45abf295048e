import { defineConfig } from 'vitest/config';
import { ApiFileOrder } from './apps/server/test/file-order.ts';

/**
 * Two projects:
 * - unit: engines, schemas, web helpers, the database layer and the CLI (each manages its own
 *   temporary databases);
 * - api: HTTP tests through the real server against the real, fully loaded database. The test
 *   runner (scripts/test.mjs) runs it twice: PROPGUARD_TEST_DB=pglite and =postgres.
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
          environment: 'node',
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
          exclude: ['apps/server/test/**/*.unit.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          // The embedded database is one directory that one process opens at a time.
          fileParallelism: false,
          // The files run one after another in one process, so that they share the loaded app
          // (test-app.ts keeps it between files): about 13 s saved a file.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
