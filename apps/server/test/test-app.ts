import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createAppContext } from '../src/context.ts';
import type { AppContext } from '../src/services/app-context.ts';
import { getTestDbKind, TEST_DATABASE_URL, TEST_PGLITE_HOME } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  context: AppContext;
  close(): Promise<void>;
}

/** The reason the API suite is skipped on this run, or null. */
export function getApiSkipReason(): string | null {
  return inject('apiSkipReason');
}

/** The real server on the real database prepared by global-setup.ts (PGlite or PostgreSQL). */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const kind = getTestDbKind();
  const config = loadConfig({
    PROPGUARD_HOME: TEST_PGLITE_HOME,
    LOG_LEVEL: 'silent',
    // Every test request comes from one address: the rate limits are lifted (security and compat
    // tests lower them to see the 429).
    COMPAT_RATE_LIMIT_PER_MINUTE: '1000000',
    RATE_LIMIT_PER_MINUTE: '1000000',
    EXPENSIVE_RATE_LIMIT_PER_MINUTE: '1000000',
    ...(kind === 'postgres' ? { DATABASE_URL: TEST_DATABASE_URL } : {}),
    ...env,
  });
  const context = await createAppContext(config);
  const app = await buildApp(context, { logger: false });
  await app.ready();
  return {
    app,
    context,
    close: async () => {
      await app.close();
      await context.database.close();
    },
  };
}
