/**
 * The code's own state enums (packages/schemas) written into SQL: CHECK constraints of the table
 * definitions and the WHERE clauses that name a set of states, so that the states are listed once.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A constant list of words as an SQL list, `('queued', 'running')`. Only for the code's own enums
 * (lower-case words), never for input: anything else throws.
 * @example `state IN ${sqlWordList(OPEN_PORTFOLIO_STATES)}`
 */
export function sqlWordList(words: readonly string[]): string {
  if (words.length === 0) throw new Error('sqlWordList: an empty list');
  for (const word of words) if (!/^[a-z_]+$/.test(word)) throw new Error(`sqlWordList: ${JSON.stringify(word)} is not a state word`);
  return `(${words.map((word) => `'${word}'`).join(', ')})`;
}

/** A table's CHECK that `column` holds one of `words` (drizzle `check()`). */
export function isOneOf(column: AnyPgColumn, words: readonly string[]): SQL {
  return sql`${column} IN ${sql.raw(sqlWordList(words))}`;
}
