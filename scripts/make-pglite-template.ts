/**
 * Makes the embedded database's template in .propguard/pglite-template (packages/db/src/pglite-template.ts)
 * unless a current one is there: `npm ci` runs it (scripts/postinstall.mjs), so that a first
 * `npm start` copies a migrated, empty database instead of running PGlite's initdb (4-6 s on the
 * 2-core machine). Imports the template's module alone, not the database package's index.
 */
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ensurePgliteTemplate, PGLITE_TEMPLATE_DIR } from '../packages/db/src/pglite-template.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('../packages/db/migrations', import.meta.url));

const startedAt = performance.now();
await ensurePgliteTemplate(PGLITE_TEMPLATE_DIR, MIGRATIONS_DIR);
console.log(`embedded database: template ready in .propguard/pglite-template (${((performance.now() - startedAt) / 1000).toFixed(1)} s); a first npm start copies it`);
