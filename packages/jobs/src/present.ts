/**
 * What the server and the CLI show of a portfolio: its status (progress from the chunks, loans a
 * second and time left) and its results as CSV (the upload's columns, then issue 15's output
 * columns), streamed from the database a batch at a time and written by the one CSV writer (toCsv).
 */
import { getPortfolioProgress, iteratePortfolioResults, type Database, type PortfolioRecord } from '@propguard/db';
import { progressRate } from '@propguard/engines';
import { isPortfolioFinished, PORTFOLIO_OUTPUT_COLUMNS, toCsv, type CsvCell, type PortfolioStatus } from '@propguard/schemas';

export async function getPortfolioStatus(database: Database, record: PortfolioRecord, now: Date = new Date()): Promise<PortfolioStatus> {
  const progress = await getPortfolioProgress(database, record.id);
  const isFinished = isPortfolioFinished(record.state);
  const end = isFinished && record.finishedAt ? new Date(record.finishedAt) : now;
  const elapsed = progress.firstStartedAt ? (end.getTime() - new Date(progress.firstStartedAt).getTime()) / 1000 : 0;
  const rate = progressRate(progress.loansDone, record.totalLoans, elapsed);
  return {
    id: record.id,
    name: record.name,
    source: record.source as PortfolioStatus['source'],
    state: record.state,
    executor: record.executor as PortfolioStatus['executor'],
    columns: record.columns,
    loans: { total: record.totalLoans, done: progress.loansDone, errors: progress.loansErrors },
    chunks: { total: record.totalChunks, done: progress.chunksDone, size: record.chunkSize },
    loansPerSecond: rate.loansPerSecond,
    etaSeconds: isFinished ? null : rate.etaSeconds,
    outlook: { scenario: record.scenario as PortfolioStatus['outlook']['scenario'], year: record.year },
    message: record.message,
    createdAt: record.createdAt,
    startedAt: record.startedAt,
    finishedAt: record.finishedAt,
  };
}

/** The results CSV, line by line (header first); loans whose chunk has not run are left out. */
export async function* portfolioResultsCsv(database: Database, record: PortfolioRecord): AsyncGenerator<string> {
  const appended = PORTFOLIO_OUTPUT_COLUMNS.filter((column) => !record.columns.includes(column));
  yield toCsv([[...record.columns, ...appended]]);
  for await (const batch of iteratePortfolioResults(database, record.id)) {
    // The upload's own cells go through the writer too: a cell "=HYPERLINK(...)" comes back neutralised.
    yield toCsv(batch.map((row): CsvCell[] => [...record.columns.map((column) => row.input[column] ?? ''), ...appended.map((column) => row[column])]));
  }
}
