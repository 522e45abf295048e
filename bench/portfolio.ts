/**
 * `npm run bench:portfolio` (issue 15): a synthetic loan book of BENCH_LOANS (default 50,000)
 * loans built from our real sales (bench/portfolio-book.ts), run end to end (CSV streamed in and
 * stored, every loan placed, valued, hazard-assessed today and in 2050, through the lending rules,
 * results written) and timed:
 *   - embedded: 1 and 2 worker threads (piscina) in this process, on the configured database;
 *   - PostgreSQL (BENCH_DATABASE_URL, else DATABASE_URL; skipped with a reason when neither
 *     answers): 1 and 2 `propguard worker` processes on the pg-boss queue.
 * Loading (model, sales index, hazard layers; each thread or process holds its own copy) is
 * timed apart and left out of loans/s; each pool is warmed on one chunk first. Target: 2,000
 * loans/s per core embedded.
 */
import { spawn } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { Readable } from 'node:stream';
import { deletePortfolio, findPortfolio, openDatabase, type Database } from '@propguard/db';
import { planChunks } from '@propguard/engines';
import { createThreadPoolAssessor, EmbeddedExecutor, enqueuePortfolioChunks, ingestPortfolioCsv, loadPortfolioRuntime, startBoss, DEFAULT_QUEUE_SETTINGS } from '@propguard/jobs';
import { CLIMATE_OUTLOOK } from '@propguard/schemas';
import { loadConfig, REPO_ROOT } from '../apps/server/src/config.ts';
import { buildSyntheticBook, buildUnseenAddressBook } from './portfolio-book.ts';

const LOANS = Number(process.env.BENCH_LOANS ?? 50_000);
/** BENCH_BOOK=unseen: a book of addresses that are not in our sales (issue 28.8), else securities drawn from our sales. */
const BOOK_KIND = process.env.BENCH_BOOK === 'unseen' ? 'unseen' : 'sales';
const config = loadConfig(process.env);
const rate = (loans: number, ms: number) => Math.round(loans / (ms / 1000)).toLocaleString('en-AU');

async function ingest(database: Database, book: string, executor: 'threads' | 'queue', name: string) {
  const { portfolio, validation } = await ingestPortfolioCsv(database, Readable.from([book]), { name, source: 'cli', workspaceId: null, executor, outlook: CLIMATE_OUTLOOK, maxRows: Infinity, maxBytes: Infinity });
  if (!portfolio) throw new Error(`the book was refused: ${validation.problems.join('; ')}`);
  return portfolio;
}

async function benchEmbedded(database: Database, book: string, warmBook: string): Promise<void> {
  const loadStarted = performance.now();
  const runtime = await loadPortfolioRuntime(database, { modelPath: config.valuationModelPath, dataDir: config.dataDir, outlook: CLIMATE_OUTLOOK });
  console.log(`embedded: model, sales index and hazard layers loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s (main thread)`);
  for (const threads of [1, 2]) {
    const warmStarted = performance.now();
    const executor = new EmbeddedExecutor({ database, lookups: runtime.lookups, assessor: createThreadPoolAssessor(runtime.threadData, threads) });
    const warm = await ingest(database, warmBook, 'threads', 'bench warm-up');
    await executor.kick();
    await deletePortfolio(database, warm.id);
    const warmSeconds = (performance.now() - warmStarted) / 1000;
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const portfolio = await ingest(database, book, 'threads', `bench ${threads} thread(s)`);
    const storedMs = performance.now() - started;
    await executor.kick();
    const totalMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuStarted);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const record = await findPortfolio(database, portfolio.id);
    await executor.close();
    console.log(
      `embedded, ${threads} worker thread(s): ${LOANS.toLocaleString('en-AU')} loans in ${(totalMs / 1000).toFixed(1)} s = ${rate(LOANS, totalMs)} loans/s end to end ` +
        `(upload stored in ${(storedMs / 1000).toFixed(1)} s; ${rate(LOANS, totalMs - storedMs)} loans/s running; state ${record?.state}; threads warmed up in ${warmSeconds.toFixed(1)} s); ` +
        `CPU ${(cpuMs / 1000).toFixed(1)} s in all threads = ${rate(LOANS, cpuMs)} loans per CPU-second; load average ${loadavg()[0]!.toFixed(1)}`,
    );
    await deletePortfolio(database, portfolio.id);
  }
}

function startWorker(databaseUrl: string): Promise<() => void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/cli/src/main.ts', 'worker'], { cwd: REPO_ROOT, env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (data: Buffer) => {
      output += data.toString();
      if (output.includes(' ready (loaded in ')) resolve(() => child.kill('SIGTERM'));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`worker exited (${code}): ${output.slice(-400)}`)));
  });
}

async function benchQueue(databaseUrl: string, book: string): Promise<void> {
  const database = await openDatabase({ databaseUrl, homeDir: config.homeDir });
  try {
    for (const processes of [1, 2]) {
      const loadStarted = performance.now();
      const stops = await Promise.all(Array.from({ length: processes }, () => startWorker(databaseUrl)));
      const loadSeconds = (performance.now() - loadStarted) / 1000;
      const boss = await startBoss(databaseUrl, DEFAULT_QUEUE_SETTINGS);
      const started = performance.now();
      const portfolio = await ingest(database, book, 'queue', `bench ${processes} process(es)`);
      const storedMs = performance.now() - started;
      await enqueuePortfolioChunks(boss, portfolio.id, planChunks(portfolio.totalLoans, portfolio.chunkSize));
      let state = 'queued';
      while (state === 'queued' || state === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 250));
        state = (await findPortfolio(database, portfolio.id))!.state;
      }
      const totalMs = performance.now() - started;
      console.log(
        `PostgreSQL, ${processes} worker process(es): ${LOANS.toLocaleString('en-AU')} loans in ${(totalMs / 1000).toFixed(1)} s = ${rate(LOANS, totalMs)} loans/s end to end ` +
          `(upload stored in ${(storedMs / 1000).toFixed(1)} s; state ${state}; workers loaded in ${loadSeconds.toFixed(1)} s)`,
      );
      for (const stop of stops) stop();
      await boss.stop({ graceful: false, wait: true });
      await deletePortfolio(database, portfolio.id);
    }
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  console.log(`Portfolio benchmark: ${LOANS.toLocaleString('en-AU')} loans ${BOOK_KIND === 'unseen' ? 'at addresses not in our sales (an address line, street and suburb columns, or coordinates alone; no attributes)' : 'from our sales'}; ${availableParallelism()} cores; load average ${loadavg().map((value) => value.toFixed(1)).join(' ')}`);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, homeDir: config.homeDir });
  let book: string;
  let warmBook: string;
  try {
    book = BOOK_KIND === 'unseen' ? await buildUnseenAddressBook(database, LOANS) : await buildSyntheticBook(database, LOANS);
    warmBook = await buildSyntheticBook(database, 100, 7);
    console.log(`book: ${(Buffer.byteLength(book) / 1024 / 1024).toFixed(1)} MB of CSV`);
    if (database.kind === 'pglite') await benchEmbedded(database, book, warmBook);
    else console.log('embedded: skipped (DATABASE_URL points at a server; unset it to measure the embedded database)');
  } finally {
    await database.close();
  }
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? config.databaseUrl;
  if (!databaseUrl) {
    console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL to a loaded PropGuard database on a server)');
    return;
  }
  await benchQueue(databaseUrl, book);
}

await main();
