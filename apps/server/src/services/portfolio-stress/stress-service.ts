import { findPortfolio, iteratePortfolioStressRows, type PortfolioScope } from '@propguard/db';
import { addResultRows, createStressAccumulator } from '@propguard/engines';
import { AppError, isPortfolioFinished, type PortfolioStressResponse, type StressScenario } from '@propguard/schemas';
import type { AppContext } from '../app-context.ts';

/**
 * A stress scenario on a stored portfolio (issue 15, requirement 7): its result rows are read in
 * batches into the stress engine, so memory stays flat for any size of book.
 */
export async function stressStoredPortfolio(context: AppContext, portfolioId: string, scenario: StressScenario, scope: PortfolioScope): Promise<PortfolioStressResponse> {
  const portfolio = await findPortfolio(context.database, portfolioId, scope);
  if (!portfolio) throw new AppError('NOT_FOUND', `No portfolio with id ${portfolioId}`, { field: 'params.id' });
  // A finished job's stored results are final; a queued or running job is still writing them.
  if (!isPortfolioFinished(portfolio.state)) {
    throw new AppError('CONFLICT', `Portfolio ${portfolioId} is ${portfolio.state}: stress it once its revaluation has finished`, { field: 'params.id' });
  }
  const accumulator = createStressAccumulator(scenario);
  for await (const batch of iteratePortfolioStressRows(context.database, portfolioId)) addResultRows(accumulator, batch);
  return { success: true, portfolioId, result: accumulator.result() };
}
