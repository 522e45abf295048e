/** The thread of warmHazardSnapshot: reads the hazard files and keeps their snapshot. */
import { workerData } from 'node:worker_threads';
import { loadHazardData } from './load-hazard-data.ts';

const { dataDir, snapshotDir } = workerData as { dataDir: string; snapshotDir: string };
await loadHazardData(dataDir, { snapshotDir });
