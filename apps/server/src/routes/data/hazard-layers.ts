import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importHazardLayer, listHazardLayers, removeHazardLayer } from '@propguard/db';
import {
  AppError,
  errorResponseSchema,
  HAZARD_LAYER_UPLOAD_MAX_BYTES,
  hazardLayerIdParamsSchema,
  hazardLayerListSchema,
  hazardLayerRemoveResponseSchema,
  hazardLayerUploadQuerySchema,
  hazardLayerUploadResponseSchema,
} from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { refreshImportedFloodLayers } from '../../services/hazards/hazard-layer-refresh.ts';
import { policy } from '../../http/route-policy.ts';

const ERRORS = { ...ERROR_RESPONSES, 401: errorResponseSchema, 403: errorResponseSchema, 413: errorResponseSchema, 415: errorResponseSchema } as const;

function layersInUse(context: AppContext): number {
  return context.hazards.ready ? (context.hazards.runtime.context.data.floodLayers ?? []).length : 0;
}

/**
 * GET /api/data/hazard-layers: the imported hazard overlays (issue 18) with their licence notes.
 * POST (the file as the body, the mapping in the query) imports one through the same function as
 * `propguard import hazard-layer`; DELETE /api/data/hazard-layers/{id} removes one. Both are writes:
 * an owner's or an analyst's (plugins/access-policy.ts); the running server takes the change up at once.
 */
export function hazardLayersRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The upload's body is the layer file itself (GeoJSON, a zipped Shapefile or a GeoPackage), read whole.
    app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: HAZARD_LAYER_UPLOAD_MAX_BYTES }, (_request, body, done) => done(null, body));

    app.get('/data/hazard-layers', {
      config: policy('public'),
      schema: {
        tags: ['data'],
        summary: 'Imported hazard overlays (uploaded here or with propguard import hazard-layer): name, licence note, import date, features',
        response: { 200: hazardLayerListSchema },
      },
    }, async () => ({ success: true as const, layers: await listHazardLayers(context.database), inUse: layersInUse(context) }));

    app.post('/data/hazard-layers', {
      config: policy('analyst', { audited: true }),
      bodyLimit: HAZARD_LAYER_UPLOAD_MAX_BYTES,
      schema: {
        tags: ['data'],
        summary: `Imports a flood overlay: the body is the file (Content-Type application/octet-stream; GeoJSON, a zipped Shapefile or a GeoPackage, in longitude/latitude, at most ${HAZARD_LAYER_UPLOAD_MAX_BYTES / 1024 / 1024} MB), the query names it and maps its attribute (aep, ari or depth). A file it cannot use is a 400 and nothing is stored`,
        querystring: hazardLayerUploadQuerySchema,
        response: { 201: hazardLayerUploadResponseSchema, ...ERRORS },
      },
    }, async (request, reply) => {
      const body = request.body;
      if (!(body instanceof Uint8Array) || body.byteLength === 0) throw new AppError('VALIDATION_ERROR', 'body: send the layer file as the request body (Content-Type: application/octet-stream)', { field: 'body' });
      const { kind, fileName, field, attribute, name, licence } = request.query;
      const layer = await importHazardLayer(context.database, { content: { bytes: body, fileName }, kind, field, attribute, name, licenceNote: licence });
      await refreshImportedFloodLayers(context);
      reply.code(201);
      return { success: true as const, layer, inUse: layersInUse(context) };
    });

    app.delete('/data/hazard-layers/:id', {
      config: policy('analyst', { audited: true }),
      schema: {
        tags: ['data'],
        summary: 'Removes an imported hazard overlay and its polygons; flood answers no longer use or cite it',
        params: hazardLayerIdParamsSchema,
        response: { 200: hazardLayerRemoveResponseSchema, ...ERRORS },
      },
    }, async (request) => {
      if (!(await removeHazardLayer(context.database, request.params.id))) throw new AppError('NOT_FOUND', `no hazard layer #${request.params.id}`, { field: 'id' });
      await refreshImportedFloodLayers(context);
      return { success: true as const, removed: request.params.id, inUse: layersInUse(context) };
    });
  };
}
