// One lint for the whole repository. Besides the usual rules it enforces the architecture of
// DESIGN.md section 2 and the README: engines are pure (no I/O, no environment, no clock-dependent
// globals from Node); packages point one way (schemas <- engines <- db <- jobs <- server, cli; schemas <-
// web); inside the server, services never reach back into routes; web features never import each
// other; and no module anywhere imports itself through a cycle. scripts/test/architecture.test.ts
// holds a failing fixture for every rule.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const NODE_BUILTINS = ['node:*', 'fs', 'fs/*', 'path', 'os', 'http', 'https', 'net', 'child_process', 'worker_threads', 'crypto', 'stream', 'zlib', 'url'];
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Boundaries between folders (import-x/no-restricted-paths resolves every import, relative or by
 * package name, so `../../../server/src/app.ts` and `@propguard/server` are caught alike).
 */
const BOUNDARY_ZONES = [
  { target: './packages/schemas', from: ['./packages/engines', './packages/db', './packages/jobs', './apps'], message: 'Schemas are the root of the dependency graph.' },
  { target: './packages/engines', from: ['./packages/db', './packages/jobs', './apps'], message: 'Engines depend only on @propguard/schemas.' },
  { target: './packages/db', from: ['./packages/jobs', './apps'], message: 'The database package depends only on schemas and engines.' },
  { target: './packages/jobs', from: ['./apps'], message: 'The jobs package (portfolio jobs: ingest, executors, queue) serves the server and the CLI; it imports neither.' },
  { target: './apps/web', from: ['./packages/db', './packages/jobs', './apps/server', './apps/cli'], message: 'The web app must not import database or server code; call the API.' },
  { target: './apps/server/src', from: ['./apps/web', './apps/cli'], message: 'The server does not import the web app or the CLI (its tests may drive the CLI to compare answers).' },
  { target: './apps/cli', from: ['./apps/web', './apps/server'], message: 'The CLI does not import the server or the web app: shared code lives in packages/.' },
  { target: './apps/server/src/services', from: ['./apps/server/src/routes', './apps/server/src/plugins', './apps/server/src/app.ts', './apps/server/src/main.ts'], message: 'Services know nothing of HTTP routing: routes call services, never the reverse.' },
  { target: './apps/server/src/http', from: ['./apps/server/src/routes', './apps/server/src/services'], message: 'HTTP helpers sit below routes and services.' },
  { target: ['./apps/web/src/lib', './apps/web/src/components'], from: './apps/web/src/features', message: 'Shared web code does not import features; routes compose features.' },
  ...WEB_FEATURES.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'Web features do not import each other: routes (apps/web/src/app) compose them; shared code goes to src/lib or src/components.',
  })),
];

const DB_DRIVERS = ['pg', 'pg-*', '@electric-sql/*', 'drizzle-orm', 'drizzle-orm/*', 'postgres', 'better-sqlite3', 'axios', 'undici', 'node-fetch'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.propguard/**', 'test-results/**', 'playwright-report/**', 'packages/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      // No import cycles anywhere, type-only imports included: a cycle of types still ties two
      // modules into one. External packages are not followed (they cannot import ours).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: BOUNDARY_ZONES }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly' } },
  },
  {
    // Engines: pure functions. Inputs in, results out.
    files: ['packages/engines/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: NODE_BUILTINS, message: 'Engines are pure: no Node built-ins (I/O belongs in packages/db or apps/server).' },
          { group: DB_DRIVERS, message: 'Engines are pure: no database drivers or HTTP clients.' },
          { group: ['@propguard/db', '@propguard/server', '@propguard/cli', '@propguard/web'], message: 'Engines depend only on @propguard/schemas.' },
        ],
      }],
      'no-restricted-globals': ['error',
        { name: 'fetch', message: 'Engines are pure: no network calls.' },
        { name: 'process', message: 'Engines are pure: pass configuration in as arguments.' },
        { name: 'XMLHttpRequest', message: 'Engines are pure: no network calls.' },
      ],
      'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: 'Engines take the valuation date as an argument (no hidden clock).' }],
    },
  },
  {
    // Schemas: shared by server and web, so no I/O either.
    files: ['packages/schemas/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: NODE_BUILTINS, message: 'Schemas are shared with the browser: no Node built-ins.' },
        { group: ['@propguard/*'], message: 'Schemas are the root of the dependency graph.' },
      ] }],
    },
  },
  {
    // The chain package (contract, embedded EVM, JSON-RPC, metadata) stores through the ChainStore
    // interface it defines: it knows no database driver and no PropGuard package but the schemas.
    files: ['packages/chain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: DB_DRIVERS, message: 'The chain stores through its ChainStore interface; packages/db implements it.' },
        { group: ['@propguard/db', '@propguard/server', '@propguard/cli', '@propguard/web', '@propguard/engines'], message: 'The chain depends only on @propguard/schemas.' },
      ] }],
    },
  },
  {
    // The web app may import schemas and engines, never the database or the server.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['@propguard/db', '@propguard/db/*', '@propguard/server', '@propguard/server/*', '@propguard/cli', '**/apps/server/**', '**/server/src/**', '**/packages/db/**', '**/db/src/**'], message: 'The web app must not import database or server code; call the API.' },
        { group: NODE_BUILTINS, message: 'The web app runs in the browser.' },
      ] }],
    },
  },
);
