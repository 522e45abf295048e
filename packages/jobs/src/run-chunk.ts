/**
 * One chunk of a portfolio, the unit every executor runs (the embedded thread pool and the pg-boss
 * workers alike): read its loans, place them, assess them a few at a time (writing how many are
 * done, so progress moves loan by loan), write the results by (portfolio, row) and mark the chunk
 * done. Every write is a "set", so a chunk run twice leaves the same rows.
 */
import { addWorkerChunk, getPortfolioProgress, loadChunkLoans, recordChunkProgress, setPortfolioState, startChunk, writeChunkResults, type Database, type PortfolioRecord, type SubjectLookups } from '@propguard/db';
import type { ChunkRange, PlacedLoan } from '@propguard/engines';
import type { PortfolioResultRow } from '@propguard/schemas';
import type { LoanAssessor } from './assess-loans.ts';
import { placeLoans } from './place-loans.ts';

/** Loans given to the assessor at once: a few tenths of a second of work on one thread. */
export const ASSESS_SLICE_LOANS = 10;
/** The shortest time between two progress writes of one chunk (ms). */
export const PROGRESS_WRITE_MS = 250;

export interface ChunkContext {
  database: Database;
  lookups: SubjectLookups;
  assessor: LoanAssessor;
  workerId: string;
  now?: () => Date;
  /** Loans per assessor call (default ASSESS_SLICE_LOANS). */
  sliceLoans?: number;
}

/**
 * Assesses a chunk's placed loans a slice at a time, calling `onProgress` with the loans done and
 * those with an error after each slice (the caller throttles its writes). One slice at a time: the
 * other threads of a pool run the other chunks in flight.
 */
async function assessInSlices(assessor: LoanAssessor, placed: readonly PlacedLoan[], sliceLoans: number, onProgress: (loans: number, errors: number) => Promise<void>): Promise<PortfolioResultRow[]> {
  const results: PortfolioResultRow[] = [];
  let errors = 0;
  for (let start = 0; start < placed.length; start += sliceLoans) {
    const slice = await assessor.assess(placed.slice(start, start + sliceLoans));
    results.push(...slice);
    errors += slice.filter((row) => row.error !== null).length;
    if (results.length < placed.length) await onProgress(results.length, errors);
  }
  return results;
}

export async function runPortfolioChunk(context: ChunkContext, portfolioId: string, chunk: ChunkRange): Promise<{ loans: number; errors: number }> {
  const now = context.now ?? (() => new Date());
  const startedAt = now().toISOString();
  await startChunk(context.database, portfolioId, chunk.index, context.workerId, startedAt);
  await setPortfolioState(context.database, portfolioId, 'running', { startedAt }, ['queued']);
  const stored = await loadChunkLoans(context.database, portfolioId, chunk.fromRow, chunk.toRow);
  const placed = await placeLoans(context.database, context.lookups, stored);
  let lastWrite = 0;
  const results = await assessInSlices(context.assessor, placed, Math.max(1, context.sliceLoans ?? ASSESS_SLICE_LOANS), async (loans, errors) => {
    if (Date.now() - lastWrite < PROGRESS_WRITE_MS) return;
    lastWrite = Date.now();
    await recordChunkProgress(context.database, portfolioId, chunk.index, loans, errors);
  });
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
