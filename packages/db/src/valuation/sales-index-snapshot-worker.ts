/** The thread of startSalesIndexSnapshot: builds the sales index from the COPY text it is given and writes its snapshot. */
import { workerData } from 'node:worker_threads';
import { writeSalesIndexSnapshot, type SalesIndexSnapshotJob } from './load-indexed-sales.ts';

writeSalesIndexSnapshot(workerData as SalesIndexSnapshotJob);
