/**
 * The hazard files read into their snapshot in a worker thread (issue 32.1). A first start spends
 * about 3 s reading them on the main thread after the data load; read beside the load, on the other
 * core, the start then reads the snapshot instead (about 1 s).
 */
import { runTypeScriptWorker } from '../worker-thread.ts';
import { hasHazardSnapshot } from './load-hazard-data.ts';

const WORKER_FILE = new URL('./warm-hazard-snapshot-worker.ts', import.meta.url);

/**
 * Starts reading the hazard files into their snapshot in `snapshotDir` unless it is already kept.
 * Resolves when the worker is done, true when it wrote the snapshot; false when there was nothing to
 * do or it failed (the caller's own `loadHazardData` then reads the files, and says what is wrong).
 */
export function warmHazardSnapshot(dataDir: string, snapshotDir: string): Promise<boolean> {
  if (hasHazardSnapshot(dataDir, snapshotDir)) return Promise.resolve(false);
  return runTypeScriptWorker(WORKER_FILE, { dataDir, snapshotDir }).then((ended) => ended && hasHazardSnapshot(dataDir, snapshotDir));
}
