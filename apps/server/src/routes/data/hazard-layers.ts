import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listHazardLayers } from '@propguard/db';
import { hazardLayerListSchema } from '@propguard/schemas';
import type { AppContext } from '../../services/app-context.ts';

/** GET /api/data/hazard-layers: the imported hazard overlays (issue 18) with their licence notes. */
export function hazardLayersRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/data/hazard-layers', {
      schema: {
        tags: ['data'],
        summary: 'Imported hazard overlays (propguard import hazard-layer): name, licence note, import date, features; removed with propguard hazard-layers remove',
        response: { 200: hazardLayerListSchema },
      },
    }, async () => ({
      success: true as const,
      layers: await listHazardLayers(context.database),
      inUse: context.hazards.ready ? (context.hazards.runtime.context.data.floodLayers ?? []).length : 0,
    }));
  };
}
