/**
 * The pure part of a chunk: each placed loan through assessPortfolioLoan. A loan that throws (a
 * defect, not a bad row) gets the message as its error; the chunk goes on.
 */
import { assessPortfolioLoan, type PlacedLoan, type PortfolioEngineData } from '@propguard/engines';
import type { PortfolioResultRow } from '@propguard/schemas';

export function assessPlacedLoans(placed: readonly PlacedLoan[], engine: PortfolioEngineData): PortfolioResultRow[] {
  return placed.map((loan) => {
    try {
      return assessPortfolioLoan(loan, engine);
    } catch (error) {
      return assessPortfolioLoan({ ...loan, error: `could not assess: ${(error as Error).message}` }, engine);
    }
  });
}

/** Where a chunk's placed loans are assessed: in this thread, or in a worker-thread pool. */
export interface LoanAssessor {
  assess(placed: PlacedLoan[]): Promise<PortfolioResultRow[]>;
  readonly threads: number;
  close(): Promise<void>;
}

export function inProcessAssessor(engine: PortfolioEngineData): LoanAssessor {
  return { assess: async (placed) => assessPlacedLoans(placed, engine), threads: 1, close: async () => {} };
}
