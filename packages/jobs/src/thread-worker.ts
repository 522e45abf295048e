/**
 * The worker-thread side of the embedded pool (piscina): builds the engine data once from the
 * parent's workerData, then assesses each chunk of placed loans it is sent.
 */
import { workerData } from 'node:worker_threads';
import { assessPortfolioLoans, type PlacedLoan, type PortfolioEngineData } from '@propguard/engines';
import type { PortfolioResultRow } from '@propguard/schemas';
import { buildThreadEngine, type PortfolioThreadData } from './portfolio-runtime.ts';

let engine: Promise<PortfolioEngineData> | null = null;

export default async function assessChunk(placed: PlacedLoan[]): Promise<PortfolioResultRow[]> {
  engine ??= buildThreadEngine(workerData as PortfolioThreadData);
  return assessPortfolioLoans(placed, await engine);
}
