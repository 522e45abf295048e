// The embedded executor (packages/jobs) on a fresh PGlite with small books: a chunk retried, a chunk
// failed after its retries, a running portfolio cancelled, and a run killed mid-chunk then resumed by a
// new executor. Loans are placed by the real code (placeLoans); the valuation itself goes through the
// executor's LoanAssessor seam, here a recording fake, so each test can count exactly which loans
// were valued, and how often.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countPortfolioLoans, findPortfolio, getPortfolioState, listUnfinishedPortfolios, openDatabase, setPortfolioState, type Database, type SubjectLookups } from '@propguard/db';
import type { PlacedLoan } from '@propguard/engines';
import { CLIMATE_OUTLOOK, type PortfolioResultRow } from '@propguard/schemas';
import { createTempHome } from '../../db/test/support/test-databases.ts';
import { CHUNK_RETRIES, EmbeddedExecutor, getPortfolioStatus, ingestPortfolioRows, type LoanAssessor } from '../src/index.ts';

let database: Database;
let home: Awaited<ReturnType<typeof createTempHome>>;
const lookups = (): SubjectLookups => ({ addressBook: new Map(), placeCache: new Map() });

/** A valued loan as the engines would write it (estimate and LVR only: the executor does not look inside). */
function valued(loan: PlacedLoan): PortfolioResultRow {
  const hazards = { flood: null, fire: null, coastal: null, subsidence: null, cyclone: null, earthquake: null };
  return {
    row: loan.row,
    loan_id: loan.loanId,
    input: loan.input,
    estimate: 800_000,
    low: 700_000,
    high: 900_000,
    fsd_pct: 9.8,
    confidence: 70,
    lvr: 0.5,
    lvr_band: null,
    lmi_required: false,
    risk_weight: null,
    rwa: null,
    minimum_capital: null,
    lvr_2050: null,
    lvr_2050_band: null,
    ...hazards,
    levels: '',
    hazard_level: null,
    levels_2050: '',
    hazard_score_2050: null,
    hazard_level_2050: null,
    lat: null,
    lng: null,
    suburb: null,
    state: null,
    loan_amount: loan.loan?.loan_amount ?? null,
    note: null,
    error: null,
  };
}

/**
 * A LoanAssessor that records every call (the rows it was given) and every loan it valued; `behave`
 * decides, per call, whether the call values the loans, throws, or never returns (a killed process).
 */
function recordingAssessor(behave: (rows: number[], call: number) => 'value' | 'throw' | 'hang' = () => 'value') {
  const calls: number[][] = [];
  const valuedRows: number[] = [];
  const assessor: LoanAssessor = {
    threads: 1,
    close: async () => {},
    assess: async (placed) => {
      const rows = placed.map((loan) => loan.row);
      calls.push(rows);
      const behaviour = behave(rows, calls.length);
      if (behaviour === 'throw') throw new Error(`assessor failed on rows ${rows.join(', ')}`);
      if (behaviour === 'hang') return new Promise<PortfolioResultRow[]>(() => {});
      valuedRows.push(...rows);
      return placed.map(valued);
    },
  };
  return { assessor, calls, valuedRows };
}

/** Stores a book of `loans` loans in chunks of `chunkSize` (2 unless told; executor "threads"); returns its id. */
async function storeBook(name: string, loans: number, chunkSize = 2): Promise<string> {
  const rows = Array.from({ length: loans }, (_, i) => ({ loan_id: `${name}-${i + 1}`, lat: -37.81 - i / 1000, lng: 144.96, property_type: 'house', bedrooms: 3, loan_amount: 400_000 + i * 1000 }));
  const result = await ingestPortfolioRows(database, rows, { name, source: 'json', workspaceId: null, executor: 'threads', outlook: CLIMATE_OUTLOOK, chunkSize });
  if (!result.portfolio) throw new Error(`book not stored: ${JSON.stringify(result.validation)}`);
  return result.portfolio.id;
}

async function chunksOf(portfolioId: string) {
  return database.query<{ chunk_index: number; state: string; attempts: number; loans: number; message: string | null }>(
    'SELECT chunk_index, state, attempts, loans, message FROM portfolio_chunks WHERE portfolio_id = $1 ORDER BY chunk_index',
    [portfolioId],
  );
}

async function portfolioRow(portfolioId: string) {
  const [row] = await database.query<{ state: string; message: string | null; finished_at: unknown }>('SELECT state, message, finished_at FROM portfolios WHERE id = $1', [portfolioId]);
  return row!;
}

/** Polls until `condition` holds (a run in flight has reached a point), or fails after 10 s. */
async function waitFor(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const sorted = (rows: number[]) => [...rows].sort((a, b) => a - b);

beforeAll(async () => {
  home = await createTempHome();
  database = await openDatabase({ homeDir: home.homeDir });
});

afterAll(async () => {
  await database?.close();
  await home?.remove();
});

// The executor runs every unfinished portfolio: each test starts with none left by another.
beforeEach(async () => {
  expect(await listUnfinishedPortfolios(database, 'threads')).toEqual([]);
});

describe('embedded executor on PGlite', () => {
  it('retries a chunk that fails once, then completes with every loan valued once', async () => {
    const id = await storeBook('retry', 6);
    let failures = 0;
    const { assessor, calls, valuedRows } = recordingAssessor((rows) => (rows.includes(3) && failures++ === 0 ? 'throw' : 'value'));
    const errors: unknown[] = [];
    const executor = new EmbeddedExecutor({ database, lookups: lookups(), assessor, retryBaseMs: 1, onError: (error) => errors.push(error) });
    await executor.kick();
    await executor.close();

    expect(calls.filter((rows) => rows.includes(3))).toEqual([[3, 4], [3, 4]]);
    expect(sorted(valuedRows)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await chunksOf(id)).map((chunk) => [chunk.chunk_index, chunk.state, chunk.attempts, chunk.loans])).toEqual([
      [0, 'done', 1, 2],
      [1, 'done', 2, 2],
      [2, 'done', 1, 2],
    ]);
    expect(await portfolioRow(id)).toMatchObject({ state: 'completed', message: null });
    expect(await countPortfolioLoans(database, id)).toEqual({ stored: 6, assessed: 6, distinctRows: 6 });
    expect(errors).toEqual([]);
  });

  it('marks a chunk failed after its retries; the portfolio ends failed with the other loans in the results', async () => {
    const id = await storeBook('fails', 6);
    const { assessor, calls, valuedRows } = recordingAssessor((rows) => (rows.includes(3) ? 'throw' : 'value'));
    const errors: unknown[] = [];
    const executor = new EmbeddedExecutor({ database, lookups: lookups(), assessor, retryBaseMs: 1, onError: (error) => errors.push(error) });
    await executor.kick();
    await executor.close();

    // The first attempt and CHUNK_RETRIES (3) retries, then no more.
    expect(calls.filter((rows) => rows.includes(3))).toHaveLength(CHUNK_RETRIES + 1);
    expect(sorted(valuedRows)).toEqual([1, 2, 5, 6]);
    const chunks = await chunksOf(id);
    expect(chunks.map((chunk) => [chunk.chunk_index, chunk.state, chunk.attempts])).toEqual([
      [0, 'done', 1],
      [1, 'failed', 4],
      [2, 'done', 1],
    ]);
    expect(chunks[1]!.message).toBe('assessor failed on rows 3, 4');
    const portfolio = await portfolioRow(id);
    expect(portfolio).toMatchObject({ state: 'failed', message: '1 chunk(s) failed after every retry; the other loans are in the results' });
    expect(portfolio.finished_at).not.toBeNull();
    expect(await countPortfolioLoans(database, id)).toEqual({ stored: 6, assessed: 4, distinctRows: 6 });
    expect(errors).toHaveLength(1);
  });

  it('runs no further chunk of a running portfolio once it is cancelled', async () => {
    const id = await storeBook('cancel', 10);
    // Every call waits at the gate: both lanes (threads + 1) hold a chunk when the user cancels.
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { assessor, calls, valuedRows } = recordingAssessor();
    const gated: LoanAssessor = { ...assessor, assess: async (placed) => gate.then(() => assessor.assess(placed)) };
    const pending: number[][] = [];
    const watched: LoanAssessor = { ...gated, assess: (placed) => (pending.push(placed.map((loan) => loan.row)), gated.assess(placed)) };
    const executor = new EmbeddedExecutor({ database, lookups: lookups(), assessor: watched, retryBaseMs: 1 });
    const run = executor.kick();
    await waitFor(() => pending.length === 2, 'both lanes to hold a chunk');
    expect(await getPortfolioState(database, id)).toBe('running');
    // What POST /api/portfolios/{id}/cancel does (cancelPortfolio of the server).
    expect(await setPortfolioState(database, id, 'cancelled', { message: 'Cancelled by the user', finishedAt: new Date().toISOString() })).toBe(true);
    open();
    await run;
    // A later look for work finds nothing to run either.
    await executor.kick();
    await executor.close();

    expect(sorted(calls.flat())).toEqual([1, 2, 3, 4]);
    expect(sorted(valuedRows)).toEqual([1, 2, 3, 4]);
    expect((await chunksOf(id)).map((chunk) => [chunk.chunk_index, chunk.state, chunk.attempts])).toEqual([
      [0, 'done', 1],
      [1, 'done', 1],
      [2, 'queued', 0],
      [3, 'queued', 0],
      [4, 'queued', 0],
    ]);
    // The chunks in flight finish, but the job stays cancelled (never completed).
    expect(await portfolioRow(id)).toMatchObject({ state: 'cancelled', message: 'Cancelled by the user' });
    expect(await countPortfolioLoans(database, id)).toEqual({ stored: 10, assessed: 4, distinctRows: 10 });
  });

  it('shows loans done moving within a chunk, with a rate and time left, before the chunk completes', async () => {
    const id = await storeBook('progress', 25, 25);
    // Each assessor call (a slice of ASSESS_SLICE_LOANS = 10 loans) waits until the test lets it go.
    const gates: Array<() => void> = [];
    const { assessor, calls } = recordingAssessor();
    const stepped: LoanAssessor = { ...assessor, assess: (placed) => new Promise<void>((resolve) => gates.push(resolve)).then(() => assessor.assess(placed)) };
    const executor = new EmbeddedExecutor({ database, lookups: lookups(), assessor: stepped, retryBaseMs: 1 });
    const run = executor.kick();
    const status = async () => getPortfolioStatus(database, (await findPortfolio(database, id))!);

    await waitFor(() => gates.length === 1, 'the first slice');
    expect(await status()).toMatchObject({ state: 'running', loans: { done: 0 }, chunks: { done: 0 }, loansPerSecond: null });
    gates[0]!();
    await waitFor(() => gates.length === 2, 'the second slice');
    // The first slice's loans count at once, while the chunk (all 25 loans) is still running.
    const afterFirst = await status();
    expect(afterFirst).toMatchObject({ state: 'running', loans: { total: 25, done: 10, errors: 0 }, chunks: { done: 0 } });
    expect(afterFirst.loansPerSecond).toBeGreaterThan(0);
    expect(afterFirst.etaSeconds).toBeGreaterThanOrEqual(0);
    await new Promise((resolve) => setTimeout(resolve, 260));
    gates[1]!();
    await waitFor(() => gates.length === 3, 'the third slice');
    expect(await status()).toMatchObject({ state: 'running', loans: { done: 20 }, chunks: { done: 0 } });
    gates[2]!();
    await run;
    await executor.close();

    expect(calls.map((rows) => rows.length)).toEqual([10, 10, 5]);
    expect(await status()).toMatchObject({ state: 'completed', loans: { done: 25 }, chunks: { done: 1 }, etaSeconds: null });
  });

  it('resumes a run killed mid-chunk exactly once: a new executor runs only the chunks the dead one held', async () => {
    const id = await storeBook('killed', 6);
    // The first process values its first chunk, then dies inside the next two (they never return).
    const first = recordingAssessor((_rows, call) => (call === 1 ? 'value' : 'hang'));
    const doomed = new EmbeddedExecutor({ database, lookups: lookups(), assessor: first.assessor, retryBaseMs: 1 });
    void doomed.kick();
    await waitFor(async () => first.calls.length === 3 && (await chunksOf(id)).filter((chunk) => chunk.state === 'done').length === 1, 'the first process to finish one chunk and hold two');
    const held = (await chunksOf(id)).filter((chunk) => chunk.state === 'running').map((chunk) => chunk.chunk_index);
    expect(held).toHaveLength(2);
    // The process is gone: its timers stop and its chunks stay `running`, claimed by nobody alive.
    void doomed.close();
    expect(await getPortfolioState(database, id)).toBe('running');

    const second = recordingAssessor();
    const resumed = new EmbeddedExecutor({ database, lookups: lookups(), assessor: second.assessor, retryBaseMs: 1 });
    await resumed.kick();
    await resumed.close();

    // The new executor ran exactly the two held chunks, once each, and never the finished one.
    expect(second.calls).toHaveLength(2);
    expect(sorted(second.calls.map((rows) => (rows[0]! - 1) / 2))).toEqual(held);
    // Every loan was valued exactly once across both processes.
    expect(sorted([...first.valuedRows, ...second.valuedRows])).toEqual([1, 2, 3, 4, 5, 6]);
    const chunks = await chunksOf(id);
    expect(chunks.map((chunk) => [chunk.chunk_index, chunk.state, chunk.loans, chunk.attempts])).toEqual(
      [0, 1, 2].map((index) => [index, 'done', 2, held.includes(index) ? 2 : 1]),
    );
    expect(await portfolioRow(id)).toMatchObject({ state: 'completed', message: null });
    expect(await countPortfolioLoans(database, id)).toEqual({ stored: 6, assessed: 6, distinctRows: 6 });
    // Counts are set per chunk, not added: the re-run chunks count once.
    const status = await getPortfolioStatus(database, (await findPortfolio(database, id))!);
    expect(status).toMatchObject({ state: 'completed', loans: { total: 6, done: 6, errors: 0 }, chunks: { total: 3, done: 3, size: 2 }, etaSeconds: null });
  });
});
