/**
 * Read-through snapshots of what a start reads in bulk from the embedded database (issue 32: the
 * sales, the address book and the address suggestions take 10-20 s to read from PGlite, 1-2 s from
 * a file). A snapshot is named by the state of the tables it was read from and by the code that read
 * them, so it is used only while both are unchanged.
 *
 * Why the table state is enough: every write to `sales`, `addresses` and `localities` is a load
 * (the bundled data, `import sales`, `import nsw-vg`: ingest/ and import/), which inserts rows with new
 * ids or deletes rows, and records itself in `dataset_loads`. The count, the lowest and highest id of
 * each table and the latest recorded load therefore name one state of them.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { Database } from './open-database.ts';
import { SUBURBS_DATASET } from './ingest/parse-suburb-feature.ts';

const SNAPSHOT_FORMAT = 'propguard-snapshot-v1';
/**
 * Loads that write none of the snapshot tables (the suburb polygons: `npm start` loads them after it
 * is ready, and a restart must still find the snapshots of a first start's sales).
 */
const LOADS_OF_OTHER_TABLES: readonly string[] = [SUBURBS_DATASET];
const SNAPSHOT_TABLES = ['sales', 'addresses', 'localities'] as const;
export type SnapshotTable = (typeof SNAPSHOT_TABLES)[number];

export interface SnapshotSpec {
  /** The directory of the snapshots (PROPGUARD_HOME/cache); undefined: no snapshot, always the load. */
  directory: string | undefined;
  /** A file-name prefix for this kind of snapshot, e.g. `indexed-sales`. */
  name: string;
  /** The tables the load reads. */
  tables: readonly SnapshotTable[];
  /** The code of the load (its SQL and row mapping): changed code never reads an old snapshot. */
  code: string;
}

/** What `load` returns, from the snapshot when it matches the tables and the code, else loaded and kept. */
export async function readThroughSnapshot<T>(database: Database, spec: SnapshotSpec, load: () => Promise<T>): Promise<T> {
  const file = spec.directory === undefined ? null : await snapshotFile(database, spec as SnapshotSpec & { directory: string });
  if (file) {
    const kept = readSnapshot<T>(file);
    if (kept !== undefined) return kept;
  }
  const value = await load();
  if (file) keepSnapshot(file, spec as SnapshotSpec & { directory: string }, value);
  return value;
}

/** Until when table snapshots are written (holdSnapshotWrites), and the writes waiting meanwhile. */
let writesHeldUntil: Promise<void> | null = null;
const heldWrites: Array<() => void> = [];
/** How long after the hold ends the waiting writes are made: past a first request made as soon as the server says ready. */
const HELD_WRITES_DELAY_MS = 2_000;

/**
 * Holds the writing of the table snapshots until `until` resolves (`npm start`: until the server
 * listens) and 2 s more (issue 32.1). Serialising them (about 1 s for the sales and their built
 * index, 125 MB) then falls after "ready", not before it. The values are never changed once read (an
 * address book or an index is built anew from them), so what is written later is what was read. A
 * server stopped before then writes them as it stops (flushSnapshotWrites).
 */
export function holdSnapshotWrites(until: Promise<void>): void {
  writesHeldUntil = until;
  void until.then(() => setTimeout(flushSnapshotWrites, HELD_WRITES_DELAY_MS).unref());
}

/** Writes every snapshot still held, now. */
export function flushSnapshotWrites(): void {
  writesHeldUntil = null;
  for (const write of heldWrites.splice(0)) write();
}

function keepSnapshot(file: string, spec: { directory: string; name: string }, value: unknown): void {
  if (writesHeldUntil === null) writeSnapshot(file, spec, value);
  else heldWrites.push(() => writeSnapshot(file, spec, value));
}

export interface FileSnapshotSpec {
  /** The directory of the snapshots (PROPGUARD_HOME/cache); undefined: no snapshot, always the load. */
  directory: string | undefined;
  /** A file-name prefix for this kind of snapshot, e.g. `hazard-data`. */
  name: string;
  /** The directory the load reads its files from (symbolic links followed). */
  inputs: string;
  /** The code of the load: changed code never reads an old snapshot. */
  code: string;
}

/**
 * What `load` returns, from the snapshot while the files under `inputs` (their names, sizes and
 * contents, hashed: about 50 ms for the bundled data) and the code are unchanged, else loaded and kept.
 */
export async function readThroughFileSnapshot<T>(spec: FileSnapshotSpec, load: () => Promise<T>): Promise<T> {
  const file = fileSnapshotPath(spec);
  if (file) {
    const kept = readSnapshot<T>(file);
    if (kept !== undefined) return kept;
  }
  const value = await load();
  if (file) writeSnapshot(file, spec as FileSnapshotSpec & { directory: string }, value);
  return value;
}

/** The file a snapshot of `spec` is kept in (whether it exists or not); null without a directory or when the inputs cannot be read. */
function fileSnapshotPath(spec: FileSnapshotSpec): string | null {
  if (spec.directory === undefined) return null;
  try {
    const key = createHash('sha256').update(JSON.stringify([SNAPSHOT_FORMAT, spec.name, spec.code, fingerprintFiles(spec.inputs)])).digest('hex').slice(0, 24);
    return path.join(spec.directory, `${spec.name}-${key}.v8`);
  } catch {
    return null;
  }
}

/** Whether a snapshot of `spec` is kept for its current inputs and code (readThroughFileSnapshot would read it). */
export function hasFileSnapshot(spec: FileSnapshotSpec): boolean {
  const file = fileSnapshotPath(spec);
  return file !== null && fs.existsSync(file);
}

/**
 * The text of the source files of a load, for its snapshot's code: files, not a function's text,
 * which depends on the transpiler (a worker thread under tsx and a test runner must name the same
 * snapshot).
 */
export function sourceFilesText(...files: readonly URL[]): string {
  return files.map((file) => fs.readFileSync(file, 'utf8')).join('\n');
}

/** Every file under `root`, by path relative to it, with its size and the SHA-256 of its content. */
export function fingerprintFiles(root: string): string[] {
  const entries: string[] = [];
  const visit = (directory: string, relative: string) => {
    for (const name of fs.readdirSync(directory).sort()) {
      const full = path.join(directory, name);
      const stat = fs.statSync(full);
      const relativeName = relative === '' ? name : `${relative}/${name}`;
      if (stat.isDirectory()) visit(full, relativeName);
      else if (stat.isFile()) entries.push(`${relativeName}:${stat.size}:${createHash('sha256').update(fs.readFileSync(full)).digest('hex')}`);
    }
  };
  visit(root, '');
  return entries;
}

/** The file a snapshot of `spec` is kept in for the tables' current state (whether it exists or not); null when it cannot be named. */
export async function snapshotFile(database: Database, spec: SnapshotSpec & { directory: string }): Promise<string | null> {
  if (!spec.tables.every((table) => (SNAPSHOT_TABLES as readonly string[]).includes(table))) return null;
  try {
    const states = await database.query<Record<string, unknown>>(
      `SELECT ${spec.tables.map((table) => `(SELECT json_build_array(count(*), min(id), max(id)) FROM ${table})::text AS ${table}`).join(', ')},
              (SELECT max(loaded_at)::text FROM dataset_loads WHERE dataset <> ALL($1::text[])) AS loaded_at`,
      [`{${LOADS_OF_OTHER_TABLES.join(',')}}`],
    );
    const key = createHash('sha256').update(JSON.stringify([SNAPSHOT_FORMAT, spec.name, spec.code, states[0]])).digest('hex').slice(0, 24);
    return path.join(spec.directory, `${spec.name}-${key}.v8`);
  } catch {
    return null;
  }
}

/**
 * Snapshots another thread built and sent over (startSalesIndexSnapshot) while it writes their file:
 * the next read of that file takes them from here, once, instead of waiting for the file.
 */
const handedOver = new Map<string, Uint8Array>();

/** Keeps `bytes` (a snapshot's serialised value) for the next read of `file`. */
export function handOverSnapshot(file: string, bytes: Uint8Array): void {
  handedOver.set(file, bytes);
}

function readSnapshot<T>(file: string): T | undefined {
  try {
    const bytes = handedOver.get(file);
    handedOver.delete(file);
    return v8.deserialize(bytes ?? fs.readFileSync(file)) as T;
  } catch {
    // Missing or unreadable (a crash while writing, another Node version): load from the tables.
    return undefined;
  }
}

/** Snapshots no start reads any more (the sales alone, now kept with their index: loadSalesAndIndex), removed with the next snapshot written. */
const RETIRED_SNAPSHOT_NAMES: readonly string[] = ['indexed-sales', 'indexed-sales-with-own'];

/** Writes a snapshot (through a partial file renamed, so a reader never sees half of one) and removes the older ones of its name. */
export function writeSnapshot(file: string, spec: { directory: string; name: string }, value: unknown): void {
  writeSnapshotBytes(file, spec, v8.serialize(value));
}

/** writeSnapshot of a value already serialised (v8.serialize). */
export function writeSnapshotBytes(file: string, spec: { directory: string; name: string }, bytes: Uint8Array): void {
  try {
    fs.mkdirSync(spec.directory, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, bytes);
    fs.renameSync(partial, file);
    for (const name of fs.readdirSync(spec.directory)) {
      const other = path.join(spec.directory, name);
      const kind = /^(.+)-[0-9a-f]{24}\.v8$/.exec(name)?.[1];
      if ((kind === spec.name || RETIRED_SNAPSHOT_NAMES.includes(kind ?? '')) && other !== file) fs.rmSync(other, { force: true });
    }
  } catch {
    // A snapshot is only a shortcut: without it the next start loads from the tables again.
  }
}
