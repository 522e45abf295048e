import path from 'node:path';

/**
 * Where the test suites' data and the browser stage's databases live. A module of its own, with no
 * imports of the app, so that vitest.config.ts and playwright.config.ts can read it.
 */
const PROPGUARD_DIR = path.resolve(import.meta.dirname, '..', '..', '..', '.propguard');

/** The API and browser suites' data (fixture-data.ts). */
export const FIXTURE_DATA_DIR = path.join(PROPGUARD_DIR, 'fixture-data');

/** PROPGUARD_HOME of the browser stage's two servers (local owner; AUTH_MODE=required). */
export const E2E_HOME = path.join(PROPGUARD_DIR, 'e2e-pglite');
export const E2E_REQUIRED_HOME = path.join(PROPGUARD_DIR, 'e2e-required-pglite');
