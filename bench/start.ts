/**
 * `npm run bench:start`: how long a newcomer waits (issue 32). Runs what `npm start` runs
 * (scripts/start.mjs: the server bundled, then started while the web app's build is checked beside it;
 * a fresh clone's `npm ci` built it, scripts/postinstall.mjs) on a fresh, empty PROPGUARD_HOME (a temporary directory: every bundled data set
 * loaded), prints each line it prints with the seconds since launch, times the first analysis after
 * "ready" and one during the work the server leaves to after ready, waits for that work, then stops it
 * and starts it again on the same directory (a restart: nothing reloaded, the web app's build skipped)
 * and times that. Both figures count from the launch, the builds included.
 *
 *   npm run bench:start
 *   npm run bench:start -- --restart-only --home .propguard   # restart an existing database only
 *
 * Targets (issue 32, 2-core machine): first start at most 60 s with another build beside it and 30 s
 * quiet; a restart at most 10 s; the first analysis after ready under 1 s.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    home: { type: 'string' },
    'restart-only': { type: 'boolean', default: false },
    port: { type: 'string', default: '4612' },
  },
});
const PORT = Number(args.port);
const ADDRESS = '85 Turner St, Abbotsford VIC 3067';

interface StartRun {
  readySeconds: number;
  firstAnalysisMs: number;
  /** First start only: an analysis asked 1.5 s after ready, while the work left to after ready runs. */
  duringBackgroundMs?: number;
  /** First start only: seconds from ready until the work left to after ready is done. */
  backgroundSeconds?: number;
}

/** The lines that say the start's work after ready is done: the address index's and the data's (apps/server/src/context.ts). */
const BACKGROUND_DONE = [/^address index: .* after the server was ready$/, /^data: .* after the server was ready$/];

async function analyse(): Promise<{ status: number; ms: number }> {
  const asked = performance.now();
  const response = await fetch(`http://127.0.0.1:${PORT}/api/valuations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address: ADDRESS }) });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - asked };
}

/**
 * Starts the server on `home`, echoes its lines with timestamps, values one address after ready and,
 * with `background`, another during the work left to after ready and waits for that work (so that a
 * restart finds nothing left to do); then stops it.
 */
async function timeStart(label: string, home: string, background: boolean, forceWebBuild: boolean): Promise<StartRun> {
  console.log(`\n== ${label} (PROPGUARD_HOME=${home}, load average ${loadavg()[0]!.toFixed(1)})`);
  const launched = performance.now();
  // What `npm start` runs (scripts/start.mjs: the server's bundle made, then the server started while the web app builds beside it).
  const server = spawn(process.execPath, ['scripts/start.mjs', ...(forceWebBuild ? ['--force-web'] : [])], {
    env: { ...process.env, PROPGUARD_HOME: home, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const seconds = () => ((performance.now() - launched) / 1000).toFixed(1).padStart(6);
  let readyAt = 0;
  let markBackgroundDone = () => undefined as void;
  const backgroundDone = new Promise<void>((resolve) => (markBackgroundDone = resolve));
  const seen = new Set<number>();
  const ready = new Promise<number>((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready`)));
    createInterface({ input: server.stdout! }).on('line', (line) => {
      if (line.trim() === '') return;
      console.log(`${seconds()} s  ${line}`);
      if (line.startsWith('PropGuard is ready')) {
        readyAt = performance.now();
        resolve((readyAt - launched) / 1000);
      }
      BACKGROUND_DONE.forEach((pattern, place) => pattern.test(line) && seen.add(place));
      if (seen.size === BACKGROUND_DONE.length) markBackgroundDone();
    });
  });
  try {
    const readySeconds = await ready;
    const first = await analyse();
    console.log(`${seconds()} s  first analysis (${ADDRESS}): ${first.status} in ${first.ms.toFixed(0)} ms`);
    if (!background) return { readySeconds, firstAnalysisMs: first.ms };
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, readyAt + 1_500 - performance.now())));
    const during = await analyse();
    console.log(`${seconds()} s  an analysis during the work after ready: ${during.status} in ${during.ms.toFixed(0)} ms`);
    const waited = await Promise.race([backgroundDone.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 120_000))]);
    const backgroundSeconds = (performance.now() - readyAt) / 1000;
    console.log(`${seconds()} s  ${waited ? 'the work after ready is done' : 'the work after ready did not end within 120 s'}`);
    return { readySeconds, firstAnalysisMs: first.ms, duringBackgroundMs: during.ms, backgroundSeconds };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

async function main(): Promise<void> {
  const ownHome = args.home === undefined;
  const home = args.home ?? mkdtempSync(path.join(tmpdir(), 'propguard-bench-start-'));
  const results: string[] = [];
  try {
    if (!args['restart-only']) {
      // As on a fresh clone: its `npm ci` built the web app (scripts/postinstall.mjs), so npm start finds the build current.
      const first = await timeStart('first start (empty database: every bundled data set loaded; the web app built by npm ci)', home, true, false);
      results.push(`first start: ready ${first.readySeconds.toFixed(1)} s after npm start's launch, its builds included (target 30 s quiet, 60 s beside another build); first analysis ${first.firstAnalysisMs.toFixed(0)} ms (target 1,000 ms)`);
      results.push(`  the work left to after ready (indexes, suburb polygons, statistics, address index) done ${first.backgroundSeconds!.toFixed(1)} s after ready; an analysis during it ${first.duringBackgroundMs!.toFixed(0)} ms`);
    }
    // A restart's `npm start` bundles the server again; the web app's build is skipped (nothing changed: scripts/build-web.mjs).
    const again = await timeStart('restart (nothing reloaded)', home, false, false);
    results.push(`restart: ready ${again.readySeconds.toFixed(1)} s after npm start's launch, its builds included (target 10 s); first analysis ${again.firstAnalysisMs.toFixed(0)} ms (target 1,000 ms)`);
  } finally {
    if (ownHome) rmSync(home, { recursive: true, force: true });
  }
  console.log(`\n== bench:start, load average now ${loadavg().map((value) => value.toFixed(1)).join(' ')}`);
  for (const line of results) console.log(`  ${line}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
