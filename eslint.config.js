// One lint for the whole repository. Besides the usual rules it enforces the architecture of
// DESIGN.md section 2: engines are pure (no I/O, no environment, no clock-dependent globals
// from Node), and the web app never reaches into the database or server code.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const NODE_BUILTINS = ['node:*', 'fs', 'fs/*', 'path', 'os', 'http', 'https', 'net', 'child_process', 'worker_threads', 'crypto', 'stream', 'zlib', 'url'];
const DB_DRIVERS = ['pg', 'pg-*', '@electric-sql/*', 'drizzle-orm', 'drizzle-orm/*', 'postgres', 'better-sqlite3', 'axios', 'undici', 'node-fetch'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.propguard/**', 'test-results/**', 'playwright-report/**', 'packages/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
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
