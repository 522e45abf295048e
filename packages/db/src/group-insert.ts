import type { Database } from './open-database.ts';

/** The most rows one statement carries (PostgreSQL takes at most 65,535 parameters). */
const MAX_GROUP_ROWS = 500;

interface Group<Row> {
  rows: Row[];
  waiters: { resolve(): void; reject(error: unknown): void }[];
}

/**
 * Group commit for rows written on a hot path (an audit row per valuation). The rows handed over
 * during one turn of the event loop are inserted by one statement when the turn ends
 * (setImmediate), and each caller's promise settles with that statement: an answer still goes out
 * only once its row is stored, while a busy server writes ten rows for the cost of about one. A
 * statement that fails is retried row by row, so a bad row fails its own caller only.
 *
 * @example const insertAudit = groupInsert((database, rows) => database.query(multiRowInsert(rows)));
 */
export function groupInsert<Row>(write: (database: Database, rows: readonly Row[]) => Promise<unknown>): (database: Database, row: Row) => Promise<void> {
  const open = new Map<Database, Group<Row>>();

  async function flush(database: Database, group: Group<Row>): Promise<void> {
    if (open.get(database) === group) open.delete(database);
    try {
      await write(database, group.rows);
      for (const waiter of group.waiters) waiter.resolve();
    } catch (error) {
      if (group.rows.length === 1) {
        group.waiters[0]!.reject(error);
        return;
      }
      // One after another, in the order handed over.
      for (const [position, row] of group.rows.entries()) {
        try {
          await write(database, [row]);
          group.waiters[position]!.resolve();
        } catch (rowError) {
          group.waiters[position]!.reject(rowError);
        }
      }
    }
  }

  return (database, row) =>
    new Promise<void>((resolve, reject) => {
      let group = open.get(database);
      if (!group || group.rows.length >= MAX_GROUP_ROWS) {
        const fresh: Group<Row> = { rows: [], waiters: [] };
        open.set(database, fresh);
        setImmediate(() => void flush(database, fresh));
        group = fresh;
      }
      group.rows.push(row);
      group.waiters.push({ resolve, reject });
    });
}

/** `($1, $2), ($3, $4)`: the VALUES list of `rows` rows of `columns` parameters each, with a cast per column where given. */
export function valuesList(rows: number, casts: readonly string[]): string {
  const tuples: string[] = [];
  for (let row = 0; row < rows; row += 1) tuples.push(`(${casts.map((cast, column) => `$${row * casts.length + column + 1}${cast}`).join(', ')})`);
  return tuples.join(', ');
}
