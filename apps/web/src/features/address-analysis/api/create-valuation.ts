import type { ValuationRequest, ValuationResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

/** POST /api/valuations: the live valuation of one address by the PropGuard model. */
export function createValuation(request: ValuationRequest, signal?: AbortSignal): Promise<ValuationResponse> {
  return requestApi<ValuationResponse>('/valuations', { method: 'POST', body: request, signal });
}
