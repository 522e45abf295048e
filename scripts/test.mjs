#!/usr/bin/env node
// `npm test`: every test of the project, in order, on a fresh machine.
//   1. installs Debian's Chromium for the browser tests when /usr/bin/chromium is missing;
//   1b. beside steps 2 and 3, loads the API suites' data (apps/server/test/fixture-data.ts: a few
//      thousand real sales and the places the tests name) into their databases (copying the embedded
//      one for the browser stage's two servers), and every bundled data set into the full-data
//      stage's (propguard_full_data beside the PostgreSQL test database, kept between runs; the
//      embedded one without a server) (apps/server/test/prepare-test-databases.ts; a no-op when
//      loaded), a single-core job of one to two minutes on a fresh clone;
//   2. typecheck and lint (including the architecture rules);
//   3. unit tests (engines, schemas, web helpers, database layer, CLI);
//   4. API tests through HTTP on the embedded database (PGlite), and beside them
//   5. the same API tests on the PostgreSQL server (TEST_DATABASE_URL, default
//      postgres://postgres@127.0.0.1:5432/test): skipped with the reason when no server answers,
//      a failure when CI=true. The two run at once (each suite runs its files one after another
//      in one process, so one core each; they share no directory, database or port); the
//      PostgreSQL suite's output is printed when it ends;
//   6. the full-data checks (*.full-data.test.ts: hazard sanity on the real layers, the full data's
//      counts and address index, a smoke test of valuations), started beside the stages above as
//      soon as their database is loaded, and reported after the web app's build;
//   7. browser tests (Playwright driving /usr/bin/chromium) against the built app, on servers of
//      their own loaded with the API suites' data.
// Each stage prints its duration in the summary, with the total.
// Every step runs even when an earlier one failed; the exit code is non-zero if any failed.
import { spawn, spawnSync } from 'node:child_process';
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

/** A stage in the foreground, its output printed live; awaited, so the jobs beside it go on meanwhile. */
function run(title, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n=== ${title}\n$ ${[command, ...args].join(' ')}`);
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    let settled = false;
    const settle = (ok) => {
      if (settled) return;
      settled = true;
      results.push({ title, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
      resolve(ok);
    };
    // A command that cannot start (not installed) fails its stage instead of leaving it pending.
    child.once('error', (error) => {
      console.error(`${command}: ${error.message}`);
      settle(false);
    });
    child.once('exit', (code) => settle(code === 0));
  });
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

function vitestArgs(project, file) {
  return ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
}

/** A command beside the stages that follow: its output goes to a log printed by report(). */
function startBeside(title, command, args, reportName) {
  const log = path.join(reportsDir, `${reportName}.log`);
  const started = Date.now();
  console.log(`\n=== ${title} (beside the stages that follow; its output is in ${path.relative(root, log)})\n$ ${[command, ...args].join(' ')}`);
  const out = fs.openSync(log, 'w');
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', out, out], env: process.env });
  const finished = new Promise((resolve) => child.on('exit', (code) => {
    fs.closeSync(out);
    resolve({ code, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  }));
  return {
    finished,
    /** Waits for it, prints its output and records its result. */
    report: async () => {
      const { code, seconds } = await finished;
      console.log(`\n=== ${title}: ${code === 0 ? 'done' : 'FAILED'} (${seconds} s)`);
      process.stdout.write(fs.readFileSync(log, 'utf8'));
      results.push({ title, ok: code === 0, seconds });
      return code === 0;
    },
  };
}

/**
 * A vitest run beside others: its output goes to .propguard/reports/<reportName>.log and is
 * printed in one piece when it ends, unless `live` (one stage of a group prints as it goes).
 */
function vitestBeside(title, project, reportName, env, live) {
  const file = path.join(reportsDir, `${reportName}.json`);
  const log = path.join(reportsDir, `${reportName}.log`);
  const args = vitestArgs(project, file);
  const started = Date.now();
  console.log(`\n=== ${title}${live ? '' : ` (beside another stage; its output follows when it ends, and is in ${path.relative(root, log)})`}\n$ npx ${args.join(' ')}`);
  const out = live ? 'inherit' : fs.openSync(log, 'w');
  const child = spawn('npx', args, { cwd: root, stdio: ['ignore', out, out], env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (!live) {
        fs.closeSync(out);
        console.log(`\n=== ${title}: output (${seconds} s)`);
        process.stdout.write(fs.readFileSync(log, 'utf8'));
      }
      results.push({ title, ok: code === 0, seconds });
      countVitest(file);
      resolve(code === 0);
    });
  });
}

async function ensureChromium() {
  if (fs.existsSync('/usr/bin/chromium')) return true;
  console.log("\n=== /usr/bin/chromium is missing: installing Debian's chromium for the browser tests (apt-get update && apt-get install chromium)");
  if (process.getuid && process.getuid() !== 0) {
    console.error('Not running as root: install it with `sudo apt-get install chromium` and run npm test again.');
    results.push({ title: 'install chromium', ok: false, seconds: '0' });
    return false;
  }
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  return (await run('apt-get update', 'apt-get', ['update', '-qq'], env)) && run('install chromium', 'apt-get', ['install', '-y', '-qq', 'chromium'], env);
}

const hasChromium = await ensureChromium();
// Beside the checks and the unit tests (and the API stages, if they start first): the test
// databases are loaded, then the full-data checks run on theirs.
const databases = startBeside("load the API suites' data and the full data into their databases", 'node', ['--import', 'tsx', 'apps/server/test/prepare-test-databases.ts'], 'prepare-databases');
const fullDataJson = path.join(reportsDir, 'full-data.json');
const fullData = databases.finished.then(() => startBeside('full-data checks (every bundled sale)', 'npx', vitestArgs('full-data', fullDataJson), 'full-data'));
await run('typecheck and lint (architecture rules included)', 'npm', ['run', 'check']);
const unitJson = path.join(reportsDir, 'unit.json');
await run('unit tests', 'npx', vitestArgs('unit', unitJson));
countVitest(unitJson);
await databases.report();
// The servers the API tests start as processes run the server's bundle, made now from these sources (server-process.ts).
const bundled = spawnSync('node', ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
if (bundled.status === 0) process.env.PROPGUARD_TEST_SERVER_BUNDLE = 'apps/server/dist/main.mjs';
const apiStarted = Date.now();
await Promise.all([
  vitestBeside('API tests on the embedded database (PGlite)', 'api', 'api-pglite', { PROPGUARD_TEST_DB: 'pglite' }, true),
  vitestBeside('API tests on the PostgreSQL server', 'api', 'api-postgres', { PROPGUARD_TEST_DB: 'postgres' }, false),
]);
console.log(`\n=== both API stages done in ${((Date.now() - apiStarted) / 1000).toFixed(1)} s`);

const built = await run('build the web app', 'npm', ['run', 'build']);
await (await fullData).report();
countVitest(fullDataJson);
if (built && hasChromium) {
  const file = path.join(reportsDir, 'e2e.json');
  await run('browser tests (Playwright, Debian Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_FILE: file });
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
