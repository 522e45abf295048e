/**
 * The CLI's configuration, parsed once from the environment with zod. Every variable is optional:
 *   DATABASE_URL         PostgreSQL connection string; unset -> embedded PGlite in `${PROPGUARD_HOME}/db`.
 *   PROPGUARD_HOME       PropGuard's home directory (PGlite data, artefacts); default ./.propguard.
 *   PROPGUARD_DATA_PATH  The bundled data sets; default ./data (relative paths resolve from the current directory).
 */
import { resolve } from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), 'must start with postgres:// or postgresql://'),
  PROPGUARD_HOME: z.string().trim().min(1).default('./.propguard'),
  PROPGUARD_DATA_PATH: z.string().trim().min(1).default('./data'),
});

export interface CliConfig {
  databaseUrl: string | undefined;
  homeDir: string;
  dataDir: string;
}

/** Parses the environment; throws one Error listing every bad variable. */
export function loadCliConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): CliConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid environment:\n${problems}`);
  }
  return {
    databaseUrl: parsed.data.DATABASE_URL,
    homeDir: resolve(cwd, parsed.data.PROPGUARD_HOME),
    dataDir: resolve(cwd, parsed.data.PROPGUARD_DATA_PATH),
  };
}
