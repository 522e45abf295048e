import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { REPO_ROOT, resolveConfigPath } from '@propguard/db';
import { DEFAULT_QUEUE_SETTINGS } from '@propguard/jobs';
import { loadCliConfig } from '../src/config.ts';

describe('loadCliConfig', () => {
  it('needs no variable: PGlite under .propguard and data in data, resolved from the repository root (as the server resolves them)', () => {
    expect(loadCliConfig({})).toEqual({ databaseUrl: undefined, homeDir: resolveConfigPath('.propguard'), dataDir: resolveConfigPath('data'), queue: DEFAULT_QUEUE_SETTINGS });
    expect(resolveConfigPath('data')).toBe(join(REPO_ROOT, 'data'));
    expect(loadCliConfig({}, '/srv/propguard')).toEqual({ databaseUrl: undefined, homeDir: '/srv/propguard/.propguard', dataDir: '/srv/propguard/data', queue: DEFAULT_QUEUE_SETTINGS });
  });

  it('reads DATABASE_URL, PROPGUARD_HOME and PROPGUARD_DATA_PATH; an empty DATABASE_URL means PGlite', () => {
    expect(loadCliConfig({ DATABASE_URL: 'postgres://u:p@db:5432/pg', PROPGUARD_HOME: '/var/pg', PROPGUARD_DATA_PATH: 'shipped' }, '/srv')).toEqual({
      databaseUrl: 'postgres://u:p@db:5432/pg',
      homeDir: '/var/pg',
      dataDir: '/srv/shipped',
      queue: DEFAULT_QUEUE_SETTINGS,
    });
    expect(loadCliConfig({ DATABASE_URL: '' }, '/srv').databaseUrl).toBeUndefined();
  });

  it('reads the portfolio queue\'s lease and maintenance interval (issue 15)', () => {
    expect(loadCliConfig({ PORTFOLIO_LEASE_SECONDS: '5', PORTFOLIO_QUEUE_MAINTENANCE_SECONDS: '1' }, '/srv').queue).toMatchObject({ leaseSeconds: 5, maintenanceSeconds: 1 });
    expect(() => loadCliConfig({ PORTFOLIO_LEASE_SECONDS: '0' }, '/srv')).toThrow(/PORTFOLIO_LEASE_SECONDS/);
  });

  it('names every bad variable', () => {
    expect(() => loadCliConfig({ DATABASE_URL: 'mysql://x', PROPGUARD_HOME: ' ' }, '/srv')).toThrow(/DATABASE_URL: must start with postgres:\/\/[\s\S]*PROPGUARD_HOME/);
  });
});
