import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { insertWorkspace } from '@propguard/db';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createAppContext, type LoadedRuntimes } from '../src/context.ts';
import type { AppContext } from '../src/services/app-context.ts';
import { FIXTURE_DATA_DIR } from './fixture-paths.ts';
import { getTestDbKind, TEST_DATABASE_URL, TEST_HOME } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  context: AppContext;
  close(): Promise<void>;
}

/** The reason the API suite is skipped on this run, or null. */
export function getApiSkipReason(): string | null {
  return inject('apiSkipReason');
}

/**
 * One app at a time, kept between test files: the API project runs its files one after another in
 * one process (vitest `isolate: false`), so the files that ask for the same settings share one
 * context instead of each loading the sales index, hazard layers and address index again (about
 * 13 s a file). Asking for other settings closes the kept app first: PGlite opens its directory
 * in one instance at a time.
 */
let kept: { key: string; handle: TestApp; shutDown: () => Promise<void> } | null = null;

/** Closes the kept app, if any: for tests that start a server process on the same database. */
export async function releaseSharedTestApp(): Promise<void> {
  const current = kept;
  kept = null;
  await current?.shutDown();
}

// The last file leaves the app open; the worker closes it when it has nothing left to do.
process.once('beforeExit', () => void releaseSharedTestApp());

const TEST_DEFAULTS: Record<string, string> = {
  PROPGUARD_HOME: TEST_HOME,
  // The suite's data (fixture-data.ts); the api project sets it for spawned servers and CLIs too.
  PROPGUARD_DATA_PATH: FIXTURE_DATA_DIR,
  LOG_LEVEL: 'silent',
  // Every test request comes from one address: the rate limits are lifted (security and compat
  // tests lower them to see the 429).
  COMPAT_RATE_LIMIT_PER_MINUTE: '1000000',
  RATE_LIMIT_PER_MINUTE: '1000000',
  EXPENSIVE_RATE_LIMIT_PER_MINUTE: '1000000',
  // Calls made in process follow one another without the event loop reaching its timers, which
  // the overload clock would read as a busy loop: off here, on in load-shedding.test.ts.
  OVERLOAD_MAX_CONCURRENT: '0',
  // Portfolios run on the main thread (the same assessment code): a worker thread would build its
  // own copy of the engine data at each app's start (portfolios.test.ts checks the thread pool itself).
  PORTFOLIO_THREADS: '0',
};

/** Settings that change what the runtimes are built from: an app that sets one builds its own. */
const RUNTIME_SETTINGS = ['PROPGUARD_HOME', 'PROPGUARD_DATA_PATH', 'VALUATION_MODEL_PATH', 'SATELLITE_TILE_URL', 'DATABASE_URL'];

/**
 * The sales index, hazard layers and address index built by the first app on this database, for
 * the apps after it (other settings, the same data): memory only, built again they would be the same.
 */
let sharedRuntimes: LoadedRuntimes | null = null;

/** Counts the test files begun in this process (setup-file.ts, run before each file). */
let filesBegun = 0;
const runTag = Date.now().toString(36);

export function beginTestFile(): void {
  filesBegun += 1;
}

/**
 * Each test file works in a fresh local workspace (issue 32): no report, loan, tolerance, portfolio,
 * certificate or plan of an earlier file is its own. The earlier file's workspace stays in the
 * database as another workspace's, which the local principal does not see.
 */
async function giveFileItsWorkspace(context: AppContext): Promise<void> {
  const id = `ws_test_${runTag}_${filesBegun}`;
  // Another app of the same file found this file's workspace as the local one at its start.
  if (context.accounts.localWorkspaceId === id) return;
  await context.database.query('UPDATE workspaces SET is_local = false WHERE is_local');
  await insertWorkspace(context.database, { id, name: 'Local workspace', isLocal: true, planId: 'starter', createdAt: new Date().toISOString() });
  context.accounts.localWorkspaceId = id;
}

/** The real server on the real database prepared by global-setup.ts (PGlite or PostgreSQL). */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  // A setting given at its test default is no other setting: the app is the same.
  const asked = Object.entries(env).filter(([name, value]) => TEST_DEFAULTS[name] !== value);
  const key = JSON.stringify(asked.sort(([a], [b]) => a.localeCompare(b)));
  if (kept?.key === key) {
    await giveFileItsWorkspace(kept.handle.context);
    return kept.handle;
  }
  await releaseSharedTestApp();
  const kind = getTestDbKind();
  const config = loadConfig({
    ...TEST_DEFAULTS,
    ...(kind === 'postgres' ? { DATABASE_URL: TEST_DATABASE_URL } : {}),
    ...env,
  });
  const reusable = !asked.some(([name]) => RUNTIME_SETTINGS.includes(name));
  // global-setup.ts loaded the bundled data before the first file.
  const context = await createAppContext(config, { ensureData: false, ...(reusable && sharedRuntimes ? { loaded: sharedRuntimes } : {}) });
  if (reusable) sharedRuntimes ??= { valuation: context.valuation, hazards: context.hazards, addressIndex: context.addressIndex };
  await giveFileItsWorkspace(context);
  const app = await buildApp(context, { logger: false });
  await app.ready();
  const shutDown = async () => {
    await app.close();
    await context.database.close();
  };
  // A file's close() keeps the app for the next file; releaseSharedTestApp() really closes it.
  const handle: TestApp = { app, context, close: async () => {} };
  kept = { key, handle, shutDown };
  return handle;
}
