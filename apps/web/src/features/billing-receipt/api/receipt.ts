import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReceiptResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

/** GET /api/billing/invoices/{id}: one invoice's receipt (another workspace's answers 404). */
export function useReceipt(invoiceId: string) {
  return useQuery(queryOptions({ queryKey: ['billing', 'receipt', invoiceId], queryFn: ({ signal }) => requestApi<ReceiptResponse>(`/billing/invoices/${encodeURIComponent(invoiceId)}`, { signal }), retry: false }));
}

export function receiptPdfUrl(invoiceId: string): string {
  return `/api/billing/invoices/${encodeURIComponent(invoiceId)}/pdf`;
}
