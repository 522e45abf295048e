import type { FastifyInstance } from 'fastify';
import { deleteExpiredAccountTokens, deleteExpiredSessions, deleteForgottenSignInThrottles, deleteHealthChecksBefore, deleteValuationAuditBefore, settleFinishedBulkUsage } from '@propguard/db';
import type { AppContext } from './services/app-context.ts';
import { purgeOldVisitorAllowances } from './services/accounts/public-allowance.ts';
import { HEALTH_CHECK_RETENTION_DAYS, HEALTH_SAMPLE_INTERVAL_MS, sampleDependencies } from './services/compliance/cps230-service.ts';
import { HAZARD_LAYER_REFRESH_MS, refreshImportedFloodLayers } from './services/hazards/hazard-layer-refresh.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Deletes the valuation audit rows older than the retention (AUDIT_RETENTION_DAYS); returns how many. */
export async function applyAuditRetention(context: AppContext, now: Date = new Date()): Promise<number> {
  return deleteValuationAuditBefore(context.database, new Date(now.getTime() - context.config.auditRetentionDays * DAY_MS).toISOString());
}

/** Deletes the CPS 230 health samples older than HEALTH_CHECK_RETENTION_DAYS; returns how many. */
export async function applyHealthCheckRetention(context: AppContext, now: Date = new Date()): Promise<number> {
  return deleteHealthChecksBefore(context.database, new Date(now.getTime() - HEALTH_CHECK_RETENTION_DAYS * DAY_MS).toISOString());
}

/** Deletes expired sessions and mailed tokens, sign-in failure counts nobody remembers any more (issue 29) and visitors' allowances of past days. */
export async function applyAccountHousekeeping(context: AppContext, now: Date = new Date()): Promise<void> {
  await deleteExpiredSessions(context.database, now.toISOString());
  await deleteExpiredAccountTokens(context.database, now.toISOString());
  // ACCOUNT_THROTTLE and ADDRESS_THROTTLE forget a key an hour after its last failure; a day is ample.
  await deleteForgottenSignInThrottles(context.database, new Date(now.getTime() - DAY_MS).toISOString());
  // Signed-out visitors' allowances of earlier days.
  await purgeOldVisitorAllowances(context.database, now);
}

/**
 * The server's background jobs, in one place (not in route files):
 * - CPS 230 evidence: every dependency sampled each minute, so the history has no gaps while no one looks;
 * - audit retention: once at start and then daily, the valuation audit trail is cut to its retention;
 * - account housekeeping: once at start and then hourly, expired sessions and mailed tokens go;
 * - health-check retention: once at start and then hourly, CPS 230 samples older than
 *   HEALTH_CHECK_RETENTION_DAYS (30) go;
 * - portfolio usage: each minute, the loans of finished books are counted as what was valued;
 * - imported flood layers: each minute, layers imported or removed by another process are taken up;
 * - portfolio jobs (issue 15): a second after start the executor takes up unfinished portfolios
 *   (embedded worker threads) or joins the pg-boss queue (DATABASE_URL); it stops when the app closes.
 * Timers are unref'd and cleared when the app closes.
 */
/** How long after the server is ready the portfolio executor starts. */
const PORTFOLIO_START_DELAY_MS = 1_000;

export function registerScheduler(app: FastifyInstance, context: AppContext): void {
  const jobs: Array<{ name: string; everyMs: number; run: () => Promise<unknown>; atStart: boolean }> = [
    { name: 'health sample', everyMs: HEALTH_SAMPLE_INTERVAL_MS, run: () => sampleDependencies(context), atStart: false },
    { name: 'audit retention', everyMs: DAY_MS, run: () => applyAuditRetention(context), atStart: true },
    { name: 'portfolio usage', everyMs: 60_000, run: () => settleFinishedBulkUsage(context.database), atStart: true },
    { name: 'account housekeeping', everyMs: HOUR_MS, run: () => applyAccountHousekeeping(context), atStart: true },
    { name: 'health-check retention', everyMs: HOUR_MS, run: () => applyHealthCheckRetention(context), atStart: true },
    { name: 'imported flood layers', everyMs: HAZARD_LAYER_REFRESH_MS, run: () => refreshImportedFloodLayers(context), atStart: false },
  ];
  const timers = jobs.map((job) => {
    const run = () => {
      job.run().catch((error: unknown) => app.log.warn({ err: error, job: job.name }, 'background job failed'));
    };
    if (job.atStart) app.addHook('onReady', async () => run());
    const timer = setInterval(run, job.everyMs);
    timer.unref();
    return timer;
  });
  // A moment after the server listens: the embedded executor's thread pool copies the sales to its
  // threads as it starts (0.6 s of this thread on the full data), which "ready" need not wait for.
  let portfolioStart: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    portfolioStart = setTimeout(() => {
      context.portfolioJobs.start().catch((error: unknown) => app.log.warn({ err: error, job: 'portfolio jobs' }, 'portfolio executor failed to start'));
    }, PORTFOLIO_START_DELAY_MS);
  });
  app.addHook('onClose', async () => {
    clearTimeout(portfolioStart);
    for (const timer of timers) clearInterval(timer);
    await context.portfolioJobs.close();
  });
}
