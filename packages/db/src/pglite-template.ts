/**
 * A migrated, empty embedded database that new ones start from, as PostgreSQL's CREATE DATABASE
 * starts from template1: PGlite runs initdb for every new directory (4-6 s on the 2-core machine),
 * and a copy of a closed one opens in under 1 s. `npm ci` makes it (scripts/postinstall.mjs, as a
 * database server's package runs initdb when it is installed), so that a first `npm start` copies it;
 * the test runs make it if it is missing or stale (its stamp), and every database they create is a
 * copy. Where there is no current template, PGlite makes the database as before.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';

/** The setting that names the template's directory; unset, PGLITE_TEMPLATE_DIR; empty, none (every new database runs initdb). */
export const PGLITE_TEMPLATE_ENV = 'PROPGUARD_PGLITE_TEMPLATE';

/** Where `npm ci` and the test runs keep the template: the repository's .propguard/, beside the default home's database. */
export const PGLITE_TEMPLATE_DIR = fileURLToPath(new URL('../../../.propguard/pglite-template', import.meta.url));

/** The file beside the template's data that says what made it (PGlite's version and the migrations). */
const STAMP_FILE = 'propguard-template.stamp';

const stamps = new Map<string, string>();

/** PGlite's version and every migration's name and text: a template made by another differs. */
export function templateStamp(migrationsDir: string): string {
  const known = stamps.get(migrationsDir);
  if (known !== undefined) return known;
  const hash = createHash('sha256');
  try {
    // createRequire: the same answer under Node, tsx and vitest (whose modules have no import.meta.resolve).
    const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    hash.update(readFileSync(join(dirname(pgliteEntry), '..', 'package.json')));
  } catch {
    hash.update('pglite: unknown');
  }
  const walk = (directory: string): void => {
    for (const name of readdirSync(directory).sort()) {
      const path = join(directory, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(name).update(readFileSync(path));
    }
  };
  walk(migrationsDir);
  const stamp = hash.digest('hex');
  stamps.set(migrationsDir, stamp);
  return stamp;
}

function isCurrent(templateDir: string, stamp: string): boolean {
  try {
    return readFileSync(join(templateDir, STAMP_FILE), 'utf8') === stamp && existsSync(join(templateDir, 'PG_VERSION'));
  } catch {
    return false;
  }
}

/** A PGlite client on `dataDir` with the project's extensions, its migrations run (a new directory gets initdb first). */
export async function createMigratedPglite(dataDir: string, migrationsDir: string): Promise<PGlite> {
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsDir });
    return client;
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

/**
 * Makes the template in `templateDir` (initdb and the migrations, then closed) unless a current
 * one is there. Safe when several processes ask at once: each builds in a directory of its own and
 * the first to finish moves it into place.
 */
export async function ensurePgliteTemplate(templateDir: string, migrationsDir: string): Promise<void> {
  const stamp = templateStamp(migrationsDir);
  if (isCurrent(templateDir, stamp)) return;
  const building = `${templateDir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(dirname(templateDir), { recursive: true });
  await (await createMigratedPglite(building, migrationsDir)).close();
  writeFileSync(join(building, STAMP_FILE), stamp);
  if (isCurrent(templateDir, stamp)) {
    rmSync(building, { recursive: true, force: true });
    return;
  }
  rmSync(templateDir, { recursive: true, force: true });
  try {
    renameSync(building, templateDir);
  } catch {
    // Another process moved its own into place meanwhile.
    rmSync(building, { recursive: true, force: true });
  }
}

/**
 * Copies the template (PROPGUARD_PGLITE_TEMPLATE, else PGLITE_TEMPLATE_DIR) into `directory` when
 * that holds no database yet and the template is current; true when it did. Otherwise PGlite makes
 * the database.
 */
export function seedFromTemplate(directory: string, migrationsDir: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const templateDir = env[PGLITE_TEMPLATE_ENV] ?? PGLITE_TEMPLATE_DIR;
  if (!templateDir || existsSync(join(directory, 'PG_VERSION'))) return false;
  if (existsSync(directory) && readdirSync(directory).length > 0) return false;
  if (!isCurrent(templateDir, templateStamp(migrationsDir))) return false;
  cpSync(templateDir, directory, { recursive: true, filter: (source) => !source.endsWith(STAMP_FILE) });
  return true;
}
