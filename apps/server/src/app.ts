import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerAuth, isApiKeyRequest, requireRoutePolicies } from './plugins/auth.ts';
import { registerCompatTransport } from './plugins/compat-transport.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerLoadShedding } from './plugins/load-shedding.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerRequestActivity } from './plugins/request-activity.ts';
import { registerRequestLogs } from './plugins/request-logs.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { compatRoutes } from './routes/compat/compat-routes.ts';
import { registerApiRoutes } from './routes/index.ts';
import { ipfsGatewayRoute } from './routes/blockchain/ipfs-gateway.ts';
import { registerScheduler } from './scheduler.ts';
import type { AppContext } from './services/app-context.ts';

export interface BuildAppOptions {
  /** Pino logger settings; false silences the logs (tests). */
  logger?: boolean | { level: string };
  /**
   * false: another app owns this context (a second app over the same context with other settings,
   * in tests): this one runs no background jobs, starts no portfolio executor and closes none of the
   * context's resources when it closes. Default true.
   */
  ownsContext?: boolean;
}

/** Builds the HTTP application: API under /api, OpenAPI docs, and the web app. Does not listen. */
export async function buildApp(context: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const { config } = context;
  const { trustProxy } = config;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // Each request is logged by registerRequestLogs: debug normally, info when slow or failed.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 5 * 1024 * 1024,
    // A client has this long to send a whole request; a slowly sent body is cut off (408).
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs,
    // TRUST_PROXY: whether X-Forwarded-For/-Proto/-Host are believed (request.ip, protocol, host).
    // A number of proxies in front: the nearest `hops` addresses are theirs (what Fastify does with a number).
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRequestActivity(app, context.activity);
  registerRequestLogs(app, config.slowRequestMs);
  registerInputGuard(app);
  // First of the hooks that do work: an overloaded server refuses a call before anything reads or writes for it.
  const admission = registerLoadShedding(app, config.loadShedding);
  // Before any route: every route declares its policy (http/route-policy.ts).
  const routePolicies = requireRoutePolicies(app);
  // Before the rate limits: calls with an API key are limited by their plan, not their address.
  registerAuth(app, context);
  await registerSecurity(app, { perMinute: config.rateLimitPerMinute, expensivePerMinute: config.expensiveRateLimitPerMinute, compatPerMinute: config.compatRateLimitPerMinute }, { satelliteTileUrl: config.satelliteTileUrl, isExempt: isApiKeyRequest });
  registerCompatTransport(app);
  registerMetrics(app, context.database, config.metricsApiKey, admission);
  await registerOpenApi(app, context.version, routePolicies.registerVendorRoutes);
  await app.register(registerApiRoutes(context), { prefix: '/api' });
  await app.register(compatRoutes(context));
  await app.register(ipfsGatewayRoute(context));
  await routePolicies.registerVendorRoutes(() => registerWebApp(app, context.config.webDistDir));
  if (options.ownsContext !== false) {
    registerScheduler(app, context);
    app.addHook('onClose', async () => {
      if (context.chain.ready) await context.chain.runtime.publicCalls?.close();
    });
  }
  return app;
}
