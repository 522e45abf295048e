import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvoiceListResponse, PlanId, SubscriptionResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

/** GET /api/billing/subscription (not asked while `isEnabled` is false). */
export function useSubscription({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery(queryOptions({ queryKey: ['billing', 'subscription'], queryFn: ({ signal }) => requestApi<SubscriptionResponse>('/billing/subscription', { signal }), enabled: isEnabled }));
}

/** GET /api/billing/invoices */
export function useInvoices() {
  return useQuery(queryOptions({ queryKey: ['billing', 'invoices'], queryFn: ({ signal }) => requestApi<InvoiceListResponse>('/billing/invoices', { signal }) }));
}

/** POST /api/billing/subscription/{cancel,resume,change} */
export function useSubscriptionAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { kind: 'cancel' } | { kind: 'resume' } | { kind: 'change'; plan: PlanId }) =>
      requestApi<SubscriptionResponse>(`/billing/subscription/${action.kind}`, { body: action.kind === 'change' ? { plan: action.plan } : {} }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** POST /api/billing/portal (Stripe only): the customer portal's URL. */
export function useStripePortal() {
  return useMutation({ mutationFn: () => requestApi<{ success: true; url: string }>('/billing/portal', { body: {} }) });
}
