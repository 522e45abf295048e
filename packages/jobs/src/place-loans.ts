/**
 * Placing a chunk's loans: each stored row is read with the shared schema
 * (portfolioLoanInputSchema) and placed and completed by resolveSubject, the code path of
 * POST /api/valuations and `propguard value --csv`. Runs where the database is (the server's main
 * thread, or a worker process); the pure assessment (assessPortfolioLoan) may run in a thread.
 */
import { resolveSubject, toSubjectProperty, type Database, type StoredLoanInput, type SubjectLookups } from '@propguard/db';
import { describeRowProblems, loanSubjectRequest, parseLoanRecord, type PlacedLoan } from '@propguard/engines';
import { isAppError } from '@propguard/schemas';

export async function placeLoan(database: Database, lookups: SubjectLookups, stored: StoredLoanInput): Promise<PlacedLoan> {
  const base = { row: stored.row, input: stored.input, loanId: stored.loanId, assumed: [] as string[] };
  if (stored.inputError !== null || stored.record === null) return { ...base, loan: null, subject: null, error: stored.inputError ?? 'the row could not be read' };
  const parsed = parseLoanRecord(stored.record);
  if (parsed.loan === null) return { ...base, loan: null, subject: null, error: describeRowProblems(parsed.problems) };
  try {
    const resolved = await resolveSubject(database, lookups, loanSubjectRequest(parsed.loan));
    return { ...base, loan: parsed.loan, subject: toSubjectProperty(resolved), assumed: resolved.assumed, error: null };
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') return { ...base, loan: parsed.loan, subject: null, error: `cannot place the property: ${error.message}` };
    throw error;
  }
}

export async function placeLoans(database: Database, lookups: SubjectLookups, loans: readonly StoredLoanInput[]): Promise<PlacedLoan[]> {
  const placed: PlacedLoan[] = [];
  for (const loan of loans) placed.push(await placeLoan(database, lookups, loan));
  return placed;
}
