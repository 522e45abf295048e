#!/usr/bin/env node
// `npm test`: every test of the project, in order, on a fresh machine.
//   1. installs Debian's Chromium for the browser tests when /usr/bin/chromium is missing;
//   2. typecheck and lint (including the architecture rules);
//   3. unit tests (engines, schemas, web helpers, database layer, CLI);
//   4. API tests through HTTP on the embedded database (PGlite);
//   5. the same API tests on the PostgreSQL server (TEST_DATABASE_URL, default
//      postgres://postgres@127.0.0.1:5432/test): skipped with the reason when no server answers,
//      a failure when CI=true;
//   6. browser tests (Playwright driving /usr/bin/chromium) against the built app.
// Every step runs even when an earlier one failed; the exit code is non-zero if any failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportsDir = path.join(root, '.propguard', 'reports');
fs.rmSync(reportsDir, { recursive: true, force: true });
fs.mkdirSync(reportsDir, { recursive: true });
const isCi = process.env.CI === 'true';
const suiteStarted = Date.now();
const results = [];
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(title, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n=== ${title}\n$ ${[command, ...args].join(' ')}`);
  const outcome = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = outcome.status === 0;
  results.push({ title, ok, seconds });
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function countVitest(file) {
  const report = readJson(file);
  if (!report) return;
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function vitest(title, project, reportName, env = {}) {
  const file = path.join(reportsDir, `${reportName}.json`);
  const ok = run(title, 'npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], env);
  countVitest(file);
  return ok;
}

function ensureChromium() {
  if (fs.existsSync('/usr/bin/chromium')) return true;
  console.log("\n=== /usr/bin/chromium is missing: installing Debian's chromium for the browser tests (apt-get update && apt-get install chromium)");
  if (process.getuid && process.getuid() !== 0) {
    console.error('Not running as root: install it with `sudo apt-get install chromium` and run npm test again.');
    results.push({ title: 'install chromium', ok: false, seconds: '0' });
    return false;
  }
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  return run('apt-get update', 'apt-get', ['update', '-qq'], env) && run('install chromium', 'apt-get', ['install', '-y', '-qq', 'chromium'], env);
}

const hasChromium = ensureChromium();
run('typecheck and lint (architecture rules included)', 'npm', ['run', 'check']);
vitest('unit tests', 'unit', 'unit');
vitest('API tests on the embedded database (PGlite)', 'api', 'api-pglite', { PROPGUARD_TEST_DB: 'pglite' });
vitest('API tests on the PostgreSQL server', 'api', 'api-postgres', { PROPGUARD_TEST_DB: 'postgres' });

if (run('build the web app', 'npm', ['run', 'build']) && hasChromium) {
  const file = path.join(reportsDir, 'e2e.json');
  run('browser tests (Playwright, Debian Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_FILE: file });
  const stats = readJson(file)?.stats;
  if (stats) {
    totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    totals.failed += stats.unexpected ?? 0;
    totals.skipped += stats.skipped ?? 0;
  }
}

console.log('\n=== Summary');
for (const result of results) console.log(`${result.ok ? 'ok  ' : 'FAIL'}  ${result.title} (${result.seconds} s)`);
console.log(`total ${((Date.now() - suiteStarted) / 60000).toFixed(1)} minutes`);
const allOk = results.every((result) => result.ok);
if (isCi) console.log('(CI=true: a missing PostgreSQL server counts as a failure)');
console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(allOk && totals.failed === 0 ? 0 : 1);
