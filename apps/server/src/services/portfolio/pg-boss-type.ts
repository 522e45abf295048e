import type { startBoss } from '@propguard/jobs';

/** A started pg-boss instance (the type of packages/jobs' startBoss). */
export type PgBossInstance = Awaited<ReturnType<typeof startBoss>>;
