/**
 * The configuration every PropGuard process shares (server, CLI, workers): where the database and
 * the bundled data are. One schema and one path rule, so that `npm start` and `propguard ...`
 * open the same database whatever directory they are started from.
 *   DATABASE_URL         PostgreSQL connection string; unset or empty -> embedded PGlite in `${PROPGUARD_HOME}/db`.
 *   PROPGUARD_HOME       PropGuard's home directory (PGlite data, artefacts); default .propguard.
 *   PROPGUARD_DATA_PATH  The bundled data sets; default data.
 * Relative paths resolve from the repository root (resolveConfigPath).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: relative paths in the configuration are resolved from here. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** The storage variables, as zod fields to spread into a process's own environment schema. */
export const storageEnvFields = {
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
