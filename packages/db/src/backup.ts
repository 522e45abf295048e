/**
 * Backups of either database (issue 12.7), restorable on the same kind, with the minter key
 * (issue 29.5):
 * - embedded PGlite: its data directory as a gzipped tar (PGlite's dumpDataDir), restored with
 *   loadDataDir; the directory it replaces is kept beside it (`db.replaced-<time>`), never deleted;
 * - PostgreSQL server: `pg_dump --format=custom`, restored with `pg_restore --clean --if-exists`.
 * A backup file is a PropGuard envelope: a first line naming the format, a JSON line (the database
 * kind, the minter key sealed with PROPGUARD_BACKUP_PASSPHRASE or the reason it is not there, and
 * the minter's address), then the dump. The minter key is never written in clear: without a
 * passphrase the backup says it does not hold the key, and restore checks the key it finds.
 * Files of the earlier layout (the dump alone) still restore; their first bytes tell the kinds apart.
 */
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { open, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Hex, SealedMinterKey } from '@propguard/chain';
import { AppError } from '@propguard/schemas';
import { maskDatabaseUrl, openDatabase, type OpenDatabaseOptions } from './open-database.ts';
import { acquireDirectoryLock } from './pglite-lock.ts';

export type BackupKind = 'pglite' | 'postgres';

/**
 * The minter key's functions (@propguard/chain), loaded by backup and restore only: imported
 * statically they would bring the whole chain package (the EVM) into every process and worker
 * thread that opens a database, and the portfolio pool's threads then failed to start.
 */
const loadMinterKeys = () => import('@propguard/chain');
type MinterKeys = Awaited<ReturnType<typeof loadMinterKeys>>;

/** The first line of a backup file. */
const ENVELOPE_MAGIC = 'PROPGUARD-BACKUP/1\n';
/** The header line is small (a sealed key is under 1 KB); more than this is not a header. */
const MAX_HEADER_BYTES = 64 * 1024;

/** The minter key in a backup: sealed with the passphrase, or why it is not there. */
export type BackupMinterKey =
  | { status: 'included'; address: Hex }
  | { status: 'no-passphrase'; address: Hex }
  | { status: 'from-environment'; address: Hex }
  | { status: 'no-key' };

interface EnvelopeHeader {
  database: BackupKind;
  minter_key: SealedMinterKey | null;
  minter_key_status: BackupMinterKey['status'];
  minter_address: Hex | null;
}

export interface BackupSecrets {
  /** PROPGUARD_BACKUP_PASSPHRASE: the minter key is sealed with it; unset, the key is left out. */
  passphrase?: string;
  /** CHAIN_PRIVATE_KEY: when set it is the minter key, kept where it is set (never in the backup). */
  chainPrivateKey?: string;
}

/** The dump's kind, where it starts in the file and, for an envelope, its header. */
async function readBackupLayout(file: string): Promise<{ kind: BackupKind | null; offset: number; header: EnvelopeHeader | null }> {
  const handle = await open(file, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(MAX_HEADER_BYTES + ENVELOPE_MAGIC.length);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (head.subarray(0, ENVELOPE_MAGIC.length).toString('latin1') !== ENVELOPE_MAGIC) return { kind: backupKindOf(head), offset: 0, header: null };
  const end = head.indexOf(0x0a, ENVELOPE_MAGIC.length);
  if (end < 0) throw new AppError('VALIDATION_ERROR', 'The file is a PropGuard backup whose header is cut off or too long: it was truncated or changed');
  let header: EnvelopeHeader;
  try {
    header = JSON.parse(head.subarray(ENVELOPE_MAGIC.length, end).toString('utf8')) as EnvelopeHeader;
  } catch {
    throw new AppError('VALIDATION_ERROR', 'The file is a PropGuard backup whose header is not readable: it was changed');
  }
  if (header.database !== 'pglite' && header.database !== 'postgres') throw new AppError('VALIDATION_ERROR', 'The backup\'s header names no database kind this version reads');
  return { kind: header.database, offset: end + 1, header };
}

/** 'postgres' for a pg_dump custom archive ("PGDMP"), 'pglite' for a gzip or tar, each alone or in a PropGuard envelope; else null. */
export function backupKindOf(head: Uint8Array): BackupKind | null {
  const text = Buffer.from(head.subarray(0, ENVELOPE_MAGIC.length + 40)).toString('latin1');
  if (text.startsWith(ENVELOPE_MAGIC)) return /"database":"postgres"/.test(text) ? 'postgres' : /"database":"pglite"/.test(text) ? 'pglite' : null;
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

/** What a backup holds of the minter key: sealed with the passphrase, or the reason it is left out. */
function minterKeyForBackup({ minterAddressOf, readMinterKeyFile, sealMinterKey }: MinterKeys, homeDir: string, secrets: BackupSecrets): { header: Pick<EnvelopeHeader, 'minter_key' | 'minter_key_status' | 'minter_address'>; minterKey: BackupMinterKey } {
  if (secrets.chainPrivateKey) {
    const address = minterAddressOf(secrets.chainPrivateKey as Hex);
    return { header: { minter_key: null, minter_key_status: 'from-environment', minter_address: address }, minterKey: { status: 'from-environment', address } };
  }
  const privateKey = readMinterKeyFile(homeDir);
  if (!privateKey) return { header: { minter_key: null, minter_key_status: 'no-key', minter_address: null }, minterKey: { status: 'no-key' } };
  const address = minterAddressOf(privateKey);
  // Never in clear: without a passphrase the key stays out and the backup says so.
  if (!secrets.passphrase) return { header: { minter_key: null, minter_key_status: 'no-passphrase', minter_address: address }, minterKey: { status: 'no-passphrase', address } };
  return { header: { minter_key: sealMinterKey(privateKey, secrets.passphrase), minter_key_status: 'included', minter_address: address }, minterKey: { status: 'included', address } };
}

/**
 * Writes a backup of the configured database, and of the minter key sealed with the passphrase,
 * to `outFile`; returns the database's kind and what the backup holds of the key.
 */
export async function backupDatabase(options: OpenDatabaseOptions, outFile: string, secrets: BackupSecrets = {}): Promise<{ kind: BackupKind; minterKey: BackupMinterKey }> {
  const kind: BackupKind = options.databaseUrl ? 'postgres' : 'pglite';
  const { header, minterKey } = minterKeyForBackup(await loadMinterKeys(), options.homeDir, secrets);
  const headerBytes = Buffer.from(`${ENVELOPE_MAGIC}${JSON.stringify({ database: kind, ...header } satisfies EnvelopeHeader)}\n`, 'utf8');
  if (options.databaseUrl) {
    const scratch = mkdtempSync(join(tmpdir(), 'propguard-backup-'));
    try {
      const dump = join(scratch, 'database.pgdump');
      await run('pg_dump', ['--format=custom', '--no-owner', '--file', dump, '--dbname', options.databaseUrl], options.databaseUrl);
      await writeFile(outFile, headerBytes, { mode: 0o600 });
      await pipeline(createReadStream(dump), createWriteStream(outFile, { flags: 'a' }));
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    return { kind, minterKey };
  }
  const directory = resolve(join(options.homeDir, 'db'));
  if (!existsSync(directory)) throw new AppError('NOT_FOUND', 'There is no embedded database to back up yet: start PropGuard once (npm start) or run `propguard ingest`');
  const lock = acquireDirectoryLock(directory);
  try {
    const client = await PGlite.create({ dataDir: directory, extensions: { pg_trgm } });
    try {
      const dump = await client.dumpDataDir('gzip');
      await writeFile(outFile, Buffer.concat([headerBytes, Buffer.from(await dump.arrayBuffer())]), { mode: 0o600 });
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
  return { kind, minterKey };
}

/** What restore did with the minter key, and a warning when the server will not be able to mint or verify. */
export interface RestoredMinterKey {
  status: 'restored' | 'unchanged' | 'replaced' | 'from-environment' | 'not-in-backup';
  /** The minter key file written, or kept. */
  keyFile: string | null;
  /** A different key that was there, kept beside it. */
  replacedKeyFile: string | null;
  warning: string | null;
}

/**
 * Opens the sealed key of a backup before anything is restored: a backup that holds the key
 * needs the passphrase it was made with, and a wrong one changes nothing.
 */
function openBackupKey({ openSealedMinterKey }: MinterKeys, header: EnvelopeHeader | null, secrets: BackupSecrets): Hex | null {
  if (!header?.minter_key || secrets.chainPrivateKey) return null;
  if (!secrets.passphrase) {
    throw new AppError('VALIDATION_ERROR', 'This backup holds the minter key sealed with a passphrase: set PROPGUARD_BACKUP_PASSPHRASE to the passphrase it was made with (nothing was restored)');
  }
  const privateKey = openSealedMinterKey(header.minter_key, secrets.passphrase);
  if (!privateKey) throw new AppError('VALIDATION_ERROR', 'PROPGUARD_BACKUP_PASSPHRASE does not open the minter key of this backup (a wrong passphrase, or a changed file): nothing was restored');
  return privateKey;
}

/** Puts the backup's minter key in place, or checks the key that is there against the backup's minter. */
function restoreMinterKey({ minterAddressOf, minterKeyFile, readMinterKeyFile, writeMinterKeyFile }: MinterKeys, homeDir: string, header: EnvelopeHeader | null, privateKey: Hex | null, secrets: BackupSecrets): RestoredMinterKey {
  const keyFile = minterKeyFile(homeDir);
  const expected = header?.minter_address ?? null;
  if (secrets.chainPrivateKey) {
    const address = minterAddressOf(secrets.chainPrivateKey as Hex);
    const warning = expected && expected !== address ? `CHAIN_PRIVATE_KEY signs as ${address}, but this backup's certificates were minted by ${expected}: with it the server can neither mint nor verify on the embedded chain` : null;
    return { status: 'from-environment', keyFile: null, replacedKeyFile: null, warning };
  }
  if (privateKey) {
    const present = readMinterKeyFile(homeDir);
    if (present === privateKey) return { status: 'unchanged', keyFile, replacedKeyFile: null, warning: null };
    const { replacedFile } = writeMinterKeyFile(homeDir, privateKey);
    return { status: replacedFile ? 'replaced' : 'restored', keyFile, replacedKeyFile: replacedFile, warning: null };
  }
  const present = readMinterKeyFile(homeDir);
  const presentAddress = present ? minterAddressOf(present) : null;
  const why = header?.minter_key_status === 'no-passphrase' ? 'it was made without PROPGUARD_BACKUP_PASSPHRASE' : header ? 'the installation that made it had no minter key file' : 'it was made by an earlier version';
  let warning: string | null = null;
  if (expected && presentAddress !== expected) {
    warning = `This backup does not hold the minter key (${why}). Its certificates were minted by ${expected}; ${presentAddress ? `the key in ${keyFile} signs as ${presentAddress}` : `there is no ${keyFile}`}. Copy chain/minter.key from the installation that made the backup into ${keyFile}, or the server can neither mint nor verify certificates`;
  } else if (!expected && !present) {
    warning = `This backup does not hold the minter key (${why}) and there is no ${keyFile}: copy chain/minter.key from the installation that made the backup, or a new key is made at start and the restored certificates can neither be minted on nor verified`;
  }
  return { status: 'not-in-backup', keyFile: present ? keyFile : null, replacedKeyFile: null, warning };
}

/**
 * Restores `file` into the configured database (same kind as the backup), then migrates it, and
 * puts the backup's minter key in place (opened with the passphrase before anything is changed),
 * or checks the key that is there against the backup's minter.
 */
export async function restoreDatabase(options: OpenDatabaseOptions, file: string, secrets: BackupSecrets = {}): Promise<{ kind: BackupKind; replacedDirectory: string | null; minterKey: RestoredMinterKey }> {
  const { kind, offset, header } = await readBackupLayout(file);
  if (!kind) throw new AppError('VALIDATION_ERROR', 'The file is not a PropGuard backup: neither a pg_dump archive nor an embedded-database dump');
  const target: BackupKind = options.databaseUrl ? 'postgres' : 'pglite';
  if (kind !== target) {
    throw new AppError('VALIDATION_ERROR', `This is a backup of ${kind === 'postgres' ? 'a PostgreSQL server' : 'the embedded database'}, but the configured database is ${target === 'postgres' ? 'a PostgreSQL server (DATABASE_URL)' : 'the embedded one'}: restore it on the same kind`);
  }
  const keys = await loadMinterKeys();
  const privateKey = openBackupKey(keys, header, secrets);
  let replacedDirectory: string | null = null;
  if (options.databaseUrl) {
    const scratch = mkdtempSync(join(tmpdir(), 'propguard-restore-'));
    try {
      const dump = join(scratch, 'database.pgdump');
      await pipeline(createReadStream(file, { start: offset }), createWriteStream(dump, { mode: 0o600 }));
      await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--dbname', options.databaseUrl, dump], options.databaseUrl);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  } else {
    const bytes = (await readFile(file)).subarray(offset);
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
  return { kind, replacedDirectory, minterKey: restoreMinterKey(keys, options.homeDir, header, privateKey, secrets) };
}
