import { z } from 'zod';
import { errorResponseSchema } from './errors.ts';
import { formatCents } from './format.ts';

/**
 * Plans, metered API usage, subscriptions, checkout and invoices (issue 14). Money crosses the
 * API as whole cents (`..._cents`, AUD) because the API prices have cents ($0.50 a valuation).
 */

export const PLAN_IDS = ['starter', 'professional', 'enterprise'] as const;
export const planIdSchema = z.enum(PLAN_IDS);
export type PlanId = z.infer<typeof planIdSchema>;

export const planActionSchema = z.enum(['get-started', 'start-trial', 'contact-sales']);
export type PlanAction = z.infer<typeof planActionSchema>;

/** Kinds of metered call: what a call with an API key is counted and priced as. */
export const USAGE_KINDS = ['valuation', 'bulk_valuation', 'compliance_report', 'certificate', 'other'] as const;
export const usageKindSchema = z.enum(USAGE_KINDS);
export type UsageKind = z.infer<typeof usageKindSchema>;

export const planSchema = z.object({
  id: planIdSchema,
  name: z.string(),
  description: z.string(),
  price_cents: z.number().int().nullable().describe('Per billing period; null: custom price agreed with sales'),
  billing_period: z.enum(['month']).nullable(),
  trial_days: z.number().int(),
  monthly_valuation_quota: z.number().int().nullable().describe('null: unlimited'),
  api_access: z.boolean(),
  api_requests_per_minute: z.number().int().describe('Rate limit of calls with an API key of this plan'),
  features: z.array(z.string()),
  comparison: z.record(z.string(), z.string()).describe('Feature comparison row -> this plan\'s value'),
  is_highlighted: z.boolean(),
  action: planActionSchema,
  action_label: z.string(),
});
export type Plan = z.infer<typeof planSchema>;

export const apiPriceSchema = z.object({
  kind: usageKindSchema,
  label: z.string(),
  unit: z.string(),
  price_cents: z.number().int(),
  from_monthly_requests: z.number().int().nullable().describe('The price applies from this many valuation requests in a month (bulk)'),
});
export type ApiPrice = z.infer<typeof apiPriceSchema>;

export const plansResponseSchema = z
  .object({
    success: z.literal(true),
    plans: z.array(planSchema),
    api_prices: z.array(apiPriceSchema),
    comparison_rows: z.array(z.string()).describe('Order of the comparison table\'s rows'),
    faq: z.array(z.object({ question: z.string(), answer: z.string() })),
    sales_email: z.string(),
    payment_provider: z.enum(['test', 'stripe']).describe('test: the offline test processor (no real money moves)'),
  })
  .meta({ id: 'Plans' });
export type PlansResponse = z.infer<typeof plansResponseSchema>;

// ---- usage ----------------------------------------------------------------------------------

export const usageResponseSchema = z
  .object({
    success: z.literal(true),
    period_start: z.string().describe('ISO date: the first day of this month (UTC)'),
    period_end: z.string().describe('ISO date: the first day of next month (UTC), when the quota resets'),
    plan: planIdSchema,
    valuations_used: z.number().int(),
    valuations_quota: z.number().int().nullable(),
    valuations_remaining: z.number().int().nullable(),
    included_per_month: z
      .object({
        valuations: z.number().int().nullable().describe('Valuations (and bulk valuations) the plan includes: its quota; null: unlimited'),
        compliance_reports: z.number().int().nullable().describe('APRA compliance reports included; null: unlimited, 0: none'),
        certificates: z.number().int().nullable().describe('NFT certificates included; null: unlimited, 0: none'),
      })
      .describe('What the plan includes each month; calls beyond it are billable at the API prices'),
    by_kind: z.array(
      z.object({
        kind: usageKindSchema,
        label: z.string(),
        count: z.number().int(),
        included: z.number().int().describe('Of count, the calls the plan includes (not charged)'),
        billable: z.number().int().describe('Of count, the calls beyond the plan (count - included)'),
        unit_price_cents: z.number().int().describe('The API price of one billable call'),
        cost_cents: z.number().int().describe('The billable calls at the API price'),
      }),
    ),
    total_calls: z.number().int(),
    total_cost_cents: z.number().int().describe('Billable calls only, at the API prices'),
  })
  .meta({ id: 'Usage' });
export type UsageResponse = z.infer<typeof usageResponseSchema>;

// ---- subscription, checkout, invoices -------------------------------------------------------

/**
 * A paid subscription's states (`subscriptions.status`, checked by the database): `trialing`
 * (free trial) or `active` -> `past_due` (a payment failed) -> `active` again or `canceled` (final).
 */
export const SUBSCRIPTION_STATES = ['trialing', 'active', 'past_due', 'canceled'] as const;
export const subscriptionStateSchema = z.enum(SUBSCRIPTION_STATES);
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;

/** A workspace's subscription status as the API shows it: a state, or `none` (no subscription: the free Starter plan). */
export const SUBSCRIPTION_STATUSES = ['none', ...SUBSCRIPTION_STATES] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/**
 * Whether nothing is (or will be) billed: the subscription was canceled, or there is none. While
 * not finished (trialing, active, past_due) the workspace has a paying plan.
 */
export function isSubscriptionFinished(status: SubscriptionStatus): status is 'none' | 'canceled' {
  return status === 'none' || status === 'canceled';
}

export const subscriptionSchema = z.object({
  plan: planIdSchema,
  status: subscriptionStatusSchema,
  trial_end: z.string().nullable().describe('ISO date'),
  current_period_end: z.string().nullable().describe('ISO date'),
  next_billing_date: z.string().nullable().describe('ISO date; null when nothing more will be billed'),
  cancel_at_period_end: z.boolean(),
  scheduled_plan: planIdSchema.nullable().describe('Plan that takes over at the end of the period (downgrade)'),
  payment_method: z.string().nullable().describe('e.g. "Visa ending 4242"'),
  provider: z.enum(['test', 'stripe']).nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionResponseSchema = z
  .object({ success: z.literal(true), subscription: subscriptionSchema })
  .meta({ id: 'SubscriptionResponse' });
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

export const paymentMethodInputSchema = z.object({
  card_number: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'payment_method.card_number: 12 to 19 digits')),
  exp_month: z.number().int().min(1, 'payment_method.exp_month: 1 to 12').max(12, 'payment_method.exp_month: 1 to 12'),
  exp_year: z.number().int().min(2000, 'payment_method.exp_year: a four-digit year').max(2100, 'payment_method.exp_year: a four-digit year'),
  cvc: z.string().regex(/^\d{3,4}$/, 'payment_method.cvc: 3 or 4 digits'),
});
export type PaymentMethodInput = z.infer<typeof paymentMethodInputSchema>;

export const checkoutRequestSchema = z
  .object({
    plan: planIdSchema,
    payment_method: paymentMethodInputSchema.optional().describe('Required by the offline test processor; with Stripe the card is entered on Stripe Checkout'),
  })
  .meta({ id: 'CheckoutRequest' });
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const CHECKOUT_STEPS = ['customer', 'subscription', 'payment_method', 'activation'] as const;
export const checkoutStepSchema = z.enum(CHECKOUT_STEPS);
export type CheckoutStep = z.infer<typeof checkoutStepSchema>;

/** A checkout step's outcome: done, the step that failed, or done then undone after a later failure. */
export const CHECKOUT_STEP_STATUSES = ['done', 'failed', 'rolled_back'] as const;
export type CheckoutStepStatus = (typeof CHECKOUT_STEP_STATUSES)[number];

/**
 * A checkout's phases (`checkouts.phase`, checked by the database): `running` while its steps run
 * (never stored), then `succeeded` or `failed` (rolled back), both final.
 */
export const CHECKOUT_PHASES = ['running', 'succeeded', 'failed'] as const;
export const checkoutPhaseSchema = z.enum(CHECKOUT_PHASES);
export type CheckoutPhase = z.infer<typeof checkoutPhaseSchema>;

/** Whether a checkout is over (succeeded or failed). */
export function isCheckoutFinished(phase: CheckoutPhase): phase is 'succeeded' | 'failed' {
  return phase !== 'running';
}

export const checkoutStepRecordSchema = z.object({
  step: checkoutStepSchema,
  label: z.string(),
  status: z.enum(CHECKOUT_STEP_STATUSES),
  at: z.string(),
  detail: z.string().nullable(),
});

export const orderSchema = z.object({
  order_id: z.string(),
  transaction_id: z.string().nullable(),
  plan: planIdSchema,
  plan_name: z.string(),
  amount_cents: z.number().int().describe('Charged today (0 during the free trial)'),
  recurring_amount_cents: z.number().int().nullable(),
  billing_cycle: z.string().describe('"Monthly" or "One-time"'),
  payment_method: z.string().nullable(),
  invoice_id: z.string().nullable(),
  created_at: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

export const checkoutResponseSchema = z
  .object({
    success: z.literal(true),
    order: orderSchema,
    status: subscriptionStatusSchema,
    trial_end: z.string().nullable(),
    next_billing_date: z.string().nullable(),
    subscription: subscriptionSchema,
    steps: z.array(checkoutStepRecordSchema).describe('The checkout\'s real steps, in order, as the server ran them'),
    checkout_url: z.string().nullable().describe('Stripe: the hosted Checkout page to send the browser to; null with the test processor'),
  })
  .meta({ id: 'CheckoutResponse' });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/**
 * The events of POST /api/billing/checkout/stream (Server-Sent Events, one JSON object per `data:`
 * line, its `event` field repeated as the SSE event name): a `step` as each step of the checkout
 * completes, then the `result` (the answer of POST /api/billing/checkout) or an `error` (a declined
 * card: PAYMENT_DECLINED, nothing changed).
 */
export const checkoutStreamEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('step'), step: checkoutStepRecordSchema, completed: z.number().int().min(1), total: z.number().int().min(1) }),
  z.object({ event: z.literal('result'), checkout: checkoutResponseSchema }),
  z.object({ event: z.literal('error'), error: errorResponseSchema.shape.error }),
]).meta({ id: 'CheckoutStreamEvent' });
export type CheckoutStreamEvent = z.infer<typeof checkoutStreamEventSchema>;

export const changePlanRequestSchema = z.object({ plan: planIdSchema }).meta({ id: 'ChangePlanRequest' });

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  order_id: z.string().nullable(),
  status: z.enum(['paid', 'open', 'void']),
  description: z.string(),
  amount_cents: z.number().int().describe('GST included'),
  gst_cents: z.number().int().describe('The GST included in amount_cents (10% GST: 1/11 of the GST-inclusive amount)'),
  currency: z.literal('AUD'),
  period_start: z.string().describe('ISO date, the Australian (Sydney) calendar day'),
  period_end: z.string().describe('ISO date, the Australian (Sydney) calendar day'),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  payment_method: z.string().nullable(),
  transaction_id: z.string().nullable(),
  provider: z.enum(['test', 'stripe']),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** Who issues the receipts and invoices (PROPGUARD_SELLER_NAME, PROPGUARD_SELLER_ABN). */
export const sellerSchema = z.object({
  name: z.string().describe('PROPGUARD_SELLER_NAME'),
  email: z.string(),
  abn: z.string().nullable().describe('PROPGUARD_SELLER_ABN as "51 824 753 556"; null when the server has none configured'),
});
export type Seller = z.infer<typeof sellerSchema>;

export const invoiceListResponseSchema = z
  .object({ success: z.literal(true), invoices: z.array(invoiceSchema), seller: sellerSchema })
  .meta({ id: 'InvoiceList' });
export type InvoiceListResponse = z.infer<typeof invoiceListResponseSchema>;

export const receiptResponseSchema = z
  .object({
    success: z.literal(true),
    invoice: invoiceSchema,
    workspace_name: z.string(),
    plan_name: z.string(),
    seller: sellerSchema,
  })
  .meta({ id: 'Receipt' });
export type ReceiptResponse = z.infer<typeof receiptResponseSchema>;

/**
 * The lines a receipt states besides its figures, shared by the receipt page and its PDF so that
 * both read the same: the seller's ABN (or that none is configured) and the GST included.
 * @example sellerAbnText('51 824 753 556') // 'ABN 51 824 753 556'
 * @example gstIncludedText(2718) // 'GST included: $27.18'
 */
export function sellerAbnText(abn: string | null): string {
  return abn === null ? 'ABN not configured' : `ABN ${abn}`;
}

export function gstIncludedText(gstCents: number): string {
  return `GST included: ${formatCents(gstCents)}`;
}
