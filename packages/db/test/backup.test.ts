// Issue 12.7: back up, wipe, restore: the same counts and the same content fingerprints, on both
// kinds of database; a backup of one kind is refused by the other.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(await backupDatabase(options, file)).toBe(kind);
    const { readFile } = await import('node:fs/promises');
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
    const { writeFile } = await import('node:fs/promises');
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
