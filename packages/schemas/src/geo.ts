import { z } from 'zod';

/**
 * Vector data for the property map (issue 4, item 8): drawn by MapLibre from our own data sets,
 * with no tile server. GeoJSON is validated loosely (type and feature list); its geometry comes
 * from data files we ship, not from users.
 */
const featureSchema = z.object({
  type: z.literal('Feature'),
  geometry: z.object({ type: z.string(), coordinates: z.unknown() }).nullable(),
  properties: z.record(z.string(), z.unknown()).nullable(),
});
export const featureCollectionSchema = z.object({ type: z.literal('FeatureCollection'), features: z.array(featureSchema) });
export type FeatureCollection = z.infer<typeof featureCollectionSchema>;
export type Feature = z.infer<typeof featureSchema>;

/** GET /api/geo/base: the national layers (states, coastline, rivers, lakes). */
export const baseMapSchema = z
  .object({
    states: featureCollectionSchema,
    coastline: featureCollectionSchema,
    rivers: featureCollectionSchema,
    lakes: featureCollectionSchema,
    /** XYZ imagery template from SATELLITE_TILE_URL; null when none is configured. */
    satelliteTileUrl: z.string().nullable(),
    attribution: z.string(),
  })
  .meta({ id: 'BaseMap' });
export type BaseMap = z.infer<typeof baseMapSchema>;

/** GET /api/geo/near: what lies around a property, for the map's layers. */
export const mapNearQuerySchema = z.object({
  lat: z.coerce.number().min(-44).max(-9),
  lng: z.coerce.number().min(112).max(154),
  radiusKm: z.coerce.number().positive().max(100).default(25),
});
export type MapNearQuery = z.infer<typeof mapNearQuerySchema>;

export const mapNearSchema = z
  .object({
    center: z.object({ lat: z.number(), lng: z.number() }),
    radiusKm: z.number(),
    /** Suburb and locality polygons (ABS 2021) around the property. */
    suburbs: featureCollectionSchema,
    /** Detailed shoreline (GSHHG full resolution) within the radius. */
    coastline: featureCollectionSchema,
    /** Rivers and lake centre lines within the radius. */
    rivers: featureCollectionSchema,
    /** Mapped flood extents within the radius (only where a flood map exists). */
    floodExtents: featureCollectionSchema,
    /** Satellite fire detections within the radius (the archive the fire score uses). */
    fires: featureCollectionSchema,
    /** Coastal points with their 1% AEP storm-tide level (ACS) within the radius. */
    coastalPoints: featureCollectionSchema,
    sources: z.array(z.object({ id: z.string(), title: z.string() })),
  })
  .meta({ id: 'MapNear' });
export type MapNear = z.infer<typeof mapNearSchema>;
