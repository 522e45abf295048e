import { ensurePgliteTemplate, MIGRATIONS_DIR, PGLITE_TEMPLATE_DIR, PGLITE_TEMPLATE_ENV } from '@propguard/db';

/**
 * The unit project's setup (and the API project's, from its own): the unit files make about fifty
 * embedded databases of their own (the database layer, the CLI's commands, backups); each starts as
 * a copy of one migrated empty database instead of an initdb of its own
 * (packages/db/src/pglite-template.ts). The CLIs and servers they spawn inherit the setting.
 */
export default async function setup(): Promise<void> {
  const startedAt = performance.now();
  // Made by npm ci (scripts/postinstall.mjs) unless a migration or PGlite changed since; its stamp says which.
  await ensurePgliteTemplate(PGLITE_TEMPLATE_DIR, MIGRATIONS_DIR);
  process.env[PGLITE_TEMPLATE_ENV] = PGLITE_TEMPLATE_DIR;
  console.log(`[test setup] new embedded databases start from the template in .propguard/pglite-template (ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s)`);
}
