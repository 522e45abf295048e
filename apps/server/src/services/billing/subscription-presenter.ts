import type { InvoiceRow, SubscriptionRow } from '@propguard/db';
import { gstIncludedCents } from '@propguard/engines';
import { australianDateOf, invoiceSchema, isSubscriptionFinished, planIdSchema, subscriptionStateSchema, type Invoice, type PlanId, type Subscription } from '@propguard/schemas';

const dateOnly = (value: string | null) => (value === null ? null : value.slice(0, 10));

/** A workspace's subscription as the API shows it; no row means the free Starter plan. */
export function presentSubscription(row: SubscriptionRow | null, workspacePlan: PlanId): Subscription {
  if (!row) return { plan: workspacePlan, status: 'none', trial_end: null, current_period_end: null, next_billing_date: null, cancel_at_period_end: false, scheduled_plan: null, payment_method: null, provider: null };
  const status = subscriptionStateSchema.parse(row.status);
  const isBilling = !isSubscriptionFinished(status) && !row.cancelAtPeriodEnd && row.scheduledPlanId === null;
  return {
    plan: planIdSchema.parse(row.planId),
    status,
    trial_end: dateOnly(row.trialEnd),
    current_period_end: dateOnly(row.currentPeriodEnd),
    next_billing_date: isBilling ? dateOnly(row.currentPeriodEnd) : null,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    scheduled_plan: row.scheduledPlanId === null ? null : planIdSchema.parse(row.scheduledPlanId),
    payment_method: row.paymentMethod,
    provider: row.provider === 'stripe' ? 'stripe' : 'test',
  };
}

export function presentInvoice(row: InvoiceRow): Invoice {
  return invoiceSchema.parse({
    id: row.id,
    number: `PG-${String(row.number).padStart(6, '0')}`,
    order_id: row.orderId,
    status: row.status,
    description: row.description,
    amount_cents: row.amountCents,
    gst_cents: gstIncludedCents(row.amountCents),
    currency: 'AUD',
    // The Australian calendar day, as the screen and the PDF show it (a period starting 23:30 UTC is the next day in Sydney).
    period_start: australianDateOf(row.periodStart),
    period_end: australianDateOf(row.periodEnd),
    created_at: row.createdAt,
    paid_at: row.paidAt,
    payment_method: row.paymentMethod,
    transaction_id: row.transactionId,
    provider: row.provider === 'stripe' ? 'stripe' : 'test',
  });
}
