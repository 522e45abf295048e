import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { policy } from '../http/route-policy.ts';

/**
 * The OpenAPI description is generated from the same zod schemas the handlers validate with.
 * Served at /api/openapi.json; interactive docs (Swagger UI, bundled, works offline) at /api/docs.
 */
export async function registerOpenApi(app: FastifyInstance, version: string, registerVendorRoutes: (register: () => Promise<void>) => Promise<void>): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'PropGuard API',
        version,
        description: 'Property valuation and climate-risk analysis for Australian real estate. Every error answers `{ "error": { "code", "message", "field" } }`.',
      },
      tags: [
        { name: 'health', description: 'Real state of each service, measured on each call' },
        { name: 'data', description: 'The cleaned real data sets loaded into the database' },
        { name: 'valuation', description: 'Automated valuations from the model trained on real sales' },
        { name: 'compatibility', description: 'The original PropGuard AI client\'s calls (docs/compat.md): anonymous, rate-limited, CORS for any origin' },
      ],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await registerVendorRoutes(async () => {
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  });
  app.get('/api/openapi.json', { config: policy('open'), schema: { hide: true } }, async () => app.swagger());
}
