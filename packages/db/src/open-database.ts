import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { AppError } from '@propguard/schemas';
import { parseCopyText } from './copy-text.ts';
import { acquireDirectoryLock } from './pglite-lock.ts';
import { createMigratedPglite, seedFromTemplate } from './pglite-template.ts';
import { DEFAULT_POOL_MAX } from './storage-config.ts';
import { schema, type Schema } from './schema.ts';

export type DatabaseKind = 'pglite' | 'postgres';
export type DrizzleDatabase = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  kind: DatabaseKind;
  db: DrizzleDatabase;
  /** raw parameterised SQL, returns rows */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * Several statements without parameters in one round trip (simple query protocol): PostgreSQL
   * runs them as one implicit transaction, all or nothing. Callers build the text from values
   * they have validated themselves.
   */
  execute(statements: string): Promise<void>;
  /**
   * A large read without parameters (a start's 280,000 sales): the rows of `select` with every value
   * in its text form, null as null; the caller converts. PGlite returns them as one COPY file
   * (1.3 s for the sales against 7.6 s through its row protocol, which parses each value in
   * JavaScript); PostgreSQL as plain rows.
   */
  queryText(select: string): Promise<Array<Record<string, string | null>>>;
  /**
   * The same read as one COPY text file with its column names, for another thread to parse
   * (parseCopyText): PGlite's; null on PostgreSQL, whose rows come as rows (queryText).
   */
  copyText(select: string): Promise<{ fields: string[]; text: string } | null>;
  /** SELECT 1 round trip, returns milliseconds */
  ping(): Promise<number>;
  close(): Promise<void>;
  /** human-readable location: the PGlite directory or the server URL with the password masked */
  location: string;
  /** An embedded database created by this open: copied from the template (pglite-template.ts) or made by PGlite's initdb. */
  created?: 'from-template' | 'initdb';
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; undefined opens the embedded PGlite database. */
  databaseUrl?: string;
  /** PropGuard's home directory; PGlite lives in `${homeDir}/db`. */
  homeDir: string;
  /** Connections to the PostgreSQL server at most (DATABASE_POOL_MAX); default DEFAULT_POOL_MAX. */
  poolMax?: number;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

/**
 * Runs `work` in one transaction and hands it the database bound to that transaction: the store
 * functions it calls with that handle join the transaction (a store function's own transaction
 * becomes a savepoint), and a throw rolls everything back. Raw `query` and `execute` do not join
 * it and are refused (on PGlite they would wait for the transaction to end).
 */
export async function withTransaction<T>(database: Database, work: (transaction: Database) => Promise<T>): Promise<T> {
  const refuse = (): never => {
    throw new Error('withTransaction: only drizzle queries (database.db) run inside the transaction');
  };
  return database.db.transaction(async (tx) => work({ ...database, db: tx as unknown as DrizzleDatabase, query: refuse, execute: refuse }));
}

/** The URL with its password replaced by '***', for logs and health pages. */
export function maskDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    // libpq also takes the password as a parameter: postgres://host/db?password=secret
    for (const key of [...url.searchParams.keys()]) if (/^(password|pass|pwd|sslpassword)$/i.test(key)) url.searchParams.set(key, '***');
    return url.toString();
  } catch {
    return 'postgres://(unparseable URL)';
  }
}

async function measurePing(query: Database['query']): Promise<number> {
  const startedAt = performance.now();
  await query('SELECT 1');
  return performance.now() - startedAt;
}

async function openPglite(homeDir: string): Promise<Database> {
  const directory = resolve(join(homeDir, 'db'));
  const lock = acquireDirectoryLock(directory);
  let client: PGlite | undefined;
  try {
    // A new database is a copy of a migrated empty one where npm ci or the test setup made it (pglite-template.ts), else PGlite's initdb.
    const isNew = !existsSync(join(directory, 'PG_VERSION'));
    const seeded = seedFromTemplate(directory, MIGRATIONS_DIR);
    client = await createMigratedPglite(directory, MIGRATIONS_DIR);
    const db = drizzlePglite(client, { schema });
    const pglite = client;
    const query = async <T>(text: string, params: unknown[] = []): Promise<T[]> =>
      (await pglite.query<T>(text, params)).rows;
    const copyText = async (select: string): Promise<{ fields: string[]; text: string }> => {
      const { fields } = await pglite.query(`SELECT * FROM (${select}) AS q LIMIT 0`);
      const copied = await pglite.query(`COPY (${select}) TO '/dev/blob'`);
      return { fields: fields.map((field) => field.name), text: copied.blob === undefined ? '' : await copied.blob.text() };
    };
    const queryText = async (select: string): Promise<Array<Record<string, string | null>>> => {
      const { fields, text } = await copyText(select);
      return parseCopyText(text, fields);
    };
    let isClosed = false;
    return {
      kind: 'pglite',
      db: db as unknown as DrizzleDatabase,
      query,
      queryText,
      copyText,
      execute: async (statements) => {
        await pglite.exec(statements);
      },
      ping: () => measurePing(query),
      close: async () => {
        if (isClosed) return;
        isClosed = true;
        try {
          await pglite.close();
        } finally {
          lock.release();
        }
      },
      location: directory,
      ...(isNew ? { created: seeded ? ('from-template' as const) : ('initdb' as const) } : {}),
    };
  } catch (error) {
    await client?.close().catch(() => undefined);
    lock.release();
    throw error;
  }
}

async function openPostgres(databaseUrl: string, poolMax: number): Promise<Database> {
  // Each query checks a connection out for itself only (pool.query), and a transaction for its
  // own statements: nothing holds one across other work (a report's PDF rendering, say).
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolMax });
  // An idle client's error (server restart) must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  try {
    const db = drizzlePostgres(pool, { schema });
    await migratePostgres(db, { migrationsFolder: MIGRATIONS_DIR });
    const query = async <T>(text: string, params: unknown[] = []): Promise<T[]> =>
      (await pool.query(text, params)).rows as T[];
    const asText = { getTypeParser: () => (value: string) => value };
    const queryText = async (select: string): Promise<Array<Record<string, string | null>>> =>
      (await pool.query({ text: select, types: asText })).rows as Array<Record<string, string | null>>;
    let isClosed = false;
    return {
      kind: 'postgres',
      db: db as unknown as DrizzleDatabase,
      query,
      queryText,
      copyText: async () => null,
      execute: async (statements) => {
        await pool.query(statements);
      },
      ping: () => measurePing(query),
      close: async () => {
        if (isClosed) return;
        isClosed = true;
        await pool.end();
      },
      location: maskDatabaseUrl(databaseUrl),
    };
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new AppError('SERVICE_UNAVAILABLE', `Could not open the PostgreSQL database ${maskDatabaseUrl(databaseUrl)}: ${(error as Error).message}`, { cause: error });
  }
}

/** Opens PGlite in `${homeDir}/db` when databaseUrl is undefined, otherwise PostgreSQL via pg.Pool; runs migrations before returning. */
export function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolMax ?? DEFAULT_POOL_MAX) : openPglite(options.homeDir);
}
