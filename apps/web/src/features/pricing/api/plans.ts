import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckoutRequest, CheckoutResponse, PlansResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

/** GET /api/plans: plans, API prices, comparison and FAQ, from the database. */
export function usePlans() {
  return useQuery(queryOptions({ queryKey: ['plans'], queryFn: ({ signal }) => requestApi<PlansResponse>('/plans', { signal }), staleTime: 5 * 60_000 }));
}

/** POST /api/billing/checkout (offline test processor): the order and the steps the server ran. */
export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CheckoutRequest) => requestApi<CheckoutResponse>('/billing/checkout', { body }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** POST /api/billing/checkout-session (Stripe): where to send the browser. */
export function useStripeCheckout() {
  return useMutation({ mutationFn: () => requestApi<{ success: true; url: string }>('/billing/checkout-session', { body: { plan: 'professional' } }) });
}
