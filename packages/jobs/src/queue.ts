/**
 * The PostgreSQL job queue (DATABASE_URL set): pg-boss@10 (STACK.md item 9) in the same database.
 * One queue job per chunk. A chunk that throws is retried with exponential backoff; a worker that
 * dies mid-chunk (SIGKILL, a lost machine) holds its job only until the lease (`expireInSeconds`)
 * runs out: pg-boss's maintenance then expires it and it is fetched again by another worker. The
 * chunk's writes are idempotent, so the second run leaves every loan exactly once.
 */
import os from 'node:os';
import PgBoss from 'pg-boss';
import { failChunk, findPortfolio, getPortfolioState, recordWorkerHeartbeat, type Database, type SubjectLookups } from '@propguard/db';
import type { ChunkRange } from '@propguard/engines';
import { isPortfolioFinished } from '@propguard/schemas';
import type { LoanAssessor } from './assess-loans.ts';
import { HEARTBEAT_MS } from './embedded-executor.ts';
import { finishPortfolioIfDone, runPortfolioChunk } from './run-chunk.ts';

export const PORTFOLIO_QUEUE = 'portfolio-chunks';

/** Queue settings; tests shorten the lease and the maintenance interval to see a lost chunk come back within seconds. */
export interface QueueSettings {
  /** How long a worker holds a chunk before it is given to another (seconds). */
  leaseSeconds: number;
  retryLimit: number;
  retryDelaySeconds: number;
  /** How often pg-boss expires leases and tidies up (seconds). */
  maintenanceSeconds: number;
  pollingSeconds: number;
}

export const DEFAULT_QUEUE_SETTINGS: QueueSettings = { leaseSeconds: 60, retryLimit: 4, retryDelaySeconds: 2, maintenanceSeconds: 15, pollingSeconds: 0.5 };

interface ChunkJob {
  portfolioId: string;
  chunk: ChunkRange;
}

export async function startBoss(databaseUrl: string, settings: QueueSettings = DEFAULT_QUEUE_SETTINGS): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 3, maintenanceIntervalSeconds: settings.maintenanceSeconds, application_name: 'propguard-jobs' });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.createQueue(PORTFOLIO_QUEUE, { name: PORTFOLIO_QUEUE, retryLimit: settings.retryLimit, retryDelay: settings.retryDelaySeconds, retryBackoff: true, expireInSeconds: settings.leaseSeconds });
  return boss;
}

/** Queues every chunk of a portfolio (one job each; a chunk queued twice runs twice, harmlessly). */
export async function enqueuePortfolioChunks(boss: PgBoss, portfolioId: string, chunks: readonly ChunkRange[], settings: QueueSettings = DEFAULT_QUEUE_SETTINGS): Promise<void> {
  for (let start = 0; start < chunks.length; start += 500) {
    await boss.insert(
      chunks.slice(start, start + 500).map((chunk) => ({
        name: PORTFOLIO_QUEUE,
        data: { portfolioId, chunk } satisfies ChunkJob,
        retryLimit: settings.retryLimit,
        retryDelay: settings.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: settings.leaseSeconds,
      })),
    );
  }
}

export interface QueueWorkerOptions {
  database: Database;
  boss: PgBoss;
  lookups: SubjectLookups;
  assessor: LoanAssessor;
  kind: 'threads' | 'process';
  settings?: QueueSettings;
  /** Chunks this worker runs at once (default: its assessor's threads). */
  concurrency?: number;
  onChunk?: (portfolioId: string, chunk: ChunkRange, result: { loans: number; errors: number }) => void;
  onError?: (error: unknown) => void;
}

export interface QueueWorker {
  workerId: string;
  stop(): Promise<void>;
}

/**
 * Works the queue: each job is a chunk. A cancelled portfolio's chunks are acknowledged without
 * work. The last attempt of a failing chunk marks it failed (the other chunks go on).
 */
export async function startQueueWorker(options: QueueWorkerOptions): Promise<QueueWorker> {
  const settings = options.settings ?? DEFAULT_QUEUE_SETTINGS;
  const workerId = `${os.hostname()}:${process.pid}:${options.kind}`;
  const startedAt = new Date().toISOString();
  const beat = async () => {
    try {
      await recordWorkerHeartbeat(options.database, { id: workerId, host: os.hostname(), pid: process.pid, kind: options.kind, threads: options.assessor.threads, startedAt }, new Date().toISOString());
    } catch (error) {
      options.onError?.(error);
    }
  };
  await beat();
  const heartbeat = setInterval(() => void beat(), HEARTBEAT_MS);
  heartbeat.unref();
  const context = { database: options.database, lookups: options.lookups, assessor: options.assessor, workerId };
  const handle = async (job: { data: ChunkJob; retryCount?: number; retryLimit?: number }) => {
    const { portfolioId, chunk } = job.data;
    const state = await getPortfolioState(options.database, portfolioId);
    if (state === null || isPortfolioFinished(state)) return;
    try {
      const result = await runPortfolioChunk(context, portfolioId, chunk);
      options.onChunk?.(portfolioId, chunk, result);
    } catch (error) {
      if ((job.retryCount ?? 0) >= (job.retryLimit ?? settings.retryLimit)) await failChunk(options.database, portfolioId, chunk.index, (error as Error).message, new Date().toISOString());
      else throw error;
    }
    const portfolio = await findPortfolio(options.database, portfolioId);
    if (portfolio) await finishPortfolioIfDone(options.database, portfolio, new Date().toISOString());
  };
  const concurrency = Math.max(1, options.concurrency ?? options.assessor.threads);
  const workIds: string[] = [];
  for (let lane = 0; lane < concurrency; lane += 1) {
    workIds.push(
      await options.boss.work<ChunkJob>(PORTFOLIO_QUEUE, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: settings.pollingSeconds }, async (jobs) => {
        for (const job of jobs) await handle(job as unknown as { data: ChunkJob; retryCount?: number; retryLimit?: number });
      }),
    );
  }
  return {
    workerId,
    stop: async () => {
      clearInterval(heartbeat);
      for (const id of workIds) await options.boss.offWork({ id }).catch(() => undefined);
    },
  };
}
