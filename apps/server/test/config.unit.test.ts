import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from '../src/config.ts';

describe('configuration', () => {
  it('starts with no variables at all: embedded defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.homeDir).toBe(path.join(REPO_ROOT, '.propguard'));
    expect(config.dataDir).toBe(path.join(REPO_ROOT, 'data'));
    expect(config.databasePoolMax).toBe(20);
  });

  it('sizes the PostgreSQL pool from DATABASE_POOL_MAX (issue 29.5), refusing 0', () => {
    expect(loadConfig({ DATABASE_POOL_MAX: '50' }).databasePoolMax).toBe(50);
    expect(() => loadConfig({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', LLM_BASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('never prints the value of a malformed CHAIN_PRIVATE_KEY (regression: the error echoed every bad value)', () => {
    const almostAKey = `0x${'ab'.repeat(31)}zz`;
    expect(() => loadConfig({ CHAIN_PRIVATE_KEY: almostAKey })).toThrow(/CHAIN_PRIVATE_KEY: must be 0x and 64 hex characters \(got a value that is not shown\)/);
    try {
      loadConfig({ CHAIN_PRIVATE_KEY: almostAKey });
    } catch (error) {
      expect((error as Error).message).not.toContain('abab');
    }
  });

  it('reads the seller of receipts: a name, and an ABN checked and grouped as the register writes it', () => {
    expect(loadConfig({}).seller).toEqual({ name: 'PropGuard', abn: null });
    expect(loadConfig({ PROPGUARD_SELLER_NAME: 'Harbour Valuations Pty Ltd', PROPGUARD_SELLER_ABN: '51824753556' }).seller).toEqual({ name: 'Harbour Valuations Pty Ltd', abn: '51 824 753 556' });
    expect(() => loadConfig({ PROPGUARD_SELLER_ABN: '51 824 753 557' })).toThrow(/PROPGUARD_SELLER_ABN: must be an ABN/);
  });

  it('lists every bad variable at once', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT');
    expect(problems).toContain('DATABASE_URL');
    expect(problems).toContain('LOG_LEVEL');
  });

  it('every variable the server and the CLI read is documented in .env.example and in the README\'s configuration table', async () => {
    const fs = await import('node:fs');
    const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
    const example = read('.env.example');
    const readme = read('README.md');
    const variables = new Set<string>();
    for (const file of ['apps/server/src/config.ts', 'packages/db/src/storage-config.ts']) for (const match of read(file).matchAll(/^\s{2}([A-Z][A-Z0-9_]+):/gm)) variables.add(match[1]!);
    // The CLI's own (apps/cli reads `env.NAME` from process.env) and any process.env read in the product's sources.
    const sources = (dir: string): string[] => fs.readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true, recursive: true }).filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name)).map((entry) => path.join(entry.parentPath, entry.name));
    for (const file of [...sources('apps/cli/src'), ...sources('apps/server/src'), ...sources('packages/jobs/src')]) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/\b(?:process\.)?env\.([A-Z][A-Z0-9_]+)/g)) variables.add(match[1]!);
    }
    expect(variables.size).toBeGreaterThan(40);
    for (const variable of ['PUBLIC_ANALYSES_PER_DAY', 'PROPGUARD_API_KEY', 'PROPGUARD_SERVER_URL']) expect(variables).toContain(variable);
    for (const variable of variables) {
      expect(example, variable).toMatch(new RegExp(`^#? ?${variable}=`, 'm'));
      expect(readme, variable).toContain(`| \`${variable}\` |`);
    }
  });
});
