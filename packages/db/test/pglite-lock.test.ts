// The PGlite directory lock: a live owner is refused with DATABASE_BUSY, a dead one is taken over.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '@propguard/schemas';
import { acquireDirectoryLock } from '../src/pglite-lock.ts';
import { openDatabase } from '../src/index.ts';
import { createTempHome } from './support/test-databases.ts';

describe('PGlite directory lock', () => {
  let home: Awaited<ReturnType<typeof createTempHome>>;
  beforeAll(async () => {
    home = await createTempHome();
  });
  afterAll(async () => {
    await home.remove();
  });

  it('refuses a directory held by a live process, naming the pid', () => {
    const directory = join(home.homeDir, 'busy', 'db');
    mkdirSync(join(home.homeDir, 'busy'), { recursive: true });
    // The parent of this test process is alive for the whole run.
    writeFileSync(`${directory}.lock`, `${process.ppid}\n`);
    let caught: unknown;
    try {
      acquireDirectoryLock(directory);
    } catch (error) {
      caught = error;
    }
    expect(isAppError(caught) && caught.code).toBe('DATABASE_BUSY');
    expect((caught as Error).message).toBe(
      `The database in ${directory} is in use by process ${process.ppid} (is the server running?). Stop it, or set DATABASE_URL to use a PostgreSQL server.`,
    );
  });

  it('takes over a stale lock from a dead process, and a second open in the same process is refused', async () => {
    const deadPid = spawnSync(process.execPath, ['-e', '0']).pid;
    mkdirSync(home.homeDir, { recursive: true });
    const lockPath = join(home.homeDir, 'db.lock');
    writeFileSync(lockPath, `${deadPid}\n`);
    const database = await openDatabase({ homeDir: home.homeDir });
    try {
      await expect(openDatabase({ homeDir: home.homeDir })).rejects.toMatchObject({ code: 'DATABASE_BUSY' });
    } finally {
      await database.close();
    }
    expect(existsSync(lockPath)).toBe(false);
  });
});
