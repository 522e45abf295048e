import { spawn, type ChildProcess } from 'node:child_process';
import { hostname } from 'node:os';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countPortfolioLoans, deletePortfolio, findPortfolio, openDatabase, type Database } from '@propguard/db';
import { planChunks } from '@propguard/engines';
import { enqueuePortfolioChunks, ingestPortfolioCsv, startBoss, DEFAULT_QUEUE_SETTINGS, type QueueSettings } from '@propguard/jobs';
import { CLIMATE_OUTLOOK } from '@propguard/schemas';
import { REPO_ROOT } from '../src/config.ts';
import { getApiSkipReason } from './test-app.ts';
import { getTestDbKind, TEST_DATABASE_URL, TEST_HOME } from './test-database.ts';

/**
 * Issue 15's fault test, on the PostgreSQL server: two `propguard worker` processes work one
 * portfolio; one is killed with SIGKILL while it holds a chunk. Its chunk's lease runs out, the
 * other worker runs it again, and every loan appears exactly once in the results. The same for a
 * `propguard portfolio run` killed mid-book: a worker finishes it.
 */
const QUEUE: QueueSettings = { ...DEFAULT_QUEUE_SETTINGS, leaseSeconds: 4, maintenanceSeconds: 1, retryDelaySeconds: 1 };
const COPIES = 20;
const CHUNK_SIZE = 20;

function bookOfCopies(): string {
  const [header, ...rows] = readFileSync(new URL('./fixtures/loan-book-30.csv', import.meta.url), 'utf8').trim().split('\n');
  const lines = [header!];
  for (let copy = 1; copy <= COPIES; copy += 1) for (const row of rows) lines.push(row.replace(/^([^,]+),/, `$1-${copy},`));
  return `${lines.join('\n')}\n`;
}

function startWorker(): { child: ChildProcess; output: string[]; ready: Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/cli/src/main.ts', 'worker'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: TEST_DATABASE_URL, PROPGUARD_HOME: TEST_HOME, PORTFOLIO_LEASE_SECONDS: String(QUEUE.leaseSeconds), PORTFOLIO_QUEUE_MAINTENANCE_SECONDS: String(QUEUE.maintenanceSeconds) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (data: Buffer) => {
      output.push(data.toString());
      if (output.join('').includes(' ready (loaded in ')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before it was ready: ${output.join('').slice(-500)}`)));
  });
  return { child, output, ready };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(getApiSkipReason() !== null || getTestDbKind() !== 'postgres')('portfolio fault test (PostgreSQL): a worker killed mid-chunk loses no loan and duplicates none', () => {
  let database: Database;
  const workers: Array<ReturnType<typeof startWorker>> = [];
  let portfolioId: string | null = null;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: TEST_DATABASE_URL, homeDir: TEST_HOME });
  });
  afterAll(async () => {
    for (const worker of workers) if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
    // The suite's database is shared by the other test files: the book is removed after the checks.
    if (portfolioId) await deletePortfolio(database, portfolioId);
    await database?.close();
  });

  it('runs every loan exactly once after SIGKILL of one of two workers', { timeout: 300_000 }, async () => {
    const book = bookOfCopies();
    const loans = book.trim().split('\n').length - 1;
    const { portfolio } = await ingestPortfolioCsv(database, Readable.from([book]), { name: 'fault test', source: 'cli', workspaceId: null, executor: 'queue', outlook: CLIMATE_OUTLOOK, chunkSize: CHUNK_SIZE });
    expect(portfolio).not.toBeNull();
    const id = portfolio!.id;
    portfolioId = id;

    workers.push(startWorker(), startWorker());
    await Promise.all(workers.map((worker) => worker.ready));
    const [victim] = workers;
    const victimId = `${hostname()}:${victim!.child.pid}:process`;

    const boss = await startBoss(TEST_DATABASE_URL, QUEUE);
    try {
      await enqueuePortfolioChunks(boss, id, planChunks(loans, CHUNK_SIZE), QUEUE);
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }

    // Kill the victim while it holds a chunk (after it finished at least one, so it is mid-job).
    let held: { chunk_index: number } | undefined;
    for (let tries = 0; tries < 6000 && !held; tries += 1) {
      const rows = await database.query<{ chunk_index: number }>(`SELECT chunk_index FROM portfolio_chunks WHERE portfolio_id = $1 AND worker_id = $2 AND state = 'running'`, [id, victimId]);
      const [done] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM portfolio_chunks WHERE portfolio_id = $1 AND worker_id = $2 AND state = 'done'`, [id, victimId]);
      if (rows[0] && done!.n >= 1) held = rows[0];
      else await sleep(10);
    }
    expect(held, 'the victim never held a chunk').toBeDefined();
    const exited = new Promise((resolve) => victim!.child.once('exit', resolve));
    victim!.child.kill('SIGKILL');
    // A commit the victim had already sent still lands after the kill (the server finishes it): the
    // chunk's state at the kill is read once the process is gone and such a commit has had time to land,
    // well within the 4 s lease after which another worker may take the chunk again.
    await exited;
    await sleep(500);
    const [atKill] = await database.query<{ state: string }>(`SELECT state FROM portfolio_chunks WHERE portfolio_id = $1 AND chunk_index = $2`, [id, held!.chunk_index]);

    let state = '';
    for (let tries = 0; tries < 240 && state !== 'completed' && state !== 'failed'; tries += 1) {
      await sleep(500);
      state = (await findPortfolio(database, id))!.state;
    }
    expect(state).toBe('completed');
    expect(await countPortfolioLoans(database, id)).toEqual({ stored: loans, assessed: loans, distinctRows: loans });
    const [chunk] = await database.query<{ state: string; attempts: number; worker_id: string }>(`SELECT state, attempts, worker_id FROM portfolio_chunks WHERE portfolio_id = $1 AND chunk_index = $2`, [id, held!.chunk_index]);
    expect(chunk!.state).toBe('done');
    if (atKill!.state === 'running') {
      // The killed chunk was run again by the other worker after its lease expired.
      expect(chunk!.attempts).toBeGreaterThanOrEqual(2);
      expect(chunk!.worker_id).not.toBe(victimId);
    }
    const [sums] = await database.query<{ loans: number }>(`SELECT sum(loans)::int AS loans FROM portfolio_chunks WHERE portfolio_id = $1`, [id]);
    expect(sums!.loans).toBe(loans);
  });

  it('finishes the book of a `propguard portfolio run` killed with SIGKILL: its chunks come back from the queue to a worker', { timeout: 300_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'propguard-run-'));
    const book = join(dir, 'book.csv');
    writeFileSync(book, bookOfCopies());
    const loans = bookOfCopies().trim().split('\n').length - 1;
    const name = `killed run ${Date.now()}`;
    const run = spawn(process.execPath, ['--import', 'tsx', 'apps/cli/src/main.ts', 'portfolio', 'run', '--csv', book, '--out', join(dir, 'out.csv'), '--threads', '0', '--name', name], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: TEST_DATABASE_URL, PROPGUARD_HOME: TEST_HOME, PORTFOLIO_LEASE_SECONDS: String(QUEUE.leaseSeconds), PORTFOLIO_QUEUE_MAINTENANCE_SECONDS: String(QUEUE.maintenanceSeconds) },
      stdio: 'ignore',
    });
    let id: string | undefined;
    try {
      // Kill it once its book is stored and a chunk of it is running.
      for (let tries = 0; tries < 6000 && !id; tries += 1) {
        const [row] = await database.query<{ id: string }>(`SELECT p.id FROM portfolios p JOIN portfolio_chunks c ON c.portfolio_id = p.id WHERE p.name = $1 AND c.state = 'running' LIMIT 1`, [name]);
        if (row) id = row.id;
        else await sleep(10);
      }
      expect(id, 'the run never started a chunk').toBeDefined();
      run.kill('SIGKILL');
      workers.push(startWorker());
      await workers.at(-1)!.ready;
      let state = '';
      for (let tries = 0; tries < 240 && state !== 'completed' && state !== 'failed'; tries += 1) {
        await sleep(500);
        state = (await findPortfolio(database, id!))!.state;
      }
      expect(state).toBe('completed');
      expect(await countPortfolioLoans(database, id!)).toEqual({ stored: loans, assessed: loans, distinctRows: loans });
    } finally {
      if (run.exitCode === null) run.kill('SIGKILL');
      if (id) await deletePortfolio(database, id);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
