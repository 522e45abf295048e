/**
 * Portfolio revaluation jobs (issue 15): the book, its loans with their results, its chunks and the
 * workers that ran them. A loan is keyed by (portfolio, row): writing a chunk's results twice
 * updates the same rows (idempotent), it never adds a loan.
 */
import { bigint, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { PORTFOLIO_CHUNK_STATES, PORTFOLIO_STATES, type PortfolioChunkState, type PortfolioState } from '@propguard/schemas';
import { isOneOf } from '../sql-word-list.ts';

export const portfolios = pgTable(
  'portfolios',
  {
    id: text('id').primaryKey(),
    /** The owning workspace (issue 14); another workspace's portfolio answers 404. Null: made by the CLI or an anonymous compat call. */
    workspaceId: text('workspace_id'),
    name: text('name').notNull(),
    /** csv, json, cli, bulk-analysis, distributed-valuation */
    source: text('source').notNull(),
    /** PORTFOLIO_STATES: loading (hidden, while the upload writes its loans), queued, running, completed, failed, cancelled */
    state: text('state').$type<PortfolioState>().notNull(),
    /** threads (embedded) or queue (pg-boss) */
    executor: text('executor').notNull(),
    /** The upload's header, in order. */
    columns: jsonb('columns').notNull(),
    totalLoans: integer('total_loans').notNull(),
    chunkSize: integer('chunk_size').notNull(),
    totalChunks: integer('total_chunks').notNull(),
    scenario: text('scenario').notNull(),
    year: integer('year').notNull(),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'string' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'string' }),
  },
  (table) => [
    index('portfolios_workspace_idx').on(table.workspaceId, table.createdAt),
    index('portfolios_state_idx').on(table.state),
    check('portfolios_state_check', isOneOf(table.state, PORTFOLIO_STATES)),
  ],
);

export const portfolioLoans = pgTable(
  'portfolio_loans',
  {
    portfolioId: text('portfolio_id').notNull(),
    /** 1-based row of the upload. */
    rowIndex: integer('row_index').notNull(),
    loanId: text('loan_id').notNull(),
    /** The uploaded row as text, column -> value. */
    input: jsonb('input').notNull(),
    /** The row read through the column mapping (portfolioLoanInputSchema's input); null when it could not be read. */
    record: jsonb('record'),
    /** Why the row could not be read, found at upload. */
    inputError: text('input_error'),
    /** The result row (portfolioResultRowSchema without `input`); null until its chunk ran. */
    result: jsonb('result'),
    // Columns the results page sorts and filters on (copies of the result's fields).
    estimateAud: bigint('estimate_aud', { mode: 'number' }),
    loanAmountAud: bigint('loan_amount_aud', { mode: 'number' }),
    lvr: doublePrecision('lvr'),
    lvrBand: text('lvr_band'),
    lvr2050: doublePrecision('lvr_2050'),
    lvr2050Band: text('lvr_2050_band'),
    rwaAud: bigint('rwa_aud', { mode: 'number' }),
    confidence: doublePrecision('confidence'),
    flood: integer('flood'),
    fire: integer('fire'),
    coastal: integer('coastal'),
    subsidence: integer('subsidence'),
    cyclone: integer('cyclone'),
    earthquake: integer('earthquake'),
    hazardLevel: text('hazard_level'),
    hazardScore2050: integer('hazard_score_2050'),
    error: text('error'),
    assessedAt: timestamp('assessed_at', { withTimezone: true, mode: 'string' }),
  },
  (table) => [primaryKey({ columns: [table.portfolioId, table.rowIndex] })],
);

export const portfolioChunks = pgTable(
  'portfolio_chunks',
  {
    portfolioId: text('portfolio_id').notNull(),
    chunkIndex: integer('chunk_index').notNull(),
    fromRow: integer('from_row').notNull(),
    toRow: integer('to_row').notNull(),
    /** PORTFOLIO_CHUNK_STATES: queued, running, done, failed */
    state: text('state').$type<PortfolioChunkState>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    workerId: text('worker_id'),
    loans: integer('loans').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    message: text('message'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'string' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'string' }),
  },
  (table) => [primaryKey({ columns: [table.portfolioId, table.chunkIndex] }), check('portfolio_chunks_state_check', isOneOf(table.state, PORTFOLIO_CHUNK_STATES))],
);

export const portfolioWorkers = pgTable('portfolio_workers', {
  id: text('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  /** threads: the server's or CLI's worker-thread pool; process: a `propguard worker` */
  kind: text('kind').notNull(),
  threads: integer('threads').notNull(),
  chunksDone: integer('chunks_done').notNull().default(0),
  loansDone: integer('loans_done').notNull().default(0),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'string' }).notNull(),
  lastHeartbeat: timestamp('last_heartbeat', { withTimezone: true, mode: 'string' }).notNull(),
});
