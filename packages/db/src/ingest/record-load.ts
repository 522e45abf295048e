/** dataset_loads: what was loaded from which file version; compared with the files on each start. */
import { eq } from 'drizzle-orm';
import type { DrizzleDatabase } from '../open-database.ts';
import { datasetLoads } from '../schema.ts';

/**
 * Bumped whenever a cleaning rule or parser changes what the same file produces, so that every
 * data set is loaded again on the next start even though its checksum is unchanged.
 */
export const RULESET_VERSION = 2;

export interface LoadCounts {
  rowsRead: number;
  rowsLoaded: number;
  rowsRejected: number;
  rejectedByReason: Record<string, number>;
  adjustedByRule: Record<string, number>;
}

export async function findRecordedLoad(executor: DrizzleDatabase, dataset: string): Promise<{ checksum: string; rulesetVersion: number } | null> {
  const rows = await executor
    .select({ checksum: datasetLoads.checksum, rulesetVersion: datasetLoads.rulesetVersion })
    .from(datasetLoads)
    .where(eq(datasetLoads.dataset, dataset));
  return rows[0] ?? null;
}

export async function recordLoad(tx: DrizzleDatabase, dataset: string, checksum: string, counts: LoadCounts, durationMs: number): Promise<void> {
  const values = {
    dataset,
    checksum,
    rulesetVersion: RULESET_VERSION,
    ...counts,
    loadedAt: new Date().toISOString(),
    durationMs: Math.round(durationMs),
  };
  await tx.insert(datasetLoads).values(values).onConflictDoUpdate({ target: datasetLoads.dataset, set: values });
}

export async function deleteRecordedLoad(tx: DrizzleDatabase, dataset: string): Promise<void> {
  await tx.delete(datasetLoads).where(eq(datasetLoads.dataset, dataset));
}

/** Tallies rejections and adjustments while a file is read. */
export class LoadTally implements LoadCounts {
  rowsRead = 0;
  rowsLoaded = 0;
  rowsRejected = 0;
  rejectedByReason: Record<string, number> = {};
  adjustedByRule: Record<string, number> = {};

  countRejection(reason: string): void {
    this.rowsRejected += 1;
    this.rejectedByReason[reason] = (this.rejectedByReason[reason] ?? 0) + 1;
  }

  countAdjustments(rules: readonly string[]): void {
    for (const rule of rules) this.adjustedByRule[rule] = (this.adjustedByRule[rule] ?? 0) + 1;
  }

  toCounts(): LoadCounts {
    return {
      rowsRead: this.rowsRead,
      rowsLoaded: this.rowsLoaded,
      rowsRejected: this.rowsRejected,
      rejectedByReason: { ...this.rejectedByReason },
      adjustedByRule: { ...this.adjustedByRule },
    };
  }
}
