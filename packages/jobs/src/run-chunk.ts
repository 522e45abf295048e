/**
 * One chunk of a portfolio, the unit every executor runs (the embedded thread pool and the pg-boss
 * workers alike): read its loans, place them, assess them, write the results by (portfolio, row)
 * and mark the chunk done. Every write is a "set", so a chunk run twice leaves the same rows.
 */
import { addWorkerChunk, getPortfolioProgress, loadChunkLoans, setPortfolioState, startChunk, writeChunkResults, type Database, type PortfolioRecord, type SubjectLookups } from '@propguard/db';
import type { ChunkRange } from '@propguard/engines';
import type { LoanAssessor } from './assess-loans.ts';
import { placeLoans } from './place-loans.ts';

export interface ChunkContext {
  database: Database;
  lookups: SubjectLookups;
  assessor: LoanAssessor;
  workerId: string;
  now?: () => Date;
}

export async function runPortfolioChunk(context: ChunkContext, portfolioId: string, chunk: ChunkRange): Promise<{ loans: number; errors: number }> {
  const now = context.now ?? (() => new Date());
  const startedAt = now().toISOString();
  await startChunk(context.database, portfolioId, chunk.index, context.workerId, startedAt);
  await setPortfolioState(context.database, portfolioId, 'running', { startedAt }, ['queued']);
  const stored = await loadChunkLoans(context.database, portfolioId, chunk.fromRow, chunk.toRow);
  const placed = await placeLoans(context.database, context.lookups, stored);
  const results = await context.assessor.assess(placed);
  const finishedAt = now().toISOString();
  await writeChunkResults(context.database, portfolioId, chunk, results, finishedAt, context.workerId);
  await addWorkerChunk(context.database, context.workerId, results.length, finishedAt);
  return { loans: results.length, errors: results.filter((row) => row.error !== null).length };
}

/**
 * Completes a portfolio whose chunks are all finished: `completed` when every chunk is done,
 * `failed` (naming how many chunks failed) otherwise. A cancelled portfolio stays cancelled.
 * Safe to call from any worker, any number of times.
 */
export async function finishPortfolioIfDone(database: Database, portfolio: Pick<PortfolioRecord, 'id' | 'totalChunks'>, at: string): Promise<boolean> {
  const progress = await getPortfolioProgress(database, portfolio.id);
  const failedChunks = progress.chunksFailed;
  if (progress.chunksDone + failedChunks < portfolio.totalChunks) return false;
  if (failedChunks > 0) return setPortfolioState(database, portfolio.id, 'failed', { message: `${failedChunks} chunk(s) failed after every retry; the other loans are in the results`, finishedAt: at });
  return setPortfolioState(database, portfolio.id, 'completed', { finishedAt: at });
}
