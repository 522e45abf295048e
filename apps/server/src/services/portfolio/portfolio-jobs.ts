/**
 * The server's portfolio executor (issue 15), started and stopped by the scheduler
 * (src/scheduler.ts), never by a route:
 * - embedded database: an EmbeddedExecutor of packages/jobs on a piscina pool of
 *   PORTFOLIO_THREADS worker threads (0: the main thread), taking up unfinished portfolios at start;
 * - DATABASE_URL: the pg-boss queue; uploads enqueue their chunks, and the server works the queue
 *   itself too unless PORTFOLIO_SERVER_WORKER=off (then only `propguard worker` processes do).
 * Loans are placed with the server's own look-ups and assessed with its loaded model and hazard
 * layers (the same objects the API uses); threads get a copy of them once.
 */
import type { Database, PortfolioRecord } from '@propguard/db';
import { assessPortfolioLoans, planChunks } from '@propguard/engines';
import {
  createThreadPoolAssessor,
  DEFAULT_QUEUE_SETTINGS,
  EmbeddedExecutor,
  enqueuePortfolioChunks,
  startBoss,
  startQueueWorker,
  type LoanAssessor,
  type QueueSettings,
  type QueueWorker,
} from '@propguard/jobs';
import type { PgBossInstance } from './pg-boss-type.ts';
import type { ClimateOutlook } from '@propguard/schemas';
import { hazardSnapshotDir, type AppConfig } from '../../config.ts';
import type { HazardRuntimeState } from '../hazards/hazard-runtime.ts';
import type { ValuationRuntimeState } from '../valuation/valuation-runtime.ts';

/** What the executor reads of the app context (not the whole AppContext: that holds this executor). */
export interface PortfolioJobsContext {
  config: AppConfig;
  database: Database;
  valuation: ValuationRuntimeState;
  hazards: HazardRuntimeState;
  climateOutlook: ClimateOutlook;
}

export class PortfolioJobs {
  readonly mode: 'threads' | 'queue';
  private executor: EmbeddedExecutor | null = null;
  private executorMade: Promise<EmbeddedExecutor | null> | null = null;
  private boss: Promise<PgBossInstance> | null = null;
  private queueWorker: QueueWorker | null = null;
  private closed = false;
  /** The last error of the executor, for the health check. */
  lastError: string | null = null;

  constructor(private readonly context: PortfolioJobsContext) {
    this.mode = context.config.databaseUrl ? 'queue' : 'threads';
  }

  get queueSettings(): QueueSettings {
    return { ...DEFAULT_QUEUE_SETTINGS, leaseSeconds: this.context.config.portfolioLeaseSeconds, maintenanceSeconds: this.context.config.portfolioQueueMaintenanceSeconds };
  }

  /** Whether this process can assess loans (the model and hazard layers are loaded). */
  get isReady(): boolean {
    return this.context.valuation.ready && this.context.hazards.ready;
  }

  private inProcessAssessor(): LoanAssessor {
    const context = this.context;
    return {
      threads: 1,
      assess: async (placed) => {
        if (!context.valuation.ready || !context.hazards.ready) throw new Error('the valuation model or the hazard layers are not loaded');
        // Read at each chunk: the scheduler replaces the hazard context when imported flood layers change.
        return assessPortfolioLoans(placed, { model: context.valuation.runtime.model, index: context.valuation.runtime.index, hazards: context.hazards.runtime.context, outlook: context.climateOutlook });
      },
      close: async () => {},
    };
  }

  private async assessor(): Promise<LoanAssessor> {
    const threads = this.context.config.portfolioThreads;
    if (threads === 0 || !this.context.valuation.ready || !this.context.hazards.ready) return this.inProcessAssessor();
    // The records the server's own index was built from: the threads value exactly as the main thread does.
    const sales = [...this.context.valuation.runtime.sales];
    return createThreadPoolAssessor(
      { modelPath: this.context.config.valuationModelPath, dataDir: this.context.config.dataDir, snapshotDir: hazardSnapshotDir(this.context.config), sales, movement: this.context.valuation.runtime.index.movement!, floodLayers: this.context.hazards.runtime.context.data.floodLayers ?? [], outlook: this.context.climateOutlook },
      threads,
    );
  }

  private getBoss(): Promise<PgBossInstance> {
    this.boss ??= startBoss(this.context.config.databaseUrl!, this.queueSettings);
    return this.boss;
  }

  /** At start: take up unfinished work (embedded), or join the queue (PostgreSQL). */
  async start(): Promise<void> {
    if (!this.isReady || this.closed) return;
    if (this.mode === 'threads') {
      void this.kick();
      return;
    }
    if (!this.context.config.portfolioServerWorker) return;
    const boss = await this.getBoss();
    if (this.closed || !this.context.valuation.ready) return;
    this.queueWorker = await startQueueWorker({
      database: this.context.database,
      boss,
      lookups: this.context.valuation.runtime,
      assessor: this.inProcessAssessor(),
      kind: 'threads',
      settings: this.queueSettings,
      concurrency: 1,
      onError: (error) => {
        this.lastError = (error as Error).message;
      },
    });
  }

  private async kick(): Promise<void> {
    if (this.closed) return;
    // One executor however many kicks come at once (the start's and a first book's); none without the valuation runtime.
    const executor = await (this.executorMade ??= this.makeExecutor());
    await executor?.kick();
  }

  private async makeExecutor(): Promise<EmbeddedExecutor | null> {
    const valuation = this.context.valuation;
    if (!valuation.ready) return null;
    const assessor = await this.assessor();
    if (this.closed) {
      await assessor.close();
      return null;
    }
    this.executor = new EmbeddedExecutor({
      database: this.context.database,
      lookups: valuation.runtime,
      assessor,
      onError: (error) => {
        this.lastError = (error as Error).message;
      },
    });
    return this.executor;
  }

  /** A portfolio was stored: run it (embedded) or queue its chunks (PostgreSQL). */
  async submitted(portfolio: PortfolioRecord): Promise<void> {
    if (this.mode === 'threads') {
      void this.kick().catch((error: unknown) => {
        this.lastError = (error as Error).message;
      });
      return;
    }
    await enqueuePortfolioChunks(await this.getBoss(), portfolio.id, planChunks(portfolio.totalLoans, portfolio.chunkSize), this.queueSettings);
  }

  /** Threads of this process working portfolios (0 before the first job on the embedded database). */
  get threads(): number {
    if (this.mode === 'queue') return this.queueWorker ? 1 : 0;
    return this.executor ? Math.max(1, this.context.config.portfolioThreads) : 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.queueWorker?.stop();
    await this.executor?.close();
    if (this.boss) await (await this.boss.catch(() => null))?.stop({ graceful: false, wait: true });
  }
}
