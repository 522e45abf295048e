import { AppError } from '@propguard/schemas';
import type { AppContext } from '../app-context.ts';
import type { HazardRuntime } from './hazard-runtime.ts';

/** The loaded hazard layers, or a 503 saying why there are none. */
export function requireHazardRuntime(context: AppContext): HazardRuntime {
  if (!context.hazards.ready) throw new AppError('SERVICE_UNAVAILABLE', context.hazards.reason);
  return context.hazards.runtime;
}
