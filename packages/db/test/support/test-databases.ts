/**
 * Databases for integration tests. PGlite: a fresh temporary home directory per test file.
 * PostgreSQL: a database of our own, `propguard_dbtest_<pid>_<n>`, created from TEST_DATABASE_URL
 * and dropped afterwards, so parallel runs and other suites' use of `test` are never disturbed.
 * No server: the tests are skipped with a printed reason, except under CI=true where it fails.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const FIXTURE_DATA_DIR = join(import.meta.dirname, '..', 'fixtures', 'data');

export async function createTempHome(): Promise<{ homeDir: string; remove: () => Promise<void> }> {
  const homeDir = await mkdtemp(join(tmpdir(), 'propguard-dbtest-'));
  return { homeDir, remove: () => rm(homeDir, { recursive: true, force: true }) };
}

export interface TestPostgres {
  databaseUrl: string;
  drop: () => Promise<void>;
}

let createdCount = 0;

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new empty database on the test server, or null (with the reason printed) when none answers. */
export async function createTestPostgres(): Promise<TestPostgres | null> {
  createdCount += 1;
  const name = `propguard_dbtest_${process.pid}_${createdCount}`;
  try {
    await withAdminClient(async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${name}`);
      await client.query(`CREATE DATABASE ${name}`);
    });
  } catch (error) {
    const reason = `PostgreSQL at ${TEST_DATABASE_URL.replace(/:[^:@/]*@/, ':***@')} is not available (${(error as Error).message})`;
    if (process.env.CI === 'true') throw new Error(`${reason}; CI=true requires it`);
    console.warn(`Skipping PostgreSQL tests: ${reason}`);
    return null;
  }
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: () => withAdminClient(async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }),
  };
}
