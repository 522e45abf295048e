import type Stripe from 'stripe';
import { findSubscriptionByCustomer, findSubscriptionByProviderId, insertInvoice, recordBillingEvent, setBillingEventOutcome, updateSubscriptionFromEvent, upsertSubscription, withTransaction, type Database } from '@propguard/db';
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

const OLDER = 'ignored: older than the last event applied to this subscription';

async function applySubscription(database: Database, subscription: Stripe.Subscription, eventAt: string): Promise<string> {
  const known = await findSubscriptionByProviderId(database, subscription.id);
  const customerId = typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
  const workspaceId = known?.workspaceId ?? subscription.metadata?.workspace_id ?? (await findSubscriptionByCustomer(database, customerId))?.workspaceId;
  if (!workspaceId) return 'ignored: no workspace for this subscription';
  const status = statusOf(subscription.status);
  if (status === null) return `ignored: status ${subscription.status}`;
  const item = subscription.items?.data?.[0];
  const now = new Date().toISOString();
  const isPaying = !isSubscriptionFinished(status);
  const isApplied = await upsertSubscription(database, {
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
    lastEventAt: eventAt,
  }, isPaying ? 'professional' : 'starter');
  return isApplied ? `subscription ${status}` : OLDER;
}

async function applyInvoice(database: Database, invoice: Stripe.Invoice, isPaid: boolean, eventAt: string): Promise<string> {
  const customerId = typeof invoice.customer === 'string' ? invoice.customer : invoice.customer?.id;
  const subscription = customerId ? await findSubscriptionByCustomer(database, customerId) : null;
  if (!subscription) return 'ignored: no workspace for this customer';
  if (!isPaid) {
    // A failed renewal: the subscription is past due (the app shows a banner) until a payment succeeds.
    const isApplied = await updateSubscriptionFromEvent(database, subscription.workspaceId, { status: 'past_due', updatedAt: new Date().toISOString() }, eventAt);
    return isApplied ? 'subscription past_due' : OLDER;
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
  // A payment that settles a failed one ends past_due, unless a newer event said otherwise; either
  // way the subscription now holds this event's news, so an older payment_failed cannot follow it.
  const isSettling = subscription.status === 'past_due';
  const isApplied = await updateSubscriptionFromEvent(database, subscription.workspaceId, isSettling ? { status: 'active', updatedAt: new Date().toISOString() } : {}, eventAt);
  return isSettling && isApplied ? 'invoice recorded; subscription active' : 'invoice recorded';
}

async function applyEvent(database: Database, event: Stripe.Event, eventAt: string): Promise<string> {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.trial_will_end':
      return applySubscription(database, event.data.object, eventAt);
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
      return applyInvoice(database, event.data.object, true, eventAt);
    case 'invoice.payment_failed':
      return applyInvoice(database, event.data.object, false, eventAt);
    default:
      return `ignored: ${event.type}`;
  }
}

/**
 * Applies a verified event exactly once and in order, in ONE transaction: the event's id is
 * recorded first (billing_events' primary key, so a concurrent second delivery waits for this one
 * and then answers "already handled"), then its changes are applied, each only when the event is
 * not older (`event.created`) than the last event applied to the subscription, then its outcome is
 * noted. A failure rolls all of it back, so Stripe's retry applies it afresh.
 */
export async function handleStripeEvent(database: Database, event: Stripe.Event): Promise<{ duplicate: boolean; outcome: string }> {
  const eventAt = new Date(event.created * 1000).toISOString();
  return withTransaction(database, async (transaction) => {
    const isNew = await recordBillingEvent(transaction, { id: event.id, provider: 'stripe', type: event.type, receivedAt: new Date().toISOString(), eventCreatedAt: eventAt });
    if (!isNew) return { duplicate: true, outcome: 'already handled' };
    const outcome = await applyEvent(transaction, event, eventAt);
    await setBillingEventOutcome(transaction, event.id, outcome);
    return { duplicate: false, outcome };
  });
}
