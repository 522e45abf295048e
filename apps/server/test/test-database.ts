import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '../src/config.ts';

export type TestDbKind = 'pglite' | 'postgres';

/** Which database this run of the API suite uses (scripts/test.mjs runs both). */
export function getTestDbKind(): TestDbKind {
  const kind = process.env.PROPGUARD_TEST_DB ?? 'pglite';
  if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`PROPGUARD_TEST_DB must be pglite or postgres, got ${kind}`);
  return kind;
}

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The embedded database of the API suite; kept between local runs so a re-run skips the ingest. */
export const TEST_PGLITE_HOME = path.join(REPO_ROOT, '.propguard', 'test-pglite');

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
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
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
