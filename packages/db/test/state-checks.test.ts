// The state columns are checked by the database (CHECK constraints built from the enums of
// packages/schemas): every state the enums name is accepted, anything else refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_PHASES, PORTFOLIO_CHUNK_STATES, PORTFOLIO_STATES, SUBSCRIPTION_STATES } from '@propguard/schemas';
import { insertUserWithWorkspace, openDatabase, type Database } from '../src/index.ts';
import { sqlWordList } from '../src/sql-word-list.ts';
import { createTempHome } from './support/test-databases.ts';

const AT = '2026-11-27T03:00:00.000Z';

describe('state CHECK constraints', () => {
  let database: Database;
  let home: Awaited<ReturnType<typeof createTempHome>>;

  beforeAll(async () => {
    home = await createTempHome();
    database = await openDatabase({ homeDir: home.homeDir });
    await insertUserWithWorkspace(database, { id: 'user-1', email: 'ann@example.com', passwordHash: 'scrypt$x', createdAt: AT }, { id: 'ws-1', name: 'Ann', createdAt: AT });
    await database.query(
      `INSERT INTO portfolios (id, name, source, state, executor, columns, total_loans, chunk_size, total_chunks, scenario, year, created_at) VALUES ('p-1', 'Book', 'csv', 'loading', 'threads', '[]', 0, 2, 0, 'high', 2050, $1)`,
      [AT],
    );
    await database.query(`INSERT INTO portfolio_chunks (portfolio_id, chunk_index, from_row, to_row, state) VALUES ('p-1', 0, 1, 2, 'queued')`);
    await database.query(
      `INSERT INTO subscriptions (workspace_id, plan_id, status, provider, current_period_start, current_period_end, created_at, updated_at) VALUES ('ws-1', 'professional', 'trialing', 'test', $1, $1, $1, $1)`,
      [AT],
    );
    await database.query(`INSERT INTO checkouts (id, workspace_id, plan_id, phase, steps, provider, amount_cents, created_at) VALUES ('c-1', 'ws-1', 'professional', 'failed', '[]', 'test', 0, $1)`, [AT]);
  });

  afterAll(async () => {
    await database?.close();
    await home?.remove();
  });

  const columns = [
    { table: 'portfolios', column: 'state', where: `id = 'p-1'`, states: PORTFOLIO_STATES, wrong: ['paused', 'Completed', 'canceled'] },
    { table: 'portfolio_chunks', column: 'state', where: `portfolio_id = 'p-1'`, states: PORTFOLIO_CHUNK_STATES, wrong: ['complete', 'cancelled'] },
    { table: 'subscriptions', column: 'status', where: `workspace_id = 'ws-1'`, states: SUBSCRIPTION_STATES, wrong: ['none', 'trial', 'cancelled'] },
    { table: 'checkouts', column: 'phase', where: `id = 'c-1'`, states: CHECKOUT_PHASES, wrong: ['done', 'rolled_back'] },
  ];

  it.each(columns)('$table.$column takes every state of its enum and refuses any other', async ({ table, column, where, states, wrong }) => {
    for (const state of states) await database.query(`UPDATE ${table} SET ${column} = $1 WHERE ${where}`, [state]);
    for (const state of wrong) await expect(database.query(`UPDATE ${table} SET ${column} = $1 WHERE ${where}`, [state])).rejects.toThrow(new RegExp(`${table}_${column}_check`));
    const [row] = await database.query<{ value: string }>(`SELECT ${column} AS value FROM ${table} WHERE ${where}`);
    expect(row?.value).toBe(states.at(-1));
  });

  it('writes an enum into SQL only as a list of plain words', () => {
    expect(sqlWordList(['queued', 'running'])).toBe(`('queued', 'running')`);
    expect(() => sqlWordList([`x'); DROP TABLE portfolios; --`])).toThrow(/not a state word/);
    expect(() => sqlWordList([])).toThrow(/empty/);
  });
});
