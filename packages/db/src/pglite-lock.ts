/**
 * PGlite keeps its data in a directory that only one process may open at a time (a second
 * process would corrupt it). A lock file next to the data holds the owner's pid; a lock left by a
 * dead process is taken over, a live one is refused with DATABASE_BUSY.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '@propguard/schemas';

export interface DirectoryLock {
  path: string;
  release(): void;
}

function isProcessAlive(pid: number): boolean {
  try {
    // Signal 0 checks existence without signalling; EPERM means it exists but is not ours.
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLockPid(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the lock `${directory}.lock`, or throws AppError('DATABASE_BUSY') if a live process holds it. */
export function acquireDirectoryLock(directory: string): DirectoryLock {
  const lockPath = `${directory}.lock`;
  mkdirSync(join(directory, '..'), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      // 'wx' fails when the file exists, so two processes cannot both create it.
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return {
        path: lockPath,
        release: () => {
          if (readLockPid(lockPath) === process.pid) rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const ownerPid = readLockPid(lockPath);
      if (ownerPid !== null && ownerPid !== process.pid && isProcessAlive(ownerPid)) {
        throw new AppError(
          'DATABASE_BUSY',
          `The database in ${directory} is in use by process ${ownerPid} (is the server running?). Stop it, or set DATABASE_URL to use a PostgreSQL server.`,
        );
      }
      if (ownerPid === process.pid) {
        throw new AppError('DATABASE_BUSY', `The database in ${directory} is already open in this process (process ${ownerPid}); close it first.`);
      }
      // Stale lock (dead pid or unreadable file): remove it and try again.
      rmSync(lockPath, { force: true });
    }
  }
  throw new AppError('DATABASE_BUSY', `Could not take the lock ${lockPath}; another process keeps creating it.`);
}
