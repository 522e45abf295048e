/**
 * The rows a portfolio stress test reads (issue 15, requirement 7): each stored result with the
 * loan as read through the upload's column mapping (`record`, keyed by our field names), since the
 * uploaded row (`input`) keeps the file's own column names ("Principal Outstanding" for
 * loan_amount, say).
 */
import type { PortfolioResultRow } from '@propguard/schemas';
import type { Database } from '../open-database.ts';

export interface StressSourceRow {
  result: PortfolioResultRow;
  /** The loan keyed by our field names; null when the row could not be read. */
  record: Record<string, unknown> | null;
}

const fromJson = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/**
 * Every assessed loan of a portfolio in row order, `batchSize` at a time (keyset on the row, so
 * memory stays flat for any size of book). Loans whose chunk has not run are skipped.
 */
export async function* iteratePortfolioStressRows(database: Database, portfolioId: string, batchSize = 2000): AsyncGenerator<StressSourceRow[]> {
  let after = 0;
  for (;;) {
    const rows = await database.query<Record<string, unknown>>(
      'SELECT row_index, input, record, result FROM portfolio_loans WHERE portfolio_id = $1 AND row_index > $2 AND result IS NOT NULL ORDER BY row_index LIMIT $3',
      [portfolioId, after, batchSize],
    );
    if (rows.length === 0) return;
    after = Number(rows.at(-1)!.row_index);
    yield rows.map((row) => ({
      result: { ...fromJson<Omit<PortfolioResultRow, 'input'>>(row.result), input: fromJson<Record<string, string>>(row.input) },
      record: row.record === null || row.record === undefined ? null : fromJson<Record<string, unknown>>(row.record),
    }));
  }
}
