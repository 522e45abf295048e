/** A worker thread running one of this package's TypeScript modules. */
import { Worker } from 'node:worker_threads';

/** tsx's registration API, as this module resolves it (a bare name where import.meta.resolve is missing: the thread resolves it from the working directory). */
function tsxApi(): string {
  try {
    return import.meta.resolve('tsx/esm/api');
  } catch {
    return 'tsx/esm/api';
  }
}

/**
 * Starts a thread on the TypeScript module `file`. A thread does not inherit the parent's tsx hooks
 * (nor take them from --import in execArgv, on Node 20): it registers tsx's own, then imports the file.
 */
export function startTypeScriptWorker(file: URL, workerData: unknown): Worker {
  const bootstrap = `import(${JSON.stringify(tsxApi())}).then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData });
}
