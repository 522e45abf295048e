import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { DEFAULT_POOL_MAX, REPO_ROOT, resolveConfigPath } from '@propguard/db';
import { DEFAULT_QUEUE_SETTINGS } from '@propguard/jobs';
import { loadCliConfig } from '../src/config.ts';

describe('loadCliConfig', () => {
  it('needs no variable: PGlite under .propguard and data in data, resolved from the repository root (as the server resolves them)', () => {
    expect(loadCliConfig({})).toEqual({ databaseUrl: undefined, databasePoolMax: DEFAULT_POOL_MAX, homeDir: resolveConfigPath('.propguard'), dataDir: resolveConfigPath('data'), queue: DEFAULT_QUEUE_SETTINGS, backupSecrets: { passphrase: undefined, chainPrivateKey: undefined } });
    expect(resolveConfigPath('data')).toBe(join(REPO_ROOT, 'data'));
    expect(loadCliConfig({}, '/srv/propguard')).toEqual({ databaseUrl: undefined, databasePoolMax: DEFAULT_POOL_MAX, homeDir: '/srv/propguard/.propguard', dataDir: '/srv/propguard/data', queue: DEFAULT_QUEUE_SETTINGS, backupSecrets: { passphrase: undefined, chainPrivateKey: undefined } });
  });

  it('reads DATABASE_URL, PROPGUARD_HOME and PROPGUARD_DATA_PATH; an empty DATABASE_URL means PGlite', () => {
    expect(loadCliConfig({ DATABASE_URL: 'postgres://u:p@db:5432/pg', PROPGUARD_HOME: '/var/pg', PROPGUARD_DATA_PATH: 'shipped' }, '/srv')).toEqual({
      databaseUrl: 'postgres://u:p@db:5432/pg',
      databasePoolMax: DEFAULT_POOL_MAX,
      homeDir: '/var/pg',
      dataDir: '/srv/shipped',
      queue: DEFAULT_QUEUE_SETTINGS,
      backupSecrets: { passphrase: undefined, chainPrivateKey: undefined },
    });
    expect(loadCliConfig({ DATABASE_URL: '' }, '/srv').databaseUrl).toBeUndefined();
  });

  it('reads the portfolio queue\'s lease and maintenance interval (issue 15)', () => {
    expect(loadCliConfig({ PORTFOLIO_LEASE_SECONDS: '5', PORTFOLIO_QUEUE_MAINTENANCE_SECONDS: '1' }, '/srv').queue).toMatchObject({ leaseSeconds: 5, maintenanceSeconds: 1 });
    expect(() => loadCliConfig({ PORTFOLIO_LEASE_SECONDS: '0' }, '/srv')).toThrow(/PORTFOLIO_LEASE_SECONDS/);
  });

  it('reads the pool size, the backup passphrase and the minter key (issue 29.5), refusing a short passphrase and a pool of 0', () => {
    const key = `0x${'ab'.repeat(32)}`;
    const config = loadCliConfig({ DATABASE_POOL_MAX: '40', PROPGUARD_BACKUP_PASSPHRASE: 'twelve chars ok', CHAIN_PRIVATE_KEY: key }, '/srv');
    expect(config).toMatchObject({ databasePoolMax: 40, backupSecrets: { passphrase: 'twelve chars ok', chainPrivateKey: key } });
    expect(DEFAULT_POOL_MAX).toBe(20);
    expect(() => loadCliConfig({ PROPGUARD_BACKUP_PASSPHRASE: 'short' }, '/srv')).toThrow(/PROPGUARD_BACKUP_PASSPHRASE: at least 12 characters/);
    expect(() => loadCliConfig({ PROPGUARD_BACKUP_PASSPHRASE: 'short' }, '/srv')).not.toThrow(/short/);
    expect(() => loadCliConfig({ DATABASE_POOL_MAX: '0' }, '/srv')).toThrow(/DATABASE_POOL_MAX/);
  });

  it('names every bad variable', () => {
    expect(() => loadCliConfig({ DATABASE_URL: 'mysql://x', PROPGUARD_HOME: ' ' }, '/srv')).toThrow(/DATABASE_URL: must start with postgres:\/\/[\s\S]*PROPGUARD_HOME/);
  });
});
