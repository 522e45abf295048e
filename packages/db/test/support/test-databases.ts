/**
 * The one PostgreSQL (and PGlite) test-database helper module, for the database package's tests
 * and the API suite's (apps/server/test/test-database.ts adds only the API suite's choices).
 * PGlite: a fresh temporary home directory per test file.
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

/** The URL of another database on the test server. */
function databaseUrlNamed(name: string, baseUrl: string = TEST_DATABASE_URL): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

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
  return {
    databaseUrl: databaseUrlNamed(name),
    drop: () => withAdminClient(async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }),
  };
}

/** Returns null when the PostgreSQL server answers, else the reason it does not. */
export async function probePostgres(url: string = TEST_DATABASE_URL): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return `PostgreSQL at ${url.replace(/\/\/[^@]*@/, '//***@')} did not answer: ${(error as Error).message}`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates (or recreates) a scratch database next to the test database and returns its URL. */
export async function createScratchDatabase(name: string, baseUrl: string = TEST_DATABASE_URL): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  return databaseUrlNamed(name, baseUrl);
}

/** A database next to the test database, created when missing and kept (a loaded one is reused), and its URL. */
export async function ensureKeptDatabase(name: string, baseUrl: string = TEST_DATABASE_URL): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rows.length === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  return databaseUrlNamed(name, baseUrl);
}

export async function dropScratchDatabase(name: string, baseUrl: string = TEST_DATABASE_URL): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}
