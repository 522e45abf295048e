/**
 * The embedded executor's worker-thread pool (piscina, STACK.md item 9): each thread holds its own
 * copy of the model, sales index and hazard layers, built once from `threadData`.
 */
import { Piscina } from 'piscina';
import type { LoanAssessor } from './assess-loans.ts';
import type { PortfolioThreadData } from './portfolio-runtime.ts';

const WORKER_FILE = new URL('./thread-worker.ts', import.meta.url);

export function createThreadPoolAssessor(threadData: PortfolioThreadData, threads: number): LoanAssessor {
  const pool = new Piscina({
    filename: WORKER_FILE.href,
    minThreads: threads,
    maxThreads: threads,
    // The worker file is TypeScript: the threads load it through tsx, whatever the parent was started with.
    execArgv: process.execArgv.some((arg) => arg.includes('tsx')) ? process.execArgv : [...process.execArgv, '--import', 'tsx'],
    workerData: threadData,
    idleTimeout: 60_000,
  });
  // Each thread builds its engine (model, sales index, hazard layers: several seconds) on its first
  // task; an empty chunk sent now builds it while nothing waits, so the first book's progress, rate
  // and time left count loans from its first second instead of a warm-up (issue 34).
  for (let thread = 0; thread < threads; thread += 1) void pool.run([]).catch(() => undefined);
  return {
    threads,
    assess: (placed) => pool.run(placed),
    close: () => pool.destroy(),
  };
}
