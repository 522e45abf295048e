/**
 * The embedded executor (no DATABASE_URL): the server's (or the CLI's) own process runs the
 * portfolios stored with executor "threads", chunk by chunk, placing loans on the main thread
 * (the embedded database lives there) and assessing them in a worker-thread pool. One chunk more
 * than there are threads is in flight, so the main thread's reads and writes overlap the threads'
 * work. Unfinished portfolios are taken up again at start (restart
 * safety); a failed chunk is retried with backoff, then marked failed; a cancelled portfolio
 * stops before its next chunk.
 */
import os from 'node:os';
import { failChunk, getPortfolioState, listPendingChunks, listUnfinishedPortfolios, recordWorkerHeartbeat, type Database, type PortfolioRecord, type SubjectLookups } from '@propguard/db';
import { isPortfolioFinished } from '@propguard/schemas';
import type { LoanAssessor } from './assess-loans.ts';
import { finishPortfolioIfDone, runPortfolioChunk, type ChunkContext } from './run-chunk.ts';

export const CHUNK_RETRIES = 3;
export const HEARTBEAT_MS = 10_000;

/** Backoff before retry `attempt` (1-based): 1 s, 2 s, 4 s... */
export function retryDelayMs(attempt: number, baseMs = 1000): number {
  return baseMs * 2 ** (attempt - 1);
}

export interface EmbeddedExecutorOptions {
  database: Database;
  lookups: SubjectLookups;
  assessor: LoanAssessor;
  kind?: 'threads' | 'process';
  retryBaseMs?: number;
  onError?: (error: unknown) => void;
}

export class EmbeddedExecutor {
  readonly workerId: string;
  private readonly startedAt = new Date().toISOString();
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly options: EmbeddedExecutorOptions) {
    this.workerId = `${os.hostname()}:${process.pid}:threads`;
    this.heartbeat = setInterval(() => void this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private async beat(): Promise<void> {
    if (this.closed) return;
    try {
      await recordWorkerHeartbeat(this.options.database, { id: this.workerId, host: os.hostname(), pid: process.pid, kind: this.options.kind ?? 'threads', threads: this.options.assessor.threads, startedAt: this.startedAt }, new Date().toISOString());
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  /** Looks for work; returns when everything queued so far is finished (or the executor closed). */
  kick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      await this.beat();
      do {
        this.again = false;
        for (const portfolio of await listUnfinishedPortfolios(this.options.database, 'threads')) {
          if (this.closed) return;
          await this.runPortfolio(portfolio);
        }
      } while (this.again && !this.closed);
    })()
      .catch((error: unknown) => this.options.onError?.(error))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async runPortfolio(portfolio: PortfolioRecord): Promise<void> {
    const context: ChunkContext = { database: this.options.database, lookups: this.options.lookups, assessor: this.options.assessor, workerId: this.workerId };
    const pending = await listPendingChunks(this.options.database, portfolio.id);
    let next = 0;
    const lane = async () => {
      while (next < pending.length && !this.closed) {
        const chunk = pending[next++]!;
        // Cancelled (or otherwise over, or deleted) since the run began: no further chunk.
        const state = await getPortfolioState(this.options.database, portfolio.id);
        if (state === null || isPortfolioFinished(state)) return;
        for (let attempt = 1; ; attempt += 1) {
          try {
            await runPortfolioChunk(context, portfolio.id, chunk);
            break;
          } catch (error) {
            if (attempt > CHUNK_RETRIES) {
              await failChunk(this.options.database, portfolio.id, chunk.index, (error as Error).message, new Date().toISOString());
              this.options.onError?.(error);
              break;
            }
            await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt, this.options.retryBaseMs)));
          }
        }
      }
    };
    // One lane more than there are threads: while the threads assess, the main thread reads, places
    // and writes the next chunk (the embedded database lives on the main thread), so neither waits.
    await Promise.all(Array.from({ length: Math.max(1, this.options.assessor.threads) + 1 }, lane));
    if (!this.closed) await finishPortfolioIfDone(this.options.database, portfolio, new Date().toISOString());
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    await this.running?.catch(() => undefined);
    await this.options.assessor.close();
  }
}
