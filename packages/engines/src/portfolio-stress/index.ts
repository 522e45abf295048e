/** Portfolio stress tests (issue 15, requirement 7): price, rate and hazard-event scenarios on a stored portfolio's loans. */
export {
  stressPortfolio,
  stressResultRows,
  createStressAccumulator,
  addResultRows,
  stressLoanFromResultRow,
  isInRegion,
  eventDamageShare,
  describeScenario,
  describeRegion,
  STRESS_METHOD,
  DEFAULT_STRESS_TABLES,
  type StressLoan,
  type StressTables,
  type StressAccumulator,
  type StressSourceLoan,
} from './stress-portfolio.ts';
export { STRESS_LOSS_PARAMETERS, type StressLossParameters } from './reference-tables.ts';
