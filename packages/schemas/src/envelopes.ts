/**
 * The `{ success: true, ... }` envelopes of the API's answers, one schema each: the routes declare
 * their responses with them and the web reads their types (never a copy).
 */
import { z } from 'zod';
import { baseMapSchema, mapNearSchema } from './geo.ts';
import { climateDashboardSchema } from './hazards.ts';
import type { propertyDetailsResponseSchema } from './realty.ts';
import type { reportAnalyticsSchema, reportListResponseSchema, reportResponseSchema } from './reports.ts';
import { modelCardSchema, valuationResultSchema } from './valuation.ts';

/** POST /api/valuations */
export const valuationResponseSchema = z.object({ success: z.literal(true), valuation: valuationResultSchema });
export type ValuationResponse = z.infer<typeof valuationResponseSchema>;

/** GET /api/valuations/model */
export const modelCardResponseSchema = z.object({ success: z.literal(true), model: modelCardSchema });
export type ModelCardResponse = z.infer<typeof modelCardResponseSchema>;

/** POST /api/hazards/climate */
export const climateDashboardResponseSchema = z.object({ success: z.literal(true), climate: climateDashboardSchema });
export type ClimateDashboardResponse = z.infer<typeof climateDashboardResponseSchema>;

/** GET /api/geo/base */
export const baseMapResponseSchema = z.object({ success: z.literal(true), map: baseMapSchema });
export type BaseMapResponse = z.infer<typeof baseMapResponseSchema>;

/** GET /api/geo/near */
export const mapNearResponseSchema = z.object({ success: z.literal(true), near: mapNearSchema });
export type MapNearResponse = z.infer<typeof mapNearResponseSchema>;

/** GET /api/realty/property/{id} */
export type PropertyDetailsResponse = z.infer<typeof propertyDetailsResponseSchema>;

/** GET /api/reports/{id} and POST /api/realty/valuation-report */
export type ReportResponse = z.infer<typeof reportResponseSchema>;

/** GET /api/reports */
export type ReportListResponse = z.infer<typeof reportListResponseSchema>;

/** GET /api/reports/analytics */
export type ReportAnalyticsResponse = z.infer<typeof reportAnalyticsSchema>;
