import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../src/config.ts';

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves when the output contains `text` (or rejects after timeoutMs). */
  waitForOutput(text: string | RegExp, timeoutMs?: number): Promise<void>;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
}

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The server's bundle npm test made from these sources before the API stages (scripts/test.mjs sets
 * it): a server started from it is ready about 2 s sooner than through tsx. Unset (a run of the API
 * project alone), the sources run through tsx: a bundle left by an earlier build may be stale.
 */
const TEST_SERVER_BUNDLE = process.env.PROPGUARD_TEST_SERVER_BUNDLE;

/** Starts the real server as its own process, as `npm start` does: its bundle (scripts/build-server.mjs) when npm test made one, else apps/server/src/main.ts through tsx. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await findFreePort();
  const entry = TEST_SERVER_BUNDLE ? [path.resolve(REPO_ROOT, TEST_SERVER_BUNDLE)] : ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts')];
  const child = spawn(process.execPath, entry, {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: Array<{ test: (text: string) => boolean; resolve: () => void }> = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of [...waiters]) {
      if (waiter.test(output)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    waitForOutput: (text, timeoutMs = 120_000) =>
      new Promise<void>((resolve, reject) => {
        const test = (all: string) => (typeof text === 'string' ? all.includes(text) : text.test(all));
        if (test(output)) return resolve();
        const timer = setTimeout(() => reject(new Error(`timed out waiting for ${String(text)}; output so far:\n${output}`)), timeoutMs);
        waiters.push({ test, resolve: () => { clearTimeout(timer); resolve(); } });
        void exited.then((code) => {
          clearTimeout(timer);
          if (!test(output)) reject(new Error(`server exited (${code}) before printing ${String(text)}:\n${output}`));
        });
      }),
  };
}

export async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}
