import { AppError } from '@propguard/schemas';
import type { AppContext } from '../app-context.ts';
import type { ValuationRuntime } from './valuation-runtime.ts';

/** The loaded valuation model and index, or a 503 saying why there is none. */
export function requireValuationRuntime(context: AppContext): ValuationRuntime {
  if (!context.valuation.ready) throw new AppError('SERVICE_UNAVAILABLE', context.valuation.reason);
  return context.valuation.runtime;
}
