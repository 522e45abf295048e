/**
 * Where a chunk's placed loans are assessed (assessPortfolioLoans of packages/engines: valuations,
 * then hazards, then lending): in this thread, or in a worker-thread pool.
 */
import { assessPortfolioLoans, type PlacedLoan, type PortfolioEngineData } from '@propguard/engines';
import type { PortfolioResultRow } from '@propguard/schemas';

export interface LoanAssessor {
  assess(placed: PlacedLoan[]): Promise<PortfolioResultRow[]>;
  readonly threads: number;
  close(): Promise<void>;
}

export function inProcessAssessor(engine: PortfolioEngineData): LoanAssessor {
  return { assess: async (placed) => assessPortfolioLoans(placed, engine), threads: 1, close: async () => {} };
}
