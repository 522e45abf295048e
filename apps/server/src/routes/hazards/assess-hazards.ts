import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hazardReportSchema, hazardRequestSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { assessLocation } from '../../services/hazards/hazard-service.ts';
import { policy } from '../../http/route-policy.ts';

export function assessHazardsRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/hazards/assess', {
      config: policy('public'),
      schema: {
        tags: ['hazards'],
        summary: 'Flood, bushfire, coastal, subsidence, cyclone and earthquake scores at a point, now or projected to a year and scenario',
        body: hazardRequestSchema,
        response: { 200: z.object({ success: z.literal(true), report: hazardReportSchema }), ...ERROR_RESPONSES },
      },
    }, async (request) => ({ success: true as const, report: assessLocation(context, request.body) }));
  };
}
