/** A worker thread running one of this package's TypeScript modules. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Set only in the bundle `npm start` runs (scripts/build-server.mjs): the URL of its directory,
 * which holds each thread's bundle beside the server's. Under tsx (tests, the CLI) it is undefined.
 */
declare const PROPGUARD_BUNDLE_DIR: string | undefined;

/** The bundle of the thread module `file` (its name with .mjs), when this code runs from the bundle and it was built. */
function bundledThread(file: URL): URL | null {
  if (typeof PROPGUARD_BUNDLE_DIR === 'undefined') return null;
  const bundled = new URL(path.basename(file.pathname).replace(/\.ts$/, '.mjs'), PROPGUARD_BUNDLE_DIR);
  return existsSync(bundled) ? bundled : null;
}

/** tsx's registration API, as this module resolves it (a bare name where import.meta.resolve is missing: the thread resolves it from the working directory). */
function tsxApi(): string {
  try {
    return import.meta.resolve('tsx/esm/api');
  } catch {
    return 'tsx/esm/api';
  }
}

/**
 * Starts a thread on the TypeScript module `file`: its bundle when the server runs from one (no
 * loader hooks to load), else the source. A thread does not inherit the parent's tsx hooks (nor
 * take them from --import in execArgv, on Node 20): it registers tsx's own, then imports the file.
 */
export function startTypeScriptWorker(file: URL, workerData: unknown): Worker {
  const bundled = bundledThread(file);
  if (bundled) return new Worker(bundled, { workerData });
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
