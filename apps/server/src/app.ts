import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerCompatTransport } from './plugins/compat-transport.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { compatRoutes } from './routes/compat/compat-routes.ts';
import { registerApiRoutes } from './routes/index.ts';
import type { AppContext } from './services/app-context.ts';

export interface BuildAppOptions {
  /** Pino logger settings; false silences the logs (tests). */
  logger?: boolean | { level: string };
}

/** Builds the HTTP application: API under /api, OpenAPI docs, and the web app. Does not listen. */
export async function buildApp(context: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: context.config.logLevel },
    bodyLimit: 5 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await registerCompatTransport(app, context.config.compatRateLimitPerMinute);
  await registerOpenApi(app, context.version);
  await app.register(registerApiRoutes(context), { prefix: '/api' });
  await app.register(compatRoutes(context));
  await registerWebApp(app, context.config.webDistDir);
  return app;
}
