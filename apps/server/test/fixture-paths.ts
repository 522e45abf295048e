import path from 'node:path';

/**
 * Where the API and browser suites' data are written (fixture-data.ts). A module of its own, with
 * no imports of the app, so that vitest.config.ts and playwright.config.ts can read it.
 */
export const FIXTURE_DATA_DIR = path.resolve(import.meta.dirname, '..', '..', '..', '.propguard', 'fixture-data');
