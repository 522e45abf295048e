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

/**
 * Runs the TypeScript module `file` on a thread of its own to its end: true when it ended cleanly,
 * false when it could not start or threw (the caller then does the work itself).
 */
export function runTypeScriptWorker(file: URL, workerData: unknown): Promise<boolean> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = startTypeScriptWorker(file, workerData);
    } catch {
      resolve(false);
      return;
    }
    worker.once('error', () => resolve(false));
    worker.once('exit', (code) => resolve(code === 0));
  });
}
