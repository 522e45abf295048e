/**
 * Queries of portfolio jobs (issue 15). Every write a worker makes is idempotent: results are
 * written by (portfolio, row) onto the loan rows stored at upload, and a chunk's counts are set,
 * not added, so a chunk run twice (a retry, a lease that expired under a slow worker) leaves the
 * same rows and the same totals.
 */
import type { ChunkRange } from '@propguard/engines';
import {
  FINISHED_PORTFOLIO_CHUNK_STATES,
  OPEN_PORTFOLIO_STATES,
  VISIBLE_PORTFOLIO_STATES,
  portfolioChunkStateSchema,
  portfolioStateSchema,
  type PortfolioChunkState,
  type PortfolioResultRow,
  type PortfolioResultsQuery,
  type PortfolioState,
  type VisiblePortfolioState,
  visiblePortfolioStateSchema,
} from '@propguard/schemas';
import type { Database } from '../open-database.ts';
import { sqlWordList } from '../sql-word-list.ts';

/** Which portfolios a caller sees: its workspace's (and, for the local workspace, the unowned ones made by the CLI). Undefined: all (internal callers, workers). */
export interface PortfolioScope {
  workspaceId: string;
  includeUnowned: boolean;
}

export interface PortfolioRecord {
  id: string;
  workspaceId: string | null;
  name: string;
  source: string;
  /** Never `loading`: a portfolio still being uploaded is not read as a record. */
  state: VisiblePortfolioState;
  executor: string;
  columns: string[];
  totalLoans: number;
  chunkSize: number;
  totalChunks: number;
  scenario: string;
  year: number;
  message: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface PortfolioProgressRecord {
  loansDone: number;
  loansErrors: number;
  chunksDone: number;
  chunksFailed: number;
  /** When the first chunk started (any attempt). */
  firstStartedAt: string | null;
  lastFinishedAt: string | null;
}

export interface StoredLoanInput {
  row: number;
  loanId: string;
  input: Record<string, string>;
  /** The row keyed by our field names (parse it with portfolioLoanInputSchema); null when unreadable. */
  record: Record<string, unknown> | null;
  inputError: string | null;
}

const toIso = (value: unknown): string | null => (value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString());
const toJson = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

function scopeSql(scope: PortfolioScope | undefined, params: unknown[]): string {
  if (!scope) return '';
  params.push(scope.workspaceId);
  return scope.includeUnowned ? ` AND (workspace_id = $${params.length} OR workspace_id IS NULL)` : ` AND workspace_id = $${params.length}`;
}

/** The portfolios users see: every state but `loading` (an upload still writing its loans). */
const IS_VISIBLE_SQL = `state IN ${sqlWordList(VISIBLE_PORTFOLIO_STATES)}`;
/** The portfolios with work left (queued or running). */
const IS_OPEN_SQL = `state IN ${sqlWordList(OPEN_PORTFOLIO_STATES)}`;

const PORTFOLIO_COLUMNS = 'id, workspace_id, name, source, state, executor, columns, total_loans, chunk_size, total_chunks, scenario, year, message, created_at, started_at, finished_at';

function toRecord(row: Record<string, unknown>): PortfolioRecord {
  return {
    id: String(row.id),
    workspaceId: (row.workspace_id as string | null) ?? null,
    name: String(row.name),
    source: String(row.source),
    state: visiblePortfolioStateSchema.parse(row.state),
    executor: String(row.executor),
    columns: toJson<string[]>(row.columns),
    totalLoans: Number(row.total_loans),
    chunkSize: Number(row.chunk_size),
    totalChunks: Number(row.total_chunks),
    scenario: String(row.scenario),
    year: Number(row.year),
    message: (row.message as string | null) ?? null,
    createdAt: toIso(row.created_at)!,
    startedAt: toIso(row.started_at),
    finishedAt: toIso(row.finished_at),
  };
}

export interface NewPortfolio {
  id: string;
  workspaceId: string | null;
  name: string;
  source: string;
  executor: string;
  columns: string[];
  chunkSize: number;
  scenario: string;
  year: number;
  createdAt: string;
}

/**
 * Creates a portfolio in the state `loading` (not shown, not run) while its loans are written;
 * `publishPortfolio` makes it `queued` with its totals once every loan is stored. A failed upload
 * is deleted with `deletePortfolio`, so nothing half-stored remains.
 */
export async function createPortfolio(database: Database, portfolio: NewPortfolio): Promise<void> {
  await database.query(
    `INSERT INTO portfolios (id, workspace_id, name, source, state, executor, columns, total_loans, chunk_size, total_chunks, scenario, year, created_at)
     VALUES ($1, $2, $3, $4, $11, $5, $6::jsonb, 0, $7, 0, $8, $9, $10)`,
    [portfolio.id, portfolio.workspaceId, portfolio.name, portfolio.source, portfolio.executor, JSON.stringify(portfolio.columns), portfolio.chunkSize, portfolio.scenario, portfolio.year, portfolio.createdAt, 'loading' satisfies PortfolioState],
  );
}

/** Stores loans as uploaded (idempotent: a row already stored is left as it is). */
export async function insertPortfolioLoans(database: Database, portfolioId: string, loans: readonly StoredLoanInput[]): Promise<void> {
  if (loans.length === 0) return;
  const payload = loans.map((loan) => ({ row_index: loan.row, loan_id: loan.loanId, input: loan.input, record: loan.record, input_error: loan.inputError }));
  await database.query(
    `INSERT INTO portfolio_loans (portfolio_id, row_index, loan_id, input, record, input_error)
     SELECT $1, r.row_index, r.loan_id, r.input, r.record, r.input_error
     FROM jsonb_to_recordset($2::jsonb) AS r(row_index int, loan_id text, input jsonb, record jsonb, input_error text)
     ON CONFLICT (portfolio_id, row_index) DO NOTHING`,
    [portfolioId, JSON.stringify(payload)],
  );
}

/** Records the chunks and queues the portfolio (state `queued`). */
export async function publishPortfolio(database: Database, portfolioId: string, totalLoans: number, chunks: readonly ChunkRange[]): Promise<void> {
  const payload = chunks.map((chunk) => ({ chunk_index: chunk.index, from_row: chunk.fromRow, to_row: chunk.toRow }));
  for (let start = 0; start < payload.length; start += 2000) {
    await database.query(
      `INSERT INTO portfolio_chunks (portfolio_id, chunk_index, from_row, to_row, state)
       SELECT $1, r.chunk_index, r.from_row, r.to_row, $3 FROM jsonb_to_recordset($2::jsonb) AS r(chunk_index int, from_row int, to_row int)
       ON CONFLICT (portfolio_id, chunk_index) DO NOTHING`,
      [portfolioId, JSON.stringify(payload.slice(start, start + 2000)), 'queued' satisfies PortfolioChunkState],
    );
  }
  await database.query(`UPDATE portfolios SET state = $4, total_loans = $2, total_chunks = $3 WHERE id = $1 AND state = $5`, [portfolioId, totalLoans, chunks.length, 'queued' satisfies PortfolioState, 'loading' satisfies PortfolioState]);
}

/** Deletes a portfolio with its loans and chunks (an upload that failed half way). */
export async function deletePortfolio(database: Database, portfolioId: string): Promise<void> {
  await database.query('DELETE FROM portfolio_loans WHERE portfolio_id = $1', [portfolioId]);
  await database.query('DELETE FROM portfolio_chunks WHERE portfolio_id = $1', [portfolioId]);
  await database.query('DELETE FROM portfolios WHERE id = $1', [portfolioId]);
}

/** A portfolio the scope sees (never one still loading), or null. */
export async function findPortfolio(database: Database, portfolioId: string, scope?: PortfolioScope): Promise<PortfolioRecord | null> {
  const params: unknown[] = [portfolioId];
  const rows = await database.query(`SELECT ${PORTFOLIO_COLUMNS} FROM portfolios WHERE id = $1 AND ${IS_VISIBLE_SQL}${scopeSql(scope, params)}`, params);
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Newest first. */
export async function listPortfolios(database: Database, limit: number, scope?: PortfolioScope): Promise<PortfolioRecord[]> {
  const params: unknown[] = [];
  const where = scopeSql(scope, params);
  params.push(limit);
  const rows = await database.query(`SELECT ${PORTFOLIO_COLUMNS} FROM portfolios WHERE ${IS_VISIBLE_SQL}${where} ORDER BY created_at DESC, id LIMIT $${params.length}`, params);
  return rows.map(toRecord);
}

/** The newest completed portfolio the scope sees (the APRA Compliance tab's distribution). */
export async function findLatestCompletedPortfolio(database: Database, scope?: PortfolioScope): Promise<PortfolioRecord | null> {
  const params: unknown[] = [];
  params.push('completed' satisfies PortfolioState);
  const rows = await database.query(`SELECT ${PORTFOLIO_COLUMNS} FROM portfolios WHERE state = $1${scopeSql(scope, params)} ORDER BY finished_at DESC NULLS LAST, created_at DESC LIMIT 1`, params);
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Portfolios not finished (queued or running), oldest first: what an executor has to do. */
export async function listUnfinishedPortfolios(database: Database, executor?: string): Promise<PortfolioRecord[]> {
  const params: unknown[] = [];
  let where = IS_OPEN_SQL;
  if (executor) {
    params.push(executor);
    where += ` AND executor = $1`;
  }
  const rows = await database.query(`SELECT ${PORTFOLIO_COLUMNS} FROM portfolios WHERE ${where} ORDER BY created_at, id`, params);
  return rows.map(toRecord);
}

/**
 * Progress from the chunks: loans done and with an error are sums over the done chunks and the
 * loans assessed so far by the running ones (recordChunkProgress), so the count moves loan by loan,
 * not chunk by chunk. Every count is set per chunk, never added, so a re-run chunk counts once.
 */
export async function getPortfolioProgress(database: Database, portfolioId: string): Promise<PortfolioProgressRecord> {
  const [done, failed] = FINISHED_PORTFOLIO_CHUNK_STATES;
  const [row] = await database.query<Record<string, unknown>>(
    `SELECT coalesce(sum(loans) FILTER (WHERE state IN ($2, $4)), 0)::int AS loans_done, coalesce(sum(errors) FILTER (WHERE state IN ($2, $4)), 0)::int AS loans_errors,
            count(*) FILTER (WHERE state = $2)::int AS chunks_done, count(*) FILTER (WHERE state = $3)::int AS chunks_failed, min(started_at) AS first_started_at, max(finished_at) AS last_finished_at
     FROM portfolio_chunks WHERE portfolio_id = $1`,
    [portfolioId, done, failed, 'running' satisfies PortfolioChunkState],
  );
  return {
    loansDone: Number(row?.loans_done ?? 0),
    loansErrors: Number(row?.loans_errors ?? 0),
    chunksDone: Number(row?.chunks_done ?? 0),
    chunksFailed: Number(row?.chunks_failed ?? 0),
    firstStartedAt: toIso(row?.first_started_at),
    lastFinishedAt: toIso(row?.last_finished_at),
  };
}

/** Sets a portfolio's state; `onlyFrom` guards the transition (e.g. a cancelled job is never completed). Returns whether it changed. */
export async function setPortfolioState(
  database: Database,
  portfolioId: string,
  state: PortfolioState,
  fields: { message?: string | null; startedAt?: string; finishedAt?: string } = {},
  onlyFrom: readonly PortfolioState[] = OPEN_PORTFOLIO_STATES,
): Promise<boolean> {
  const rows = await database.query(
    `UPDATE portfolios SET state = $2, message = coalesce($3, message), started_at = coalesce(started_at, $4), finished_at = coalesce($5, finished_at)
     WHERE id = $1 AND state = ANY($6::text[]) RETURNING id`,
    [portfolioId, state, fields.message ?? null, fields.startedAt ?? null, fields.finishedAt ?? null, [...onlyFrom]],
  );
  return rows.length > 0;
}

/**
 * Portfolio chunks waiting and being run, across every portfolio not finished (the job queue's
 * depth as the metrics report it).
 */
export async function countOpenChunks(database: Database): Promise<{ queued: number; running: number }> {
  const [row] = await database.query<{ queued: number; running: number }>(
    `SELECT count(*) FILTER (WHERE c.state = $1)::int AS queued, count(*) FILTER (WHERE c.state = $2)::int AS running
     FROM portfolio_chunks c JOIN portfolios p ON p.id = c.portfolio_id WHERE p.${IS_OPEN_SQL}`,
    ['queued', 'running'] satisfies PortfolioChunkState[],
  );
  return { queued: Number(row?.queued ?? 0), running: Number(row?.running ?? 0) };
}

/** The state of one portfolio (cheap: workers check it before each chunk for a cancellation). */
export async function getPortfolioState(database: Database, portfolioId: string): Promise<PortfolioState | null> {
  const [row] = await database.query<{ state: string }>('SELECT state FROM portfolios WHERE id = $1', [portfolioId]);
  return row ? portfolioStateSchema.parse(row.state) : null;
}

export interface ChunkRecord extends ChunkRange {
  state: PortfolioChunkState;
  attempts: number;
}

/** The chunks not done yet, in order. */
export async function listPendingChunks(database: Database, portfolioId: string): Promise<ChunkRecord[]> {
  const rows = await database.query<Record<string, unknown>>(`SELECT chunk_index, from_row, to_row, state, attempts FROM portfolio_chunks WHERE portfolio_id = $1 AND state <> $2 ORDER BY chunk_index`, [portfolioId, 'done' satisfies PortfolioChunkState]);
  return rows.map((row) => ({ index: Number(row.chunk_index), fromRow: Number(row.from_row), toRow: Number(row.to_row), state: portfolioChunkStateSchema.parse(row.state), attempts: Number(row.attempts) }));
}

/** Marks a chunk started by a worker (counts the attempt; its loans assessed so far start again from 0). */
export async function startChunk(database: Database, portfolioId: string, chunkIndex: number, workerId: string, at: string): Promise<void> {
  await database.query(`UPDATE portfolio_chunks SET state = $5, attempts = attempts + 1, worker_id = $3, started_at = coalesce(started_at, $4), loans = 0, errors = 0 WHERE portfolio_id = $1 AND chunk_index = $2 AND state <> $6`, [
    portfolioId,
    chunkIndex,
    workerId,
    at,
    'running' satisfies PortfolioChunkState,
    'done' satisfies PortfolioChunkState,
  ]);
}

/**
 * The loans of a running chunk assessed so far (and how many of them with an error): what the
 * progress shows between a chunk's start and its end. Only a running chunk's count is set, so a
 * late write never undoes a finished chunk's final count.
 */
export async function recordChunkProgress(database: Database, portfolioId: string, chunkIndex: number, loans: number, errors: number): Promise<void> {
  await database.query(`UPDATE portfolio_chunks SET loans = $3, errors = $4 WHERE portfolio_id = $1 AND chunk_index = $2 AND state = $5`, [portfolioId, chunkIndex, loans, errors, 'running' satisfies PortfolioChunkState]);
}

/** Marks a chunk failed (its retries used up); the portfolio goes on with the other chunks. */
export async function failChunk(database: Database, portfolioId: string, chunkIndex: number, message: string, at: string): Promise<void> {
  await database.query(`UPDATE portfolio_chunks SET state = $5, message = $3, finished_at = $4 WHERE portfolio_id = $1 AND chunk_index = $2 AND state <> $6`, [
    portfolioId,
    chunkIndex,
    message,
    at,
    'failed' satisfies PortfolioChunkState,
    'done' satisfies PortfolioChunkState,
  ]);
}

/** The loans of rows fromRow..toRow, in order. */
export async function loadChunkLoans(database: Database, portfolioId: string, fromRow: number, toRow: number): Promise<StoredLoanInput[]> {
  const rows = await database.query<Record<string, unknown>>(
    `SELECT row_index, loan_id, input, record, input_error FROM portfolio_loans WHERE portfolio_id = $1 AND row_index BETWEEN $2 AND $3 ORDER BY row_index`,
    [portfolioId, fromRow, toRow],
  );
  return rows.map((row) => ({
    row: Number(row.row_index),
    loanId: String(row.loan_id),
    input: toJson<Record<string, string>>(row.input),
    record: row.record === null ? null : toJson<Record<string, unknown>>(row.record),
    inputError: (row.input_error as string | null) ?? null,
  }));
}

/**
 * Writes a chunk's results onto its loans and marks the chunk done with its counts, in one
 * statement each; both are "set" writes, so running the chunk again changes nothing.
 */
export async function writeChunkResults(database: Database, portfolioId: string, chunk: ChunkRange, results: readonly PortfolioResultRow[], at: string, workerId: string): Promise<void> {
  const payload = results.map((result) => {
    const { input: _input, ...stored } = result;
    return {
      row_index: result.row,
      result: stored,
      estimate_aud: result.estimate,
      loan_amount_aud: result.loan_amount,
      lvr: result.lvr,
      lvr_band: result.lvr_band,
      lvr_2050: result.lvr_2050,
      lvr_2050_band: result.lvr_2050_band,
      rwa_aud: result.rwa,
      confidence: result.confidence,
      flood: result.flood,
      fire: result.fire,
      coastal: result.coastal,
      subsidence: result.subsidence,
      cyclone: result.cyclone,
      earthquake: result.earthquake,
      hazard_level: result.hazard_level,
      hazard_score_2050: result.hazard_score_2050,
      error: result.error,
    };
  });
  await database.query(
    `UPDATE portfolio_loans AS p SET result = r.result, estimate_aud = r.estimate_aud, loan_amount_aud = r.loan_amount_aud, lvr = r.lvr, lvr_band = r.lvr_band, lvr_2050 = r.lvr_2050,
       lvr_2050_band = r.lvr_2050_band, rwa_aud = r.rwa_aud, confidence = r.confidence, flood = r.flood, fire = r.fire, coastal = r.coastal, subsidence = r.subsidence,
       cyclone = r.cyclone, earthquake = r.earthquake, hazard_level = r.hazard_level, hazard_score_2050 = r.hazard_score_2050, error = r.error, assessed_at = $3
     FROM jsonb_to_recordset($2::jsonb) AS r(row_index int, result jsonb, estimate_aud bigint, loan_amount_aud bigint, lvr float8, lvr_band text, lvr_2050 float8, lvr_2050_band text,
       rwa_aud bigint, confidence float8, flood int, fire int, coastal int, subsidence int, cyclone int, earthquake int, hazard_level text, hazard_score_2050 int, error text)
     WHERE p.portfolio_id = $1 AND p.row_index = r.row_index`,
    [portfolioId, JSON.stringify(payload), at],
  );
  const errors = results.filter((result) => result.error !== null).length;
  await database.query(
    `UPDATE portfolio_chunks SET state = $7, loans = $3, errors = $4, finished_at = $5, worker_id = $6, message = NULL WHERE portfolio_id = $1 AND chunk_index = $2`,
    [portfolioId, chunk.index, results.length, errors, at, workerId, 'done' satisfies PortfolioChunkState],
  );
}

const SORT_SQL: Readonly<Record<PortfolioResultsQuery['sort'], string>> = {
  row: 'row_index',
  loan_id: 'loan_id',
  estimate: 'estimate_aud',
  loan_amount: 'loan_amount_aud',
  lvr: 'lvr',
  lvr_2050: 'lvr_2050',
  rwa: 'rwa_aud',
  confidence: 'confidence',
  flood: 'flood',
  fire: 'fire',
  coastal: 'coastal',
  subsidence: 'subsidence',
  cyclone: 'cyclone',
  earthquake: 'earthquake',
  hazard_score_2050: 'hazard_score_2050',
};

/** Level of a 0-100 score as SQL (SPEC.md section 9: High >= 70, Medium >= 40). */
const levelSql = (column: string) => `CASE WHEN ${column} >= 70 THEN 'High' WHEN ${column} >= 40 THEN 'Medium' ELSE 'Low' END`;

function resultToRow(row: Record<string, unknown>): PortfolioResultRow {
  const result = toJson<Omit<PortfolioResultRow, 'input'>>(row.result);
  // Loans assessed before the FSD existed (issue 31) carry none.
  return { ...result, fsd_pct: result.fsd_pct ?? null, input: toJson<Record<string, string>>(row.input) };
}

/** One page of assessed loans, sorted and filtered (only loans whose chunk ran). */
export async function queryPortfolioResults(database: Database, portfolioId: string, query: PortfolioResultsQuery): Promise<{ total: number; rows: PortfolioResultRow[] }> {
  const params: unknown[] = [portfolioId];
  const conditions = ['portfolio_id = $1', 'result IS NOT NULL'];
  if (query.lvrBand) {
    params.push(query.lvrBand);
    conditions.push(`lvr_band = $${params.length}`);
  }
  if (query.lvr2050Band) {
    params.push(query.lvr2050Band);
    conditions.push(`lvr_2050_band = $${params.length}`);
  }
  if (query.hazardLevel) {
    params.push(query.hazardLevel);
    conditions.push(query.hazard ? `${SORT_SQL[query.hazard]} IS NOT NULL AND ${levelSql(SORT_SQL[query.hazard])} = $${params.length}` : `hazard_level = $${params.length}`);
  } else if (query.hazard) {
    conditions.push(`${SORT_SQL[query.hazard]} IS NOT NULL`);
  }
  if (query.errors === 'only') conditions.push('error IS NOT NULL');
  if (query.errors === 'exclude') conditions.push('error IS NULL');
  const where = conditions.join(' AND ');
  const [count] = await database.query<{ total: number }>(`SELECT count(*)::int AS total FROM portfolio_loans WHERE ${where}`, params);
  const order = `${SORT_SQL[query.sort]} ${query.order === 'desc' ? 'DESC' : 'ASC'} NULLS LAST, row_index`;
  params.push(query.pageSize, (query.page - 1) * query.pageSize);
  const rows = await database.query<Record<string, unknown>>(`SELECT input, result FROM portfolio_loans WHERE ${where} ORDER BY ${order} LIMIT $${params.length - 1} OFFSET $${params.length}`, params);
  return { total: Number(count?.total ?? 0), rows: rows.map(resultToRow) };
}

/**
 * Every stored result in row order, `batchSize` at a time (keyset on the row: memory stays flat
 * for any size of book). Loans whose chunk has not run are skipped.
 */
export async function* iteratePortfolioResults(database: Database, portfolioId: string, batchSize = 2000): AsyncGenerator<PortfolioResultRow[]> {
  let after = 0;
  for (;;) {
    const rows = await database.query<Record<string, unknown>>(
      `SELECT row_index, input, result FROM portfolio_loans WHERE portfolio_id = $1 AND row_index > $2 AND result IS NOT NULL ORDER BY row_index LIMIT $3`,
      [portfolioId, after, batchSize],
    );
    if (rows.length === 0) return;
    after = Number(rows.at(-1)!.row_index);
    yield rows.map(resultToRow);
  }
}

/** How many loans of a portfolio are stored, and how many have a result (tests and the fault check). */
export async function countPortfolioLoans(database: Database, portfolioId: string): Promise<{ stored: number; assessed: number; distinctRows: number }> {
  const [row] = await database.query<Record<string, unknown>>(
    `SELECT count(*)::int AS stored, count(result)::int AS assessed, count(DISTINCT row_index)::int AS distinct_rows FROM portfolio_loans WHERE portfolio_id = $1`,
    [portfolioId],
  );
  return { stored: Number(row?.stored ?? 0), assessed: Number(row?.assessed ?? 0), distinctRows: Number(row?.distinct_rows ?? 0) };
}

export interface WorkerRecord {
  id: string;
  host: string;
  pid: number;
  kind: string;
  threads: number;
  chunksDone: number;
  loansDone: number;
  startedAt: string;
  lastHeartbeat: string;
}

/** Registers a worker or records its heartbeat. */
export async function recordWorkerHeartbeat(database: Database, worker: Omit<WorkerRecord, 'chunksDone' | 'loansDone' | 'lastHeartbeat'>, at: string): Promise<void> {
  await database.query(
    `INSERT INTO portfolio_workers (id, host, pid, kind, threads, started_at, last_heartbeat) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (id) DO UPDATE SET last_heartbeat = excluded.last_heartbeat, threads = excluded.threads`,
    [worker.id, worker.host, worker.pid, worker.kind, worker.threads, worker.startedAt, at],
  );
}

/** Counts a chunk a worker finished. */
export async function addWorkerChunk(database: Database, workerId: string, loans: number, at: string): Promise<void> {
  await database.query(`UPDATE portfolio_workers SET chunks_done = chunks_done + 1, loans_done = loans_done + $2, last_heartbeat = $3 WHERE id = $1`, [workerId, loans, at]);
}

/** Workers seen since `since`, most recent heartbeat first. */
export async function listWorkers(database: Database, since: string): Promise<WorkerRecord[]> {
  const rows = await database.query<Record<string, unknown>>(
    `SELECT id, host, pid, kind, threads, chunks_done, loans_done, started_at, last_heartbeat FROM portfolio_workers WHERE last_heartbeat >= $1 ORDER BY last_heartbeat DESC LIMIT 100`,
    [since],
  );
  return rows.map((row) => ({
    id: String(row.id),
    host: String(row.host),
    pid: Number(row.pid),
    kind: String(row.kind),
    threads: Number(row.threads),
    chunksDone: Number(row.chunks_done),
    loansDone: Number(row.loans_done),
    startedAt: toIso(row.started_at)!,
    lastHeartbeat: toIso(row.last_heartbeat)!,
  }));
}
