import type Stripe from 'stripe';
import { findSubscriptionByCustomer, findSubscriptionByProviderId, hasBillingEvent, insertInvoice, recordBillingEvent, updateSubscription, upsertSubscription, type Database } from '@propguard/db';
import { AppError, isSubscriptionFinished, type SubscriptionState } from '@propguard/schemas';
import { newId } from '../accounts/secrets.ts';

const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);

/** Stripe subscription statuses -> ours. incomplete ones are not subscriptions yet. */
function statusOf(status: Stripe.Subscription.Status): SubscriptionState | null {
  switch (status) {
    case 'trialing': return 'trialing';
    case 'active': return 'active';
    case 'past_due':
    case 'unpaid': return 'past_due';
    case 'canceled':
    case 'incomplete_expired': return 'canceled';
    default: return null;
  }
}

/**
 * Verifies a Stripe webhook (the Stripe-Signature header over the raw body, with the endpoint's
 * secret and Stripe's 5-minute tolerance) and returns the event; a bad signature is a 400.
 */
export function verifyStripeEvent(client: Stripe, rawBody: string, signature: string | undefined, secret: string): Stripe.Event {
  if (!signature) throw new AppError('VALIDATION_ERROR', 'Stripe-Signature header: missing.', { field: 'headers.stripe-signature' });
  try {
    return client.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new AppError('VALIDATION_ERROR', 'Stripe-Signature header: the signature does not match this payload and secret (or is too old).', { field: 'headers.stripe-signature' });
  }
}

async function applySubscription(database: Database, subscription: Stripe.Subscription): Promise<string> {
  const known = await findSubscriptionByProviderId(database, subscription.id);
  const customerId = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
  const workspaceId = known?.workspaceId ?? subscription.metadata?.workspace_id ?? (await findSubscriptionByCustomer(database, customerId))?.workspaceId;
  if (!workspaceId) return 'ignored: no workspace for this subscription';
  const status = statusOf(subscription.status);
  if (status === null) return `ignored: status ${subscription.status}`;
  const item = subscription.items?.data?.[0];
  const now = new Date().toISOString();
  const isPaying = !isSubscriptionFinished(status);
  await upsertSubscription(database, {
    workspaceId,
    planId: 'professional',
    status,
    provider: 'stripe',
    providerCustomerId: customerId,
    providerSubscriptionId: subscription.id,
    paymentMethod: known?.paymentMethod ?? null,
    trialEnd: iso(subscription.trial_end),
    currentPeriodStart: iso(item?.current_period_start) ?? known?.currentPeriodStart ?? now,
    currentPeriodEnd: iso(item?.current_period_end) ?? known?.currentPeriodEnd ?? now,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    scheduledPlanId: null,
    createdAt: known?.createdAt ?? now,
    updatedAt: now,
  }, isPaying ? 'professional' : 'starter');
  return `subscription ${status}`;
}

async function applyInvoice(database: Database, invoice: Stripe.Invoice, isPaid: boolean): Promise<string> {
  const customerId = typeof invoice.customer === 'string' ? invoice.customer : invoice.customer?.id;
  const subscription = customerId ? await findSubscriptionByCustomer(database, customerId) : null;
  if (!subscription) return 'ignored: no workspace for this customer';
  if (!isPaid) {
    await updateSubscription(database, subscription.workspaceId, { status: 'past_due', updatedAt: new Date().toISOString() });
    return 'subscription past_due';
  }
  const line = invoice.lines?.data?.[0];
  await insertInvoice(database, {
    id: newId('inv'),
    workspaceId: subscription.workspaceId,
    orderId: null,
    status: 'paid',
    description: line?.description ?? 'Professional plan',
    amountCents: invoice.amount_paid,
    periodStart: iso(line?.period?.start ?? invoice.period_start) ?? new Date().toISOString(),
    periodEnd: iso(line?.period?.end ?? invoice.period_end) ?? new Date().toISOString(),
    createdAt: iso(invoice.created) ?? new Date().toISOString(),
    paidAt: iso(invoice.status_transitions?.paid_at) ?? new Date().toISOString(),
    paymentMethod: subscription.paymentMethod,
    transactionId: invoice.id ?? null,
    provider: 'stripe',
    providerInvoiceId: invoice.id ?? null,
  });
  return 'invoice recorded';
}

/**
 * Applies a verified event once: an event id seen before is acknowledged and skipped, and each
 * handler is itself idempotent (upserts; invoices unique by Stripe invoice id).
 */
export async function handleStripeEvent(database: Database, event: Stripe.Event): Promise<{ duplicate: boolean; outcome: string }> {
  if (await hasBillingEvent(database, event.id)) return { duplicate: true, outcome: 'already handled' };
  let outcome: string;
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.trial_will_end':
      outcome = await applySubscription(database, event.data.object);
      break;
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
      outcome = await applyInvoice(database, event.data.object, true);
      break;
    case 'invoice.payment_failed':
      outcome = await applyInvoice(database, event.data.object, false);
      break;
    default:
      outcome = `ignored: ${event.type}`;
  }
  await recordBillingEvent(database, { id: event.id, provider: 'stripe', type: event.type, receivedAt: new Date().toISOString() });
  return { duplicate: false, outcome };
}

