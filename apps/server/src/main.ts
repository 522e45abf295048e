import { performance } from 'node:perf_hooks';
import { isAppError } from '@propguard/schemas';
import { flushSnapshotWrites } from '@propguard/db';
import { buildApp } from './app.ts';
import { ConfigError, isLoopbackHost, loadConfig, type AppConfig } from './config.ts';
import { createAppContext } from './context.ts';
import { StartProgress, type StartStep } from './start-progress.ts';
import { listenForWebBuild } from './web-build.ts';

/** The accounts line of the start banner: which mode, why, and (local) who gets in without signing in. Said on every start (issue 29). */
function describeAuthMode(config: AppConfig): string {
  const proxy = config.trustProxy === false ? 'TRUST_PROXY unset: X-Forwarded-* not believed' : `TRUST_PROXY=${String(config.trustProxy)}`;
  if (config.authMode === 'required') return `Accounts: AUTH_MODE=required${config.authModeSource === 'explicit' ? '' : ' (AUTH_MODE unset, HOST is not loopback)'}: writes and workspace data need a session or an API key; ${proxy}.`;
  if (config.authModeSource === 'explicit') {
    return `!! Accounts: AUTH_MODE=local (set explicitly): EVERY request is the owner of the local workspace, with no sign-in${isLoopbackHost(config.host) ? '' : `, and HOST=${config.host} lets other machines in`}. For a developer machine only; set AUTH_MODE=required anywhere else. ${proxy}.`;
  }
  return `!! Accounts: AUTH_MODE=local for this machine only (AUTH_MODE unset, HOST=${config.host} is loopback): a request straight from this machine is the owner of the local workspace, with no sign-in; a request with a public Host, Origin, Forwarded or X-Forwarded-* header (a reverse proxy) must sign in. Behind a proxy set AUTH_MODE=required (README, "Deployment behind a reverse proxy"). ${proxy}.`;
}

/** How long after the server listens the background work of the start begins (createAppContext's afterReady). */
const BACKGROUND_DELAY_MS = 1_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // `npm start` builds the web app beside this start (scripts/start.mjs); it is waited for before the routes.
  const webBuild = listenForWebBuild();
  // Counted from the process's start (performance's time origin), the loading of the code included.
  const codeLoadedMs = performance.now();
  const progress = new StartProgress();
  const onProgress = (step: StartStep) => {
    progress.record(step);
    if (step.message) console.log(progress.format(step.message));
  };
  onProgress({ phase: 'database', state: 'running', message: `PropGuard: code loaded in ${(codeLoadedMs / 1000).toFixed(1)} s; opening ${config.databaseUrl ? 'the PostgreSQL server' : `the embedded database in ${config.homeDir}/db`}...` });
  // Work the first page does not need (the address index, the health pages' data counts) waits for the server to listen.
  let markReady = () => undefined as void;
  const afterReady = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const context = await createAppContext(config, { onProgress, afterReady, onBackgroundDone: (message) => console.log(message) });
  const waitedAt = performance.now();
  const webBuilt = await webBuild;
  const waitedMs = performance.now() - waitedAt;
  if (webBuilt === 'failed') console.log('web app: its build failed (see above); the API is served, and its pages say how to build the web app');
  else if (waitedMs >= 100) console.log(`web app: waited ${(waitedMs / 1000).toFixed(1)} s for its build`);
  const routesStartedAt = performance.now();
  const app = await buildApp(context);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    // Snapshots a first start held until after ready (snapshot.ts): written now, so that the next start reads them.
    flushSnapshotWrites();
    await context.database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // A moment after ready, so that the first page and its first analysis go before it.
  setTimeout(markReady, BACKGROUND_DELAY_MS).unref();
  onProgress({ phase: 'routes', state: 'done', message: `routes: API and web app served in ${Math.round(performance.now() - routesStartedAt)} ms` });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`\nPropGuard is ready in ${(performance.now() / 1000).toFixed(1)} s: open http://${shownHost}:${config.port}/`);
  console.log(`API docs: http://${shownHost}:${config.port}/api/docs`);
  console.log(`${describeAuthMode(config)}\nPayments: ${config.stripeSecretKey ? 'Stripe' : 'offline test processor (no money moves)'}; account mail: printed here${config.mailOutboxDir ? ' and written to MAIL_OUTBOX_DIR' : ''} (no mail transport)\n`);
}

main().catch((error: unknown) => {
  console.error('PropGuard failed to start:', error instanceof Error ? error.message : error);
  // An AppError is an expected condition with its own message (e.g. the database is in use);
  // anything else is a bug, and its stack trace helps.
  if (error instanceof Error && !isAppError(error) && error.stack) console.error(error.stack);
  process.exit(1);
});
