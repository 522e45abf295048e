/**
 * Portfolio revaluation from the command line (issue 15):
 *   propguard portfolio run --csv IN --out OUT [--threads N]   store, run here on worker threads, write the results
 *   propguard portfolio submit --csv IN [--name N]              store and queue; prints the id
 *   propguard portfolio status ID                               progress as JSON
 *   propguard portfolio results ID --out OUT                    the results CSV
 *   propguard worker [--concurrency N]                          work the PostgreSQL queue until stopped
 * The loans go through the server's code path (packages/jobs: resolveSubject, then
 * assessPortfolioLoan of packages/engines).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { findPortfolio, getPortfolioState, type Database } from '@propguard/db';
import { planChunks } from '@propguard/engines';
import {
  createThreadPoolAssessor,
  defaultPortfolioName,
  EmbeddedExecutor,
  enqueuePortfolioChunks,
  getPortfolioStatus,
  inProcessAssessor,
  ingestPortfolioCsv,
  loadPortfolioRuntime,
  portfolioResultsCsv,
  startBoss,
  startQueueWorker,
  type QueueSettings,
} from '@propguard/jobs';
import { AppError, CLIMATE_OUTLOOK, isPortfolioFinished, type PortfolioState, type PortfolioValidationReport } from '@propguard/schemas';

export interface PortfolioCliEnv {
  databaseUrl: string | undefined;
  dataDir: string;
  modelPath: string;
  queue: QueueSettings;
}

function describeRefusal(validation: PortfolioValidationReport): string {
  return `the file cannot run: ${validation.problems.join('; ')}`;
}

async function writeResults(database: Database, id: string, out: string): Promise<number> {
  const record = await findPortfolio(database, id);
  if (!record) throw new AppError('NOT_FOUND', `no portfolio ${id}`, { field: 'id' });
  const stream = createWriteStream(out);
  let lines = -1;
  for await (const text of portfolioResultsCsv(database, record)) {
    lines += text.split('\n').length - 1;
    if (!stream.write(text)) await once(stream, 'drain');
  }
  stream.end();
  await once(stream, 'finish');
  return lines;
}

/**
 * `portfolio run`: in this process, on `threads` worker threads. On the embedded database the
 * embedded executor runs the chunks. On PostgreSQL the chunks go on the queue and this process
 * works it like a `propguard worker` until its book is finished: if it is killed, its chunks come
 * back when their leases expire and the other workers (or the server's) finish the book, so it
 * never stays "running" for ever.
 */
export async function runPortfolioRun(database: Database, env: PortfolioCliEnv, options: { csv: string; out: string; threads: number; name?: string }, print: (line: string) => void): Promise<number> {
  const started = performance.now();
  const runtime = await loadPortfolioRuntime(database, { modelPath: env.modelPath, dataDir: env.dataDir, outlook: CLIMATE_OUTLOOK });
  const loadedAt = performance.now();
  const onQueue = database.kind === 'postgres' && env.databaseUrl !== undefined;
  const { portfolio, validation } = await ingestPortfolioCsv(database, createReadStream(options.csv), {
    name: options.name ?? path.basename(options.csv),
    source: 'cli',
    workspaceId: null,
    executor: onQueue ? 'queue' : 'threads',
    outlook: CLIMATE_OUTLOOK,
    maxRows: Number.POSITIVE_INFINITY,
    maxBytes: Number.POSITIVE_INFINITY,
  });
  if (!portfolio) throw new AppError('VALIDATION_ERROR', describeRefusal(validation), { field: 'csv' });
  const storedAt = performance.now();
  const assessor = options.threads > 0 ? createThreadPoolAssessor(runtime.threadData, options.threads) : inProcessAssessor(runtime.engine);
  if (onQueue) {
    const boss = await startBoss(env.databaseUrl!, env.queue);
    const worker = await startQueueWorker({ database, boss, lookups: runtime.lookups, assessor, kind: 'process', settings: env.queue, concurrency: Math.max(1, options.threads) + 1 });
    try {
      await enqueuePortfolioChunks(boss, portfolio.id, planChunks(portfolio.totalLoans, portfolio.chunkSize), env.queue);
      for (let state: PortfolioState = portfolio.state; !isPortfolioFinished(state); state = (await getPortfolioState(database, portfolio.id)) ?? 'failed') {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      await worker.stop();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await assessor.close();
    }
  } else {
    const executor = new EmbeddedExecutor({ database, lookups: runtime.lookups, assessor });
    try {
      await executor.kick();
    } finally {
      await executor.close();
    }
  }
  const ranAt = performance.now();
  const record = (await findPortfolio(database, portfolio.id))!;
  const status = await getPortfolioStatus(database, record);
  const lines = await writeResults(database, portfolio.id, options.out);
  const seconds = (ranAt - loadedAt) / 1000;
  print(
    `Portfolio ${portfolio.id}: ${status.loans.done.toLocaleString('en-AU')} of ${status.loans.total.toLocaleString('en-AU')} loans assessed (${status.loans.errors} with an error), ${status.state}; ` +
      `${Math.round(status.loans.total / Math.max(seconds, 1e-9)).toLocaleString('en-AU')} loans/s end to end on ${options.threads || 'no'} worker thread(s) ` +
      `(stored in ${((storedAt - loadedAt) / 1000).toFixed(1)} s, run in ${((ranAt - storedAt) / 1000).toFixed(1)} s; loading took ${((loadedAt - started) / 1000).toFixed(1)} s) -> ${options.out} (${lines.toLocaleString('en-AU')} rows)`,
  );
  if (validation.rowErrorCount > 0) print(`${validation.rowErrorCount} row(s) could not be read; first: ${validation.rowErrors.slice(0, 3).map((error) => `row ${error.row} ${error.field}: ${error.message}`).join('; ')}`);
  return status.state === 'completed' ? 0 : 1;
}

/** `portfolio submit`: stores and queues; on PostgreSQL the chunks go to the pg-boss queue for `propguard worker`s. */
export async function runPortfolioSubmit(database: Database, env: PortfolioCliEnv, options: { csv: string; name?: string }, print: (line: string) => void): Promise<number> {
  const isQueue = database.kind === 'postgres';
  const { portfolio, validation } = await ingestPortfolioCsv(database, createReadStream(options.csv), {
    name: options.name ?? (path.basename(options.csv) || defaultPortfolioName(new Date())),
    source: 'cli',
    workspaceId: null,
    executor: isQueue ? 'queue' : 'threads',
    outlook: CLIMATE_OUTLOOK,
    maxRows: Number.POSITIVE_INFINITY,
    maxBytes: Number.POSITIVE_INFINITY,
  });
  if (!portfolio) throw new AppError('VALIDATION_ERROR', describeRefusal(validation), { field: 'csv' });
  if (isQueue) {
    const boss = await startBoss(env.databaseUrl!, env.queue);
    try {
      await enqueuePortfolioChunks(boss, portfolio.id, planChunks(portfolio.totalLoans, portfolio.chunkSize), env.queue);
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  }
  print(portfolio.id);
  return 0;
}

export async function runPortfolioStatus(database: Database, id: string, print: (line: string) => void): Promise<number> {
  const record = await findPortfolio(database, id);
  if (!record) throw new AppError('NOT_FOUND', `no portfolio ${id}`, { field: 'id' });
  print(JSON.stringify(await getPortfolioStatus(database, record), null, 2));
  return 0;
}

export async function runPortfolioResults(database: Database, id: string, out: string, print: (line: string) => void): Promise<number> {
  const lines = await writeResults(database, id, out);
  print(`Wrote ${lines.toLocaleString('en-AU')} loans of portfolio ${id} -> ${out}`);
  return 0;
}

/**
 * `propguard worker`: a worker process on the PostgreSQL queue. Loads the model, sales index and
 * hazard layers once, then runs chunks until SIGINT or SIGTERM.
 */
export async function runWorker(database: Database, env: PortfolioCliEnv, options: { concurrency: number }, print: (line: string) => void): Promise<number> {
  if (database.kind !== 'postgres' || !env.databaseUrl) throw new AppError('VALIDATION_ERROR', 'propguard worker needs DATABASE_URL: the queue lives in a PostgreSQL server (the embedded database runs portfolios on the server\'s own threads)', { field: 'DATABASE_URL' });
  const runtime = await loadPortfolioRuntime(database, { modelPath: env.modelPath, dataDir: env.dataDir, outlook: CLIMATE_OUTLOOK });
  const boss = await startBoss(env.databaseUrl, env.queue);
  const worker = await startQueueWorker({
    database,
    boss,
    lookups: runtime.lookups,
    assessor: inProcessAssessor(runtime.engine),
    kind: 'process',
    settings: env.queue,
    concurrency: options.concurrency,
    onChunk: (portfolioId, chunk, result) => print(`chunk ${chunk.index} of ${portfolioId}: ${result.loans} loans (${result.errors} errors)`),
    onError: (error) => print(`worker error: ${(error as Error).message}`),
  });
  print(`Worker ${worker.workerId} on ${os.hostname()} ready (loaded in ${(runtime.loadMs / 1000).toFixed(1)} s); stop with Ctrl-C`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await worker.stop();
  await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  print('Worker stopped.');
  return 0;
}
