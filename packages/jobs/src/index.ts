/**
 * Portfolio jobs (issue 15, DESIGN.md section 7): storing a loan book, running its chunks on the
 * embedded worker-thread pool or on pg-boss workers, and the pieces both share. Used by the
 * server's scheduler and by the CLI (`propguard portfolio ...`, `propguard worker`).
 */
export { ingestPortfolioCsv, ingestPortfolioRows, defaultPortfolioName, type IngestOptions, type IngestResult } from './ingest-portfolio.ts';
export { loadPortfolioRuntime, buildThreadEngine, type PortfolioRuntime, type PortfolioThreadData } from './portfolio-runtime.ts';
export { placeLoan, placeLoans } from './place-loans.ts';
export { inProcessAssessor, type LoanAssessor } from './assess-loans.ts';
export { createThreadPoolAssessor } from './thread-pool.ts';
export { runPortfolioChunk, finishPortfolioIfDone, type ChunkContext } from './run-chunk.ts';
export { EmbeddedExecutor, retryDelayMs, CHUNK_RETRIES, HEARTBEAT_MS, type EmbeddedExecutorOptions } from './embedded-executor.ts';
export { startBoss, enqueuePortfolioChunks, startQueueWorker, PORTFOLIO_QUEUE, DEFAULT_QUEUE_SETTINGS, type QueueSettings, type QueueWorker, type QueueWorkerOptions } from './queue.ts';
export { getPortfolioStatus, portfolioResultsCsv } from './present.ts';
