// Issue 12.7: back up, wipe, restore: the same counts and the same content fingerprints, on both
// kinds of database; a backup of one kind is refused by the other.
import { existsSync, rmSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minterAddressOf, minterKeyFile, readMinterKeyFile, writeMinterKeyFile } from '@propguard/chain';
import { backupDatabase, backupKindOf, ensureDataLoaded, openDatabase, restoreDatabase, type Database } from '../src/index.ts';
import { createTempHome, createTestPostgres, FIXTURE_DATA_DIR } from './support/test-databases.ts';

const postgres = await createTestPostgres();

interface Fingerprint {
  sales: number;
  addresses: number;
  loads: number;
  salesHash: string;
  reportsHash: string | null;
}

async function fingerprint(database: Database): Promise<Fingerprint> {
  const [row] = await database.query<Fingerprint>(
    `SELECT (SELECT count(*)::int FROM sales) AS sales, (SELECT count(*)::int FROM addresses) AS addresses,
       (SELECT count(*)::int FROM dataset_loads) AS loads,
       (SELECT md5(string_agg(id || ':' || coalesce(address, '') || ':' || coalesce(price_aud::text, '') || ':' || sale_date, ',' ORDER BY id)) FROM sales) AS "salesHash",
       (SELECT md5(string_agg(report_id || ':' || content_hash, ',' ORDER BY report_id)) FROM reports) AS "reportsHash"`,
  );
  return row!;
}

describe.each([
  { kind: 'pglite' as const, isAvailable: true },
  { kind: 'postgres' as const, isAvailable: postgres !== null },
])('backup and restore on $kind', ({ kind, isAvailable }) => {
  let home: Awaited<ReturnType<typeof createTempHome>>;
  let options: { databaseUrl?: string; homeDir: string };
  let before: Fingerprint;

  beforeAll(async () => {
    if (!isAvailable) return;
    home = await createTempHome();
    options = kind === 'postgres' ? { databaseUrl: postgres!.databaseUrl, homeDir: home.homeDir } : { homeDir: home.homeDir };
    const database = await openDatabase(options);
    try {
      await ensureDataLoaded(database, { dataDir: FIXTURE_DATA_DIR });
      before = await fingerprint(database);
    } finally {
      await database.close();
    }
  }, 120_000);

  afterAll(async () => {
    await home?.remove();
    if (kind === 'postgres') await postgres?.drop();
  });

  it.skipIf(!isAvailable)('round-trips: back up, wipe, restore, and every count and fingerprint is back', async () => {
    expect(before.sales).toBeGreaterThan(0);
    const file = join(home.homeDir, `backup-${kind}.bin`);
    expect((await backupDatabase(options, file)).kind).toBe(kind);
    expect(backupKindOf((await readFile(file)).subarray(0, 512))).toBe(kind);

    // Wipe.
    if (kind === 'pglite') {
      rmSync(join(home.homeDir, 'db'), { recursive: true, force: true });
      const empty = await openDatabase(options);
      expect((await fingerprint(empty)).sales).toBe(0);
      await empty.close();
    } else {
      const database = await openDatabase(options);
      await database.query('TRUNCATE sales, addresses, dataset_loads CASCADE');
      expect((await fingerprint(database)).sales).toBe(0);
      await database.close();
    }

    const restored = await restoreDatabase(options, file);
    expect(restored.kind).toBe(kind);
    if (kind === 'pglite') expect(restored.replacedDirectory && existsSync(restored.replacedDirectory)).toBeTruthy();
    const database = await openDatabase(options);
    try {
      expect(await fingerprint(database)).toEqual(before);
    } finally {
      await database.close();
    }
  }, 180_000);

  it.skipIf(!isAvailable)('refuses a file that is not a backup, or a backup of the other kind, and changes nothing', async () => {
    const junk = join(home.homeDir, 'junk.bin');
    await writeFile(junk, 'not a backup at all');
    await expect(restoreDatabase(options, junk)).rejects.toThrow(/not a PropGuard backup/);
    const other = join(home.homeDir, 'other.bin');
    await writeFile(other, kind === 'pglite' ? Buffer.from('PGDMP-not-really') : Buffer.from([0x1f, 0x8b, 0, 0]));
    await expect(restoreDatabase(options, other)).rejects.toThrow(/restore it on the same kind/);
    const database = await openDatabase(options);
    try {
      expect((await fingerprint(database)).sales).toBe(before.sales);
    } finally {
      await database.close();
    }
  });
});

describe('the minter key in a backup (issue 29.5: a restored server could neither mint nor verify)', () => {
  const PASSPHRASE = 'a long backup passphrase 7';
  const KEY = `0x${'4f'.repeat(31)}01` as const;
  let source: Awaited<ReturnType<typeof createTempHome>>;
  const fresh: Awaited<ReturnType<typeof createTempHome>>[] = [];
  const freshHome = async () => {
    const home = await createTempHome();
    fresh.push(home);
    return home.homeDir;
  };

  beforeAll(async () => {
    source = await createTempHome();
    const database = await openDatabase({ homeDir: source.homeDir });
    await database.close();
    writeMinterKeyFile(source.homeDir, KEY);
  }, 120_000);
  afterAll(async () => {
    await source?.remove();
    for (const home of fresh) await home.remove();
  });

  it('seals the key with the passphrase (never in clear) and restores it on a fresh home, owner-only', async () => {
    const file = join(source.homeDir, 'sealed.backup');
    const { minterKey } = await backupDatabase({ homeDir: source.homeDir }, file, { passphrase: PASSPHRASE });
    expect(minterKey).toEqual({ status: 'included', address: minterAddressOf(KEY) });
    const bytes = await readFile(file);
    expect(bytes.includes(Buffer.from(KEY.slice(2)))).toBe(false);
    expect(bytes.includes(Buffer.from(KEY.slice(2), 'hex'))).toBe(false);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(backupKindOf(bytes.subarray(0, 512))).toBe('pglite');

    const homeDir = await freshHome();
    // Without the passphrase, or with a wrong one, nothing is restored.
    await expect(restoreDatabase({ homeDir }, file)).rejects.toThrow(/set PROPGUARD_BACKUP_PASSPHRASE/);
    await expect(restoreDatabase({ homeDir }, file, { passphrase: 'not the passphrase 1' })).rejects.toThrow(/does not open the minter key/);
    expect(existsSync(join(homeDir, 'db'))).toBe(false);
    expect(existsSync(minterKeyFile(homeDir))).toBe(false);

    const restored = await restoreDatabase({ homeDir }, file, { passphrase: PASSPHRASE });
    expect(restored.minterKey).toMatchObject({ status: 'restored', keyFile: minterKeyFile(homeDir), warning: null });
    expect(readMinterKeyFile(homeDir)).toBe(KEY);
    expect(statSync(minterKeyFile(homeDir)).mode & 0o777).toBe(0o600);
    // Again on the same home: the key is already the backup's.
    expect((await restoreDatabase({ homeDir }, file, { passphrase: PASSPHRASE })).minterKey.status).toBe('unchanged');
  }, 120_000);

  it('without a passphrase leaves the key out and says so; restore warns, naming the minter it needs', async () => {
    const file = join(source.homeDir, 'plain.backup');
    const { minterKey } = await backupDatabase({ homeDir: source.homeDir }, file);
    expect(minterKey).toEqual({ status: 'no-passphrase', address: minterAddressOf(KEY) });
    expect((await readFile(file)).includes(Buffer.from(KEY.slice(2)))).toBe(false);
    const homeDir = await freshHome();
    const restored = await restoreDatabase({ homeDir }, file);
    expect(restored.minterKey.status).toBe('not-in-backup');
    expect(restored.minterKey.warning).toContain(minterAddressOf(KEY));
    expect(restored.minterKey.warning).toMatch(/made without PROPGUARD_BACKUP_PASSPHRASE.*can neither mint nor verify/);
    // With the right key copied in by hand, restore has nothing to warn about.
    writeMinterKeyFile(homeDir, KEY);
    expect((await restoreDatabase({ homeDir }, file)).minterKey.warning).toBeNull();
  }, 120_000);

  it('restores a backup of the earlier layout (the dump alone), warning when no key is there', async () => {
    const sealed = await readFile(join(source.homeDir, 'sealed.backup'));
    const legacy = join(source.homeDir, 'legacy.backup');
    await writeFile(legacy, sealed.subarray(sealed.indexOf(0x0a, sealed.indexOf(0x0a) + 1) + 1));
    expect(backupKindOf((await readFile(legacy)).subarray(0, 512))).toBe('pglite');
    const homeDir = await freshHome();
    const restored = await restoreDatabase({ homeDir }, legacy);
    expect(restored.kind).toBe('pglite');
    expect(restored.minterKey.warning).toMatch(/made by an earlier version/);
  }, 120_000);
});

describe('maskDatabaseUrl', () => {
  it('masks the password in both forms libpq accepts', async () => {
    const { maskDatabaseUrl } = await import('../src/open-database.ts');
    for (const url of ['postgres://app:s3cret@db.example/prod', 'postgres://app@db.example/prod?password=s3cret&sslmode=require', 'postgresql://db.example/prod?PASSWORD=s3cret']) {
      const masked = maskDatabaseUrl(url);
      expect(masked, url).not.toContain('s3cret');
      expect(masked).toContain('***');
    }
  });
});
