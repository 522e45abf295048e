/**
 * A first load makes the big tables' indexes and foreign keys once, at the end (issue 32: a fresh
 * start). Measured on PGlite: 310,000 sales inserted in 9.2 s with their fourteen indexes, 0.5 s
 * without and 3.8 s to build them afterwards; 287,000 sales in 6.0 s with their two foreign keys,
 * 2.8 s without and 0.5 s to check them afterwards. Unique indexes stay (the loads' ON CONFLICT
 * needs them).
 *
 * What is dropped is recorded in `deferred_schema` in the transaction that drops it, so a crash
 * between the drop and the end leaves the record: `restoreDeferredSchema` makes whatever it finds
 * there, and every ingest calls it first and last.
 */
import { setImmediate } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Database } from '../open-database.ts';

/** The tables a bulk load writes most to. */
export const BULK_LOADED_TABLES = ['sales', 'addresses'] as const;

/** Serialises deferring and restoring against other processes starting on the same PostgreSQL server. */
const SCHEMA_LOCK_KEY = 'propguard-deferred-schema';

interface DeferredRow {
  name: string;
  kind: 'index' | 'foreign key';
  table_name: string;
  definition: string;
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Drops the non-unique indexes and the foreign keys of `tables` and records them for
 * restoreDeferredSchema. Returns how many were dropped (0 when another process already did).
 */
export async function deferSchema(database: Database, tables: readonly string[] = BULK_LOADED_TABLES): Promise<number> {
  return database.db.transaction(async (tx) => {
    if (database.kind === 'postgres') await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${SCHEMA_LOCK_KEY}))`);
    const tableList = `{${tables.join(',')}}`;
    const result = await tx.execute(sql`
      SELECT c.relname AS name, 'index' AS kind, t.relname AS table_name, pg_get_indexdef(c.oid) AS definition
        FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
       WHERE t.relnamespace = current_schema()::regnamespace AND t.relname = ANY(${tableList}::text[]) AND NOT x.indisunique
      UNION ALL
      SELECT k.conname, 'foreign key', t.relname, pg_get_constraintdef(k.oid)
        FROM pg_constraint k JOIN pg_class t ON t.oid = k.conrelid
       WHERE t.relnamespace = current_schema()::regnamespace AND t.relname = ANY(${tableList}::text[]) AND k.contype = 'f'
       ORDER BY 2, 1`);
    const found = (result as unknown as { rows: DeferredRow[] }).rows;
    for (const item of found) {
      const definition = item.kind === 'index' ? item.definition : `ALTER TABLE ${quoteIdentifier(item.table_name)} ADD CONSTRAINT ${quoteIdentifier(item.name)} ${item.definition}`;
      await tx.execute(sql`INSERT INTO deferred_schema (name, kind, table_name, definition) VALUES (${item.name}, ${item.kind}, ${item.table_name}, ${definition}) ON CONFLICT (name) DO NOTHING`);
      await tx.execute(
        sql.raw(item.kind === 'index' ? `DROP INDEX IF EXISTS ${quoteIdentifier(item.name)}` : `ALTER TABLE ${quoteIdentifier(item.table_name)} DROP CONSTRAINT IF EXISTS ${quoteIdentifier(item.name)}`),
      );
    }
    return found.length;
  });
}

export interface RestoreOptions {
  /** Checked before each item: once true, what is left stays recorded (for a later call). */
  stop?: () => boolean;
  /** Awaited before each item (`npm start` after ready: a moment without requests, RequestActivity). */
  beforeEach?: () => Promise<void>;
}

export interface RestoredSchema {
  indexes: number;
  foreignKeys: number;
  /** Items still recorded (stop said so). */
  remaining: number;
}

/**
 * Makes the indexes and foreign keys recorded by deferSchema and forgets them, each in its own
 * transaction (made and forgotten together, so a crash leaves the rest recorded), so that other
 * queries run between them: `npm start` makes those a first load left while the sales index is built
 * (buildDeferredSchema) and the rest after it says ready, and no request waits longer than one index.
 * Returns how many were made.
 */
export async function restoreDeferredSchema(database: Database, options: RestoreOptions = {}): Promise<RestoredSchema> {
  const deferred = await database.query<DeferredRow>('SELECT name, kind, table_name, definition FROM deferred_schema ORDER BY kind DESC, name');
  const made = { indexes: 0, foreignKeys: 0, remaining: deferred.length };
  for (const item of deferred) {
    // PGlite's queries resolve without leaving the microtask queue: a turn of the event loop lets a
    // thread's message, a request or a timer in between two items (and `stop` see it).
    await setImmediate();
    await options.beforeEach?.();
    if (options.stop?.()) break;
    const wasMade = await database.db.transaction(async (tx) => {
      if (database.kind === 'postgres') await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${SCHEMA_LOCK_KEY}))`);
      // Another process may have made it while this one waited for the lock.
      const recorded = await tx.execute(sql`DELETE FROM deferred_schema WHERE name = ${item.name} RETURNING name`);
      if ((recorded as unknown as { rows: unknown[] }).rows.length === 0) return false;
      if (item.kind === 'index') {
        await tx.execute(sql.raw(item.definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS ')));
      } else {
        const existing = await tx.execute(sql`SELECT 1 FROM pg_constraint WHERE conname = ${item.name} AND conrelid = ${item.table_name}::regclass`);
        if ((existing as unknown as { rows: unknown[] }).rows.length === 0) await tx.execute(sql.raw(item.definition));
      }
      return true;
    });
    made.remaining -= 1;
    if (!wasMade) continue;
    if (item.kind === 'index') made.indexes += 1;
    else made.foreignKeys += 1;
  }
  return made;
}

/** How many indexes and foreign keys are recorded as still to make. */
export async function countDeferredSchema(database: Database): Promise<number> {
  const [row] = await database.query<{ count: number }>('SELECT count(*)::int AS count FROM deferred_schema');
  return row?.count ?? 0;
}

/** True when no sale is stored: the next load is a first load, into empty tables. */
export async function hasNoSales(database: Database): Promise<boolean> {
  const [row] = await database.query<{ empty: boolean }>('SELECT NOT EXISTS (SELECT 1 FROM sales) AS empty');
  return row?.empty === true;
}
