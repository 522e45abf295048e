import type { PaymentMethodInput, PlanId } from '@propguard/schemas';

/**
 * What checkout needs from a payment provider. Two implementations: the offline test processor
 * (test-processor.ts, the default) and Stripe (stripe-provider.ts, when STRIPE_SECRET_KEY is set).
 */
export type PaymentConfirmation =
  | { isOk: true; paymentMethod: string; transactionId: string }
  | { isOk: false; reason: string };

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  createCustomer(input: { workspaceId: string; workspaceName: string; email: string | null }): Promise<{ customerId: string }>;
  deleteCustomer(customerId: string): Promise<void>;
  createSubscription(input: { customerId: string; planId: PlanId; priceCents: number; trialDays: number }): Promise<{ subscriptionId: string }>;
  cancelSubscriptionNow(subscriptionId: string): Promise<void>;
  /** Confirms the card and charges `amountDueNowCents` (0 during a trial: the card is only verified). */
  confirmPaymentMethod(input: { customerId: string; subscriptionId: string; card: PaymentMethodInput; amountDueNowCents: number; at: Date }): Promise<PaymentConfirmation>;
  /** Charges a renewal with the stored card. */
  chargeRenewal(input: { customerId: string; subscriptionId: string; amountCents: number }): Promise<PaymentConfirmation>;
  setCancelAtPeriodEnd(subscriptionId: string, isCanceling: boolean): Promise<void>;
}
