import { assessHazards, buildClimateDashboard } from '@propguard/engines';
import type { ClimateDashboard, ClimateDashboardRequest, HazardReport, HazardRequest } from '@propguard/schemas';
import type { AppContext } from '../app-context.ts';
import { requireHazardRuntime } from './require-hazards.ts';

/** Six hazards at a point for a scenario and year (POST /api/hazards/assess). */
export function assessLocation(context: AppContext, request: HazardRequest): HazardReport {
  const { context: hazards } = requireHazardRuntime(context);
  return assessHazards({ lat: request.lat, lng: request.lng }, hazards, request.scenario, request.year);
}

/** The Climate dashboard of one property (POST /api/hazards/climate). */
export function getClimateDashboard(context: AppContext, request: ClimateDashboardRequest): ClimateDashboard {
  const { context: hazards } = requireHazardRuntime(context);
  return buildClimateDashboard({ lat: request.lat, lng: request.lng }, hazards, request.scenario, request.propertyValueAud ?? null, request.metricsYear);
}
