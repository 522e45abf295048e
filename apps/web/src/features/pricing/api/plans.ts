import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckoutRequest, CheckoutResponse, CheckoutStreamEvent, PlansResponse } from '@propguard/schemas';
import { ApiError, requestApi, streamApi } from '../../../lib/api-client.ts';

/** GET /api/plans: plans, API prices, comparison and FAQ, from the database. */
export function usePlans() {
  return useQuery(queryOptions({ queryKey: ['plans'], queryFn: ({ signal }) => requestApi<PlansResponse>('/plans', { signal }), staleTime: 5 * 60_000 }));
}

export type CheckoutStepEvent = Extract<CheckoutStreamEvent, { event: 'step' }>;

/**
 * POST /api/billing/checkout/stream (offline test processor): `onStep` hears of each step the
 * moment the server completes it; resolves with the order, or throws the decline as an ApiError.
 */
export async function streamCheckout(body: CheckoutRequest, onStep: (step: CheckoutStepEvent) => void): Promise<CheckoutResponse> {
  let outcome: CheckoutStreamEvent | null = null;
  await streamApi('/billing/checkout/stream', body, (data) => {
    const event = data as CheckoutStreamEvent;
    if (event.event === 'step') onStep(event);
    else outcome = event;
  });
  const final = outcome as CheckoutStreamEvent | null;
  if (final?.event === 'result') return final.checkout;
  if (final?.event === 'error') throw new ApiError(final.error.message, final.error.code === 'PAYMENT_DECLINED' ? 402 : 500, final.error.code);
  throw new ApiError('The checkout ended without an answer; check Settings before trying again.', 502);
}

/** The streamed checkout as a mutation; the caller passes where each step goes. */
export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, onStep }: { body: CheckoutRequest; onStep: (step: CheckoutStepEvent) => void }) => streamCheckout(body, onStep),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** POST /api/billing/checkout-session (Stripe): where to send the browser. */
export function useStripeCheckout() {
  return useMutation({ mutationFn: () => requestApi<{ success: true; url: string }>('/billing/checkout-session', { body: { plan: 'professional' } }) });
}
