/**
 * The configuration every PropGuard process shares (server, CLI, workers): where the database and
 * the bundled data are. One schema and one path rule, so that `npm start` and `propguard ...`
 * open the same database whatever directory they are started from.
 *   DATABASE_URL         PostgreSQL connection string; unset or empty -> embedded PGlite in `${PROPGUARD_HOME}/db`.
 *   PROPGUARD_HOME       PropGuard's home directory (PGlite data, artefacts); default .propguard.
 *   PROPGUARD_DATA_PATH  The bundled data sets; default data.
 *   DATABASE_POOL_MAX    Connections a process keeps to the PostgreSQL server at most; default 20.
 * Relative paths resolve from the repository root (resolveConfigPath).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: relative paths in the configuration are resolved from here. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * Connections a process opens to the PostgreSQL server at most (node-postgres's own default is 10).
 * 20: twenty concurrent report requests plus health polling waited up to 26 s for one of 10
 * (issue 29.5); a query holds a connection only while it runs, and PostgreSQL's default
 * max_connections (100) leaves room for the server, a few `propguard worker` processes and psql.
 */
export const DEFAULT_POOL_MAX = 20;

/** The storage variables, as zod fields to spread into a process's own environment schema. */
export const storageEnvFields = {
  DATABASE_POOL_MAX: z.coerce.number().int().min(1, 'at least 1').max(1000).default(DEFAULT_POOL_MAX),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z.string().trim().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  ),
  PROPGUARD_HOME: z.string().trim().min(1).default('.propguard'),
  PROPGUARD_DATA_PATH: z.string().trim().min(1).default('data'),
};

/** A configured path: absolute as given, relative from the repository root. */
export function resolveConfigPath(value: string, root: string = REPO_ROOT): string {
  return path.isAbsolute(value) ? value : path.resolve(root, value);
}

/** The minter key variable, shared by the server (it mints with it) and the CLI (backup and restore check it). */
export const minterKeyEnvFields = {
  /** Minter key (0x + 64 hex) for CHAIN_RPC_URL; unset: a key generated at first start in PROPGUARD_HOME/chain/minter.key (0600). Never logged. */
  CHAIN_PRIVATE_KEY: z.preprocess(emptyToUndefined, z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x and 64 hex characters').optional()),
};

/** The CLI's backup variable. */
export const backupEnvFields = {
  /**
   * Passphrase `propguard backup` seals the minter key with (scrypt, AES-256-GCM) and `propguard
   * restore` opens it with; unset: the backup leaves the key out and says so. Never logged.
   */
  PROPGUARD_BACKUP_PASSPHRASE: z.preprocess(emptyToUndefined, z.string().min(12, 'at least 12 characters').optional()),
};
