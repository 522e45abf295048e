/**
 * Backups of either database (issue 12.7), restorable on the same kind:
 * - embedded PGlite: its data directory as a gzipped tar (PGlite's dumpDataDir), restored with
 *   loadDataDir; the directory it replaces is kept beside it (`db.replaced-<time>`), never deleted;
 * - PostgreSQL server: `pg_dump --format=custom`, restored with `pg_restore --clean --if-exists`.
 * The file's first bytes tell the kinds apart, so a backup is never restored into the other kind.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { AppError } from '@propguard/schemas';
import { maskDatabaseUrl, openDatabase, type OpenDatabaseOptions } from './open-database.ts';
import { acquireDirectoryLock } from './pglite-lock.ts';

export type BackupKind = 'pglite' | 'postgres';

/** 'postgres' for a pg_dump custom archive ("PGDMP"), 'pglite' for a gzip or tar, else null. */
export function backupKindOf(head: Uint8Array): BackupKind | null {
  if (head.length >= 5 && Buffer.from(head.subarray(0, 5)).toString('latin1') === 'PGDMP') return 'postgres';
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (head.length >= 262 && Buffer.from(head.subarray(257, 262)).toString('latin1') === 'ustar') return 'pglite';
  return null;
}

function run(command: string, args: string[], databaseUrl: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error) => reject(new AppError('SERVICE_UNAVAILABLE', `${command} could not run (${error.message}): install PostgreSQL's client tools`)));
    child.on('close', (code) => {
      if (code === 0) resolvePromise();
      // The connection string never reaches a message: pg tools may echo it.
      else reject(new AppError('SERVICE_UNAVAILABLE', `${command} failed (exit ${code}): ${stderr.split(databaseUrl).join(maskDatabaseUrl(databaseUrl)).trim().slice(0, 500)}`));
    });
  });
}

/** Writes a backup of the configured database to `outFile`; returns its kind. */
export async function backupDatabase(options: OpenDatabaseOptions, outFile: string): Promise<BackupKind> {
  if (options.databaseUrl) {
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', outFile, '--dbname', options.databaseUrl], options.databaseUrl);
    return 'postgres';
  }
  const directory = resolve(join(options.homeDir, 'db'));
  if (!existsSync(directory)) throw new AppError('NOT_FOUND', 'There is no embedded database to back up yet: start PropGuard once (npm start) or run `propguard ingest`');
  const lock = acquireDirectoryLock(directory);
  try {
    const client = await PGlite.create({ dataDir: directory, extensions: { pg_trgm } });
    try {
      const dump = await client.dumpDataDir('gzip');
      await writeFile(outFile, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
  return 'pglite';
}

/** Restores `file` into the configured database (same kind as the backup), then migrates it. */
export async function restoreDatabase(options: OpenDatabaseOptions, file: string): Promise<{ kind: BackupKind; replacedDirectory: string | null }> {
  const bytes = await readFile(file);
  const kind = backupKindOf(bytes.subarray(0, 512));
  if (!kind) throw new AppError('VALIDATION_ERROR', 'The file is not a PropGuard backup: neither a pg_dump archive nor an embedded-database dump');
  const target: BackupKind = options.databaseUrl ? 'postgres' : 'pglite';
  if (kind !== target) {
    throw new AppError('VALIDATION_ERROR', `This is a backup of ${kind === 'postgres' ? 'a PostgreSQL server' : 'the embedded database'}, but the configured database is ${target === 'postgres' ? 'a PostgreSQL server (DATABASE_URL)' : 'the embedded one'}: restore it on the same kind`);
  }
  let replacedDirectory: string | null = null;
  if (options.databaseUrl) {
    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--dbname', options.databaseUrl, file], options.databaseUrl);
  } else {
    const directory = resolve(join(options.homeDir, 'db'));
    const lock = acquireDirectoryLock(directory);
    try {
      if (existsSync(directory) && readdirSync(directory).length > 0) {
        replacedDirectory = `${directory}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
        renameSync(directory, replacedDirectory);
      }
      const client = await PGlite.create({ dataDir: directory, loadDataDir: new Blob([bytes]), extensions: { pg_trgm } });
      await client.close();
    } finally {
      lock.release();
    }
  }
  // Opening migrates a backup taken before newer migrations, and proves it opens.
  const database = await openDatabase(options);
  await database.close();
  return { kind, replacedDirectory };
}
