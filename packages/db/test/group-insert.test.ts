// The group commit of the audit rows (issue 35), on PGlite and on the PostgreSQL server: rows
// handed over in one turn go in one statement, every caller's row is stored before its promise
// settles, and a bad row fails its own caller only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccountAudit, insertValuationAudit, openDatabase, type Database, type DatabaseKind } from '../src/index.ts';
import { createTempHome, createTestPostgres } from './support/test-databases.ts';

const postgres = await createTestPostgres();

describe.each([
  { kind: 'pglite' as DatabaseKind, isAvailable: true },
  { kind: 'postgres' as DatabaseKind, isAvailable: postgres !== null },
])('grouped audit inserts on $kind', ({ kind, isAvailable }) => {
  let database: Database;
  let home: Awaited<ReturnType<typeof createTempHome>>;
  const statements: string[] = [];
  /** The database with its statements counted: a handle of its own, so its groups are its own. */
  let counted: Database;

  beforeAll(async () => {
    if (!isAvailable) return;
    home = await createTempHome();
    database = await openDatabase(kind === 'postgres' ? { databaseUrl: postgres?.databaseUrl as string, homeDir: home.homeDir } : { homeDir: home.homeDir });
    counted = { ...database, query: async (text, params) => { statements.push(text); return database.query(text, params); } };
  });

  afterAll(async () => {
    await database?.close();
    await home?.remove();
    if (kind === 'postgres') await postgres?.drop();
  });

  const row = (subject: string, modelVersion = 'group-test') => ({ recordedAt: new Date().toISOString(), kind: 'valuation', subject, modelVersion, inputs: { address: subject }, dataSources: ['test'], result: { estimate: 1 }, workspaceId: null });

  it.skipIf(!isAvailable)('writes the rows of one turn in one statement, each stored when its promise settles', async () => {
    statements.length = 0;
    await Promise.all(Array.from({ length: 25 }, (_, position) => insertValuationAudit(counted, row(`${position} Group St`, 'group-one-turn'))));
    expect(statements.filter((text) => text.startsWith('INSERT INTO valuation_audit'))).toHaveLength(1);
    const rows = await database.query<{ subject: string }>(`SELECT subject FROM valuation_audit WHERE model_version = 'group-one-turn' ORDER BY id`);
    expect(rows.map((stored) => stored.subject)).toEqual(Array.from({ length: 25 }, (_, position) => `${position} Group St`));
    // Rows handed over in separate turns are separate statements.
    statements.length = 0;
    await insertValuationAudit(counted, row('later 1', 'group-one-turn'));
    await insertValuationAudit(counted, row('later 2', 'group-one-turn'));
    expect(statements).toHaveLength(2);
  });

  it.skipIf(!isAvailable)('writes the account audit row at once, not at the end of the turn (a client\'s next call must find it)', async () => {
    statements.length = 0;
    const written = insertAccountAudit(counted, { at: new Date().toISOString(), workspaceId: 'group-test', actor: 'now', action: 'group.test', subject: null });
    // Sent before this turn ends: a query the next call queues comes after it.
    expect(statements).toEqual([expect.stringMatching(/^INSERT INTO account_audit/)]);
    await written;
  });

  it.skipIf(!isAvailable)('fails only the caller of a bad row; the rest of its group is stored', async () => {
    const outcomes = await Promise.allSettled([
      insertValuationAudit(counted, row('1 Good St')),
      // A NOT NULL column left empty: the database refuses this row.
      insertValuationAudit(counted, { ...row('2 Bad St'), subject: null as unknown as string }),
      insertValuationAudit(counted, row('3 Good St')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const stored = await database.query<{ subject: string; inputs: { address: string } }>(`SELECT subject, inputs FROM valuation_audit WHERE model_version = 'group-test' ORDER BY id`);
    expect(stored).toEqual([{ subject: '1 Good St', inputs: { address: '1 Good St' } }, { subject: '3 Good St', inputs: { address: '3 Good St' } }]);
  });
});
