/** Portfolio revaluation (issue 15): upload columns, chunking, one loan's result, the summary. */
export { detectDelimiter, normaliseColumnName, planColumns, parseLoanRow, parseLoanRecord, mappedRecord, rowInput, describeRowProblems, ValidationReportBuilder, type ColumnPlan, type ParsedLoanRow, type RowProblem } from './columns.ts';
export { planChunks, chunkIndexOfRow, mergeByRow, progressRate, PORTFOLIO_CHUNK_SIZE, type ChunkRange } from './chunks.ts';
export { assessPortfolioLoan, assessPortfolioLoans, loanSubjectRequest, lvrBandOf, type PlacedLoan, type PortfolioEngineData } from './assess-portfolio-loan.ts';
export { PortfolioSummaryBuilder, summarisePortfolio, RISKIEST_LOANS, RISKIEST_RULE, MAP_POINTS_LIMIT, SUMMARY_SUBURBS } from './summary.ts';
