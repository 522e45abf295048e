/**
 * The CLI's configuration, parsed once from the environment with zod: the storage variables every
 * PropGuard process shares (DATABASE_URL, PROPGUARD_HOME, PROPGUARD_DATA_PATH), with the server's
 * schema and path rule (packages/db storage-config.ts): relative paths resolve from the repository
 * root, as the server resolves them, so both open the same database from any directory.
 */
import { resolveConfigPath, storageEnvFields } from '@propguard/db';
import { z } from 'zod';

const envSchema = z.object(storageEnvFields);

export interface CliConfig {
  databaseUrl: string | undefined;
  homeDir: string;
  dataDir: string;
}

/** Parses the environment; throws one Error listing every bad variable. `root` is for tests. */
export function loadCliConfig(env: NodeJS.ProcessEnv = process.env, root?: string): CliConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid environment:\n${problems}`);
  }
  return {
    databaseUrl: parsed.data.DATABASE_URL,
    homeDir: resolveConfigPath(parsed.data.PROPGUARD_HOME, root),
    dataDir: resolveConfigPath(parsed.data.PROPGUARD_DATA_PATH, root),
  };
}
