import { defineConfig } from '@playwright/test';
import { E2E_HOME, E2E_REQUIRED_HOME, FIXTURE_DATA_DIR } from './apps/server/test/fixture-paths.ts';

/**
 * Browser tests drive Debian's Chromium (apt package `chromium`); Playwright downloads no browser.
 *
 * By default the suite starts the real PropGuard server, which serves the built web app
 * (`npm run build` first) and the API on port 4173. Set E2E_SERVER_COMMAND (and E2E_READY_URL)
 * to run against something else, e.g. the static preview of the web app alone:
 *   (cd apps/web && npx vite build)
 *   E2E_SERVER_COMMAND="npx vite preview apps/web --port 4173 --strictPort" E2E_READY_URL=http://127.0.0.1:4173/ npx playwright test
 * The preview has no API behind /api, so requests there fail with a 5xx instead of a JSON 404.
 */
// E2E_PORT lets several checkouts run their browser tests side by side without reusing each other's server.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const isCi = Boolean(process.env.CI);

// The servers run on the API suites' data (apps/server/test/fixture-data.ts: a few thousand real sales
// and the places the tests name), each with an embedded database of its own: npm test copies the
// loaded one into their homes beforehand (prepare-test-databases.ts); a server that finds its home
// empty loads the data itself on first start (seconds), writing them first when missing.
const WRITE_FIXTURE_DATA = 'node --import tsx apps/server/test/fixture-data.ts';
// The first server runs what `npm start` runs (scripts/start.mjs: the server bundled, then started while
// the web app's build is checked beside it, waited for before it serves); the second, started after it,
// the bundle alone. npm test builds both before this stage, so nothing is rebuilt here.
const serverCommand = process.env.E2E_SERVER_COMMAND ?? `${WRITE_FIXTURE_DATA} && exec node scripts/start.mjs`;
const bundleCommand = `${WRITE_FIXTURE_DATA} && exec node --enable-source-maps apps/server/dist/main.mjs`;
const readyUrl = process.env.E2E_READY_URL ?? `${BASE_URL}/api/propguard/health`;
const propguardHome = process.env.E2E_PROPGUARD_HOME ?? E2E_HOME;
// Account mail (sign-up and reset links) is written here as files; e2e/fixtures/account-mail.ts reads it.
const mailOutbox = process.env.E2E_MAIL_OUTBOX ?? '.propguard/e2e-outbox';

// A second server in AUTH_MODE=required (issue 30: a signed-out visitor is a visitor) for the specs
// named *.required-auth.spec.ts, on E2E_REQUIRED_PORT (default: E2E_PORT + 1000), with an embedded
// database of its own (one process opens such a directory at a time).
const REQUIRED_PORT = Number(process.env.E2E_REQUIRED_PORT ?? PORT + 1000);
const REQUIRED_BASE_URL = `http://127.0.0.1:${REQUIRED_PORT}`;
const requiredHome = process.env.E2E_REQUIRED_PROPGUARD_HOME ?? E2E_REQUIRED_HOME;
const REQUIRED_AUTH_SPECS = /\.required-auth\.spec\.ts$/;
// The rate limits are per client address, and every test shares 127.0.0.1.
const serverEnv = { HOST: '127.0.0.1', LOG_LEVEL: 'warn', MAIL_OUTBOX_DIR: mailOutbox, PROPGUARD_DATA_PATH: FIXTURE_DATA_DIR, COMPAT_RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE: '100000', EXPENSIVE_RATE_LIMIT_PER_MINUTE: '100000' };
const requiredServerCommand = process.env.E2E_REQUIRED_SERVER_COMMAND ?? process.env.E2E_SERVER_COMMAND ?? bundleCommand;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  reporter: [['list']],
  retries: 0,
  // Two browsers at once, in CI as locally (where the specs always ran two at a time): on the 2-core
  // machine the stage took 243 s with CI=true, against 326 s with one worker.
  workers: 2,
  fullyParallel: false,
  forbidOnly: isCi,
  use: {
    baseURL: BASE_URL,
    screenshot: 'only-on-failure',
    trace: 'off',
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'local', testIgnore: REQUIRED_AUTH_SPECS },
    { name: 'required-auth', testMatch: REQUIRED_AUTH_SPECS, use: { baseURL: REQUIRED_BASE_URL } },
  ],
  // In this order, one after the other: the first rebundles the server (scripts/start.mjs) before the second loads it.
  webServer: [
    {
      command: serverCommand,
      url: readyUrl,
      env: { ...serverEnv, PORT: String(PORT), PROPGUARD_HOME: propguardHome },
      timeout: 240_000,
      reuseExistingServer: !isCi,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: requiredServerCommand,
      url: `${REQUIRED_BASE_URL}/api/propguard/health`,
      env: { ...serverEnv, PORT: String(REQUIRED_PORT), PROPGUARD_HOME: requiredHome, AUTH_MODE: 'required' },
      timeout: 240_000,
      reuseExistingServer: !isCi,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
