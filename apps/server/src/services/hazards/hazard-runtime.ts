import { performance } from 'node:perf_hooks';
import { loadFloodLayers, loadHazardData, type Database } from '@propguard/db';
import { buildHazardContext, type HazardContext } from '@propguard/engines';
import type { BaseMap } from '@propguard/schemas';
import { loadBaseMap } from '../geo/base-map.ts';
import { redactPaths } from '../../http/redact.ts';

/** What hazard assessments and the map need in memory: the indexed hazard layers and the base map. */
export interface HazardRuntime {
  /** Replaced (not mutated) when the imported flood layers change (services/hazards/hazard-layer-refresh.ts). */
  context: HazardContext;
  baseMap: BaseMap;
  loadMs: number;
  /** The last live FIRMS query: when, how long it took, and its error (for the health check). */
  liveFeed: { lastQueryAt: string | null; lastLatencyMs: number | null; lastError: string | null };
}

export type HazardRuntimeState = { ready: true; runtime: HazardRuntime } | { ready: false; reason: string };

/**
 * Reads the hazard data sets in data/ and the flood layers imported into the database (issue 18;
 * the scheduler takes up later imports and removals), and builds their spatial indexes. A missing
 * or broken data set is reported as a reason (hazard endpoints answer 503 with it), not a crash.
 */
export async function loadHazardRuntime(dataDir: string, satelliteTileUrl: string | undefined, database: Database, snapshotDir?: string): Promise<HazardRuntimeState> {
  const started = performance.now();
  try {
    const data = await loadHazardData(dataDir, snapshotDir === undefined ? {} : { snapshotDir });
    const context = buildHazardContext({ ...data, floodLayers: await loadFloodLayers(database) });
    const baseMap = loadBaseMap(dataDir, satelliteTileUrl);
    return { ready: true, runtime: { context, baseMap, loadMs: Math.round(performance.now() - started), liveFeed: { lastQueryAt: null, lastLatencyMs: null, lastError: null } } };
  } catch (error) {
    return { ready: false, reason: `The bundled hazard data could not be loaded: ${redactPaths((error as Error).message)}` };
  }
}
