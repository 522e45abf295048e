import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openDatabase } from '../src/open-database.ts';
import { ensurePgliteTemplate, PGLITE_TEMPLATE_DIR, PGLITE_TEMPLATE_ENV, seedFromTemplate } from '../src/pglite-template.ts';

describe('new embedded databases from a template (npm ci makes it; test runs)', () => {
  let root: string;
  let templateDir: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'propguard-template-'));
    templateDir = path.join(root, 'template');
    await ensurePgliteTemplate(templateDir, MIGRATIONS_DIR);
  }, 120_000);

  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('is a closed, migrated PGlite directory, made once: a second call keeps it', async () => {
    expect(existsSync(path.join(templateDir, 'PG_VERSION'))).toBe(true);
    // A current template is kept as it is, not made again (which would replace the directory).
    writeFileSync(path.join(templateDir, 'kept.marker'), '');
    await ensurePgliteTemplate(templateDir, MIGRATIONS_DIR);
    expect(existsSync(path.join(templateDir, 'kept.marker'))).toBe(true);
    rmSync(path.join(templateDir, 'kept.marker'));
  });

  it('seeds a new home whose database then opens migrated and empty, and takes writes of its own', async () => {
    const home = path.join(root, 'home-a');
    expect(seedFromTemplate(path.join(home, 'db'), MIGRATIONS_DIR, { [PGLITE_TEMPLATE_ENV]: templateDir })).toBe(true);
    const previous = process.env[PGLITE_TEMPLATE_ENV];
    process.env[PGLITE_TEMPLATE_ENV] = templateDir;
    const database = await openDatabase({ homeDir: path.join(root, 'home-b') });
    try {
      expect(await database.query<{ count: number }>('SELECT count(*)::int AS count FROM sales')).toEqual([{ count: 0 }]);
      await database.db.execute(sql`INSERT INTO workspaces (id, name, is_local, plan_id, created_at) VALUES ('w1', 'Local workspace', true, 'starter', now())`);
      expect(await database.query<{ count: number }>('SELECT count(*)::int AS count FROM workspaces')).toEqual([{ count: 1 }]);
    } finally {
      await database.close();
      if (previous === undefined) delete process.env[PGLITE_TEMPLATE_ENV];
      else process.env[PGLITE_TEMPLATE_ENV] = previous;
    }
    // The template itself is untouched by what a copy wrote.
    const again = path.join(root, 'home-c', 'db');
    expect(seedFromTemplate(again, MIGRATIONS_DIR, { [PGLITE_TEMPLATE_ENV]: templateDir })).toBe(true);
  });

  it('leaves a directory that holds anything, a stale template and an empty setting to PGlite', () => {
    const taken = path.join(root, 'taken');
    mkdirSync(taken, { recursive: true });
    writeFileSync(path.join(taken, 'note.txt'), 'mine');
    expect(seedFromTemplate(taken, MIGRATIONS_DIR, { [PGLITE_TEMPLATE_ENV]: templateDir })).toBe(false);
    expect(seedFromTemplate(path.join(root, 'empty-setting'), MIGRATIONS_DIR, { [PGLITE_TEMPLATE_ENV]: '' })).toBe(false);
    const stale = path.join(root, 'stale');
    mkdirSync(stale);
    writeFileSync(path.join(stale, 'PG_VERSION'), '17');
    writeFileSync(path.join(stale, 'propguard-template.stamp'), 'made by another version');
    expect(seedFromTemplate(path.join(root, 'from-stale'), MIGRATIONS_DIR, { [PGLITE_TEMPLATE_ENV]: stale })).toBe(false);
  });

  it("takes the repository's template when the setting is unset, as a first npm start does", async () => {
    // The unit project's setup made it (scripts/test/pglite-template-setup.ts), as npm ci does (scripts/postinstall.mjs).
    await ensurePgliteTemplate(PGLITE_TEMPLATE_DIR, MIGRATIONS_DIR);
    expect(PGLITE_TEMPLATE_DIR.endsWith(path.join('.propguard', 'pglite-template'))).toBe(true);
    const target = path.join(root, 'default', 'db');
    expect(seedFromTemplate(target, MIGRATIONS_DIR, {})).toBe(true);
    expect(existsSync(path.join(target, 'PG_VERSION'))).toBe(true);
    // The stamp stays with the template: a copy is a database, not a template.
    expect(existsSync(path.join(target, 'propguard-template.stamp'))).toBe(false);
  });
});
