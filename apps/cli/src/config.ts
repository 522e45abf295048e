/**
 * The CLI's configuration, parsed once from the environment with zod: the storage variables every
 * PropGuard process shares (DATABASE_URL, PROPGUARD_HOME, PROPGUARD_DATA_PATH), with the server's
 * schema and path rule (packages/db storage-config.ts): relative paths resolve from the repository
 * root, as the server resolves them, so both open the same database from any directory.
 */
import { backupEnvFields, minterKeyEnvFields, resolveConfigPath, storageEnvFields } from '@propguard/db';
import { DEFAULT_QUEUE_SETTINGS, type QueueSettings } from '@propguard/jobs';
import { z } from 'zod';

const envSchema = z.object({
  ...storageEnvFields,
  /** CHAIN_PRIVATE_KEY (the server's minter key, when set there) and PROPGUARD_BACKUP_PASSPHRASE: backup and restore handle the minter key. */
  ...minterKeyEnvFields,
  ...backupEnvFields,
  /** Seconds a worker holds a portfolio chunk before the queue gives it to another (a killed worker's chunk comes back after this). */
  PORTFOLIO_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(DEFAULT_QUEUE_SETTINGS.leaseSeconds),
  /** Seconds between the queue's maintenance runs (which expire leases). */
  PORTFOLIO_QUEUE_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(DEFAULT_QUEUE_SETTINGS.maintenanceSeconds),
});

export interface CliConfig {
  databaseUrl: string | undefined;
  /** Connections to the PostgreSQL server at most (DATABASE_POOL_MAX). */
  databasePoolMax: number;
  homeDir: string;
  dataDir: string;
  /** The portfolio queue's settings (DATABASE_URL set). */
  queue: QueueSettings;
  /** What backup and restore need of the minter key: the passphrase that seals it, and CHAIN_PRIVATE_KEY when the key is set there. */
  backupSecrets: { passphrase: string | undefined; chainPrivateKey: string | undefined };
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
    databasePoolMax: parsed.data.DATABASE_POOL_MAX,
    homeDir: resolveConfigPath(parsed.data.PROPGUARD_HOME, root),
    dataDir: resolveConfigPath(parsed.data.PROPGUARD_DATA_PATH, root),
    backupSecrets: { passphrase: parsed.data.PROPGUARD_BACKUP_PASSPHRASE, chainPrivateKey: parsed.data.CHAIN_PRIVATE_KEY },
    queue: { ...DEFAULT_QUEUE_SETTINGS, leaseSeconds: parsed.data.PORTFOLIO_LEASE_SECONDS, maintenanceSeconds: parsed.data.PORTFOLIO_QUEUE_MAINTENANCE_SECONDS },
  };
}
