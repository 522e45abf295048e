import { performance } from 'node:perf_hooks';
import { computeArchiveFireRisk, computeFireRisk } from '@propguard/engines';
import type { FireRisk, FireRiskRequest } from '@propguard/schemas';
import type { AppContext } from '../app-context.ts';
import { fetchFirmsDetections } from './firms-client.ts';
import { requireHazardRuntime } from './require-hazards.ts';

/** Days of live detections asked for (the area API's DAY_RANGE). */
const LIVE_DAY_RANGE = 5;
const MS_PER_DAY = 86_400_000;

interface WarnLogger {
  warn(object: object, message: string): void;
}

/**
 * SPEC.md fire-risk function at the property's coordinates: live NASA FIRMS detections when a
 * key is set and the feed answers; otherwise the bundled archive, and the answer says which and
 * why. A live failure is logged and the reading goes on from the archive (SPEC.md section 8).
 */
export async function getFireRisk(context: AppContext, request: FireRiskRequest, log: WarnLogger): Promise<FireRisk> {
  const runtime = requireHazardRuntime(context);
  const { context: hazards } = runtime;
  const location = { lat: request.latitude, lng: request.longitude };
  const { firmsMapKey, firmsSource, firmsBaseUrl } = context.config;
  if (!firmsMapKey) {
    return computeArchiveFireRisk(hazards, location, request.radiusKm, 'No FIRMS_MAP_KEY is set: live detections need a NASA FIRMS map key.');
  }
  const queriedAt = new Date();
  const started = performance.now();
  runtime.liveFeed.lastQueryAt = queriedAt.toISOString();
  try {
    const detections = await fetchFirmsDetections(location.lat, location.lng, request.radiusKm, {
      mapKey: firmsMapKey,
      source: firmsSource,
      baseUrl: firmsBaseUrl,
      dayRange: LIVE_DAY_RANGE,
    });
    runtime.liveFeed.lastLatencyMs = Math.round(performance.now() - started);
    runtime.liveFeed.lastError = null;
    const from = new Date(queriedAt.getTime() - LIVE_DAY_RANGE * MS_PER_DAY).toISOString().slice(0, 10);
    return computeFireRisk(detections, location, request.radiusKm, {
      dataSource: 'firms-live',
      queriedAt: queriedAt.toISOString(),
      period: { from, to: queriedAt.toISOString().slice(0, 10) },
      note: `NASA FIRMS ${firmsSource}, the last ${LIVE_DAY_RANGE} days.`,
    });
  } catch (error) {
    const message = (error as Error).message;
    runtime.liveFeed.lastLatencyMs = Math.round(performance.now() - started);
    runtime.liveFeed.lastError = message;
    log.warn({ reason: message }, 'Live FIRMS query failed; using the archive');
    return computeArchiveFireRisk(hazards, location, request.radiusKm, `The live FIRMS query failed (${message}); the archive answered instead.`);
  }
}
