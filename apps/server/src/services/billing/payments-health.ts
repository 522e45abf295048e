import type { PaymentProvider } from './payment-provider.ts';
import type { StripePaymentProvider } from './stripe-provider.ts';

export interface PaymentsSample {
  dependency: 'payments';
  status: 'ok' | 'down';
  latencyMs: number | null;
  detail: string;
}

/**
 * CPS 230 sample of the payments provider, measured by a real round trip: with Stripe, a one-item
 * customer list through the SDK; with the offline test processor, a customer created and deleted.
 */
export async function samplePayments(provider: PaymentProvider, stripe: StripePaymentProvider | null): Promise<PaymentsSample> {
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) * 100) / 100;
  try {
    if (stripe) {
      await stripe.client.customers.list({ limit: 1 });
      return { dependency: 'payments', status: 'ok', latencyMs: elapsed(), detail: `Stripe API answered in ${elapsed()} ms` };
    }
    const { customerId } = await provider.createCustomer({ workspaceId: 'health-check', workspaceName: 'health check', email: null });
    await provider.deleteCustomer(customerId);
    return { dependency: 'payments', status: 'ok', latencyMs: elapsed(), detail: 'Offline test processor (test mode: no money moves) created and deleted a customer in its tables' };
  } catch (error) {
    return { dependency: 'payments', status: 'down', latencyMs: null, detail: `Payments provider failed: ${(error as Error).message}` };
  }
}
