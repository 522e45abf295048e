import type Stripe from 'stripe';
import type { PaymentConfirmation, PaymentProvider } from './payment-provider.ts';

export interface StripeOptions {
  secretKey: string;
  /** Tests point the SDK at a local fake: { host, port, protocol: 'http' }. */
  endpoint?: { host: string; port: number; protocol: 'http' | 'https' };
}

/**
 * The official SDK, with a short timeout and no retries: a checkout must answer within seconds. It is
 * imported only when Stripe is configured, so a start without it does not load it (issue 32).
 */
export async function createStripeClient(options: StripeOptions): Promise<Stripe> {
  const { default: StripeClient } = await import('stripe');
  return new StripeClient(options.secretKey, { maxNetworkRetries: 1, timeout: 10_000, ...(options.endpoint ?? {}) });
}

/**
 * Stripe as the payment provider. The card is entered on Stripe's hosted Checkout page (PropGuard
 * never sees it), so the subscription and its payment method are created there and reported back
 * by signed webhooks (webhook-service.ts); this class covers the calls PropGuard makes itself.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  constructor(readonly client: Stripe) {}

  async createCustomer(input: { workspaceId: string; workspaceName: string; email: string | null }) {
    const customer = await this.client.customers.create({ name: input.workspaceName, ...(input.email ? { email: input.email } : {}), metadata: { workspace_id: input.workspaceId } });
    return { customerId: customer.id };
  }

  async deleteCustomer(customerId: string) {
    await this.client.customers.del(customerId);
  }

  async createSubscription(): Promise<{ subscriptionId: string }> {
    throw new Error('With Stripe the subscription is created by Stripe Checkout');
  }

  async cancelSubscriptionNow(subscriptionId: string) {
    await this.client.subscriptions.cancel(subscriptionId);
  }

  async confirmPaymentMethod(): Promise<PaymentConfirmation> {
    return { isOk: false, reason: 'With Stripe the card is entered on Stripe Checkout.' };
  }

  async chargeRenewal(): Promise<PaymentConfirmation> {
    return { isOk: false, reason: 'Stripe charges renewals itself and reports them by webhook.' };
  }

  async setCancelAtPeriodEnd(subscriptionId: string, isCanceling: boolean) {
    await this.client.subscriptions.update(subscriptionId, { cancel_at_period_end: isCanceling });
  }

  /** A Checkout Session for a subscription with a free trial; Stripe redirects back to PropGuard. */
  async createCheckoutSession(input: { customerId: string; workspaceId: string; priceId: string; trialDays: number; baseUrl: string }): Promise<{ id: string; url: string }> {
    const session = await this.client.checkout.sessions.create({
      mode: 'subscription',
      customer: input.customerId,
      client_reference_id: input.workspaceId,
      line_items: [{ price: input.priceId, quantity: 1 }],
      subscription_data: { metadata: { workspace_id: input.workspaceId }, ...(input.trialDays > 0 ? { trial_period_days: input.trialDays } : {}) },
      success_url: `${input.baseUrl}/settings?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${input.baseUrl}/?tab=pricing&checkout=canceled`,
    });
    if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
    return { id: session.id, url: session.url };
  }

  /** The customer portal: cards, invoices and cancellation, hosted by Stripe. */
  async createPortalSession(customerId: string, returnUrl: string): Promise<string> {
    const session = await this.client.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
    return session.url;
  }
}
