import { performance } from 'node:perf_hooks';
import { isAppError } from '@propguard/schemas';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createAppContext } from './context.ts';

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

  const startMs = performance.now();
  console.log(`PropGuard: opening ${config.databaseUrl ? 'the PostgreSQL server' : `the embedded database in ${config.homeDir}/db`}...`);
  const context = await createAppContext(config, { onProgress: (message) => console.log(`  ${message}`) });
  const app = await buildApp(context);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await context.database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`\nPropGuard is ready in ${((performance.now() - startMs) / 1000).toFixed(1)} s: open http://${shownHost}:${config.port}/`);
  console.log(`API docs: http://${shownHost}:${config.port}/api/docs`);
  console.log(`Accounts: AUTH_MODE=${config.authMode}${config.authMode === 'local' ? ' (no sign-in needed: this browser owns the local workspace)' : ' (writes and workspace data need a session or an API key)'}; payments: ${config.stripeSecretKey ? 'Stripe' : 'offline test processor (no money moves)'}\n`);
}

main().catch((error: unknown) => {
  console.error('PropGuard failed to start:', error instanceof Error ? error.message : error);
  // An AppError is an expected condition with its own message (e.g. the database is in use);
  // anything else is a bug, and its stack trace helps.
  if (error instanceof Error && !isAppError(error) && error.stack) console.error(error.stack);
  process.exit(1);
});
