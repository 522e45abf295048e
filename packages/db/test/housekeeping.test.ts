// The scheduler's purges (apps/server/src/scheduler.ts) as database functions, on a fresh PGlite:
// expired sessions and health samples past their retention are deleted, nothing newer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredSessions, deleteHealthChecksBefore, insertHealthChecks, insertSession, insertUserWithWorkspace, openDatabase, type Database } from '../src/index.ts';
import { createTempHome } from './support/test-databases.ts';

const NOW = new Date('2026-11-27T03:00:00.000Z');
const hoursFromNow = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();

describe('housekeeping purges', () => {
  let database: Database;
  let home: Awaited<ReturnType<typeof createTempHome>>;

  beforeAll(async () => {
    home = await createTempHome();
    database = await openDatabase({ homeDir: home.homeDir });
    await insertUserWithWorkspace(database, { id: 'user-1', email: 'ann@example.com', passwordHash: 'scrypt$x', createdAt: hoursFromNow(-1000) }, { id: 'ws-1', name: 'Ann', createdAt: hoursFromNow(-1000) });
  });

  afterAll(async () => {
    await database?.close();
    await home?.remove();
  });

  it('deletes the sessions that expired before now and keeps the live ones', async () => {
    const session = (id: string, expiresInHours: number) => insertSession(database, { id, userId: 'user-1', workspaceId: 'ws-1', createdAt: hoursFromNow(-24 * 14), expiresAt: hoursFromNow(expiresInHours) });
    await session('expired-long-ago', -24 * 7);
    await session('expired-a-minute-ago', -1 / 60);
    await session('live', 1);
    await session('live-for-a-fortnight', 24 * 14);

    expect(await deleteExpiredSessions(database, NOW.toISOString())).toBe(2);
    const left = await database.query<{ id: string }>('SELECT id FROM sessions ORDER BY id');
    expect(left.map((row) => row.id)).toEqual(['live', 'live-for-a-fortnight']);
    // Run again: nothing more is due.
    expect(await deleteExpiredSessions(database, NOW.toISOString())).toBe(0);
  });

  it('deletes the health samples taken before the retention cut-off and keeps the newer ones', async () => {
    const sample = (hoursAgo: number) => ({ checkedAt: hoursFromNow(-hoursAgo), dependency: 'database', status: 'ok', latencyMs: 1, detail: `${hoursAgo} h ago` });
    await insertHealthChecks(database, [sample(24 * 45), sample(24 * 30 + 1), sample(24 * 30 - 1), sample(24), sample(0)]);
    const cutoff = hoursFromNow(-24 * 30);

    expect(await deleteHealthChecksBefore(database, cutoff)).toBe(2);
    const left = await database.query<{ detail: string }>('SELECT detail FROM health_checks ORDER BY checked_at');
    expect(left.map((row) => row.detail)).toEqual(['719 h ago', '24 h ago', '0 h ago']);
    expect(await deleteHealthChecksBefore(database, cutoff)).toBe(0);
  });
});
