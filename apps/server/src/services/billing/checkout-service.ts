import {
  applyStepOutcome,
  CHECKOUT_STEP_LABELS,
  decidePlanChange,
  isCardExpired,
  isLuhnValid,
  isoDate,
  nextCheckoutStep,
  startCheckout,
  stepsToRollBack,
  subscriptionTerms,
  type CheckoutState,
  type StepOutcome,
} from '@propguard/engines';
import { activateSubscription, findSubscription, findWorkspace, insertCheckout, type Database, type PlanRow } from '@propguard/db';
import { AppError, CHECKOUT_STEPS, formatLongDate, type CheckoutRequest, type CheckoutResponse, type PaymentMethodInput, type PlanId } from '@propguard/schemas';
import { recordAudit } from '../accounts/account-service.ts';
import { requireRole, type Principal } from '../accounts/principal.ts';
import { newId } from '../accounts/secrets.ts';
import type { PlanCache } from '../accounts/usage-service.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { presentSubscription } from './subscription-presenter.ts';

/** Input checks before anything is created: the plan can be bought, the card is well formed and in date. */
async function validateCheckout(database: Database, plans: PlanCache, principal: Principal, body: CheckoutRequest, provider: PaymentProvider, now: Date): Promise<{ plan: PlanRow; card: PaymentMethodInput; hasHadTrial: boolean }> {
  const plan = await plans.get(body.plan);
  const [workspace, current] = await Promise.all([findWorkspace(database, principal.workspaceId), findSubscription(database, principal.workspaceId)]);
  const status = current?.status ?? 'none';
  const decision = decidePlanChange({ current: principal.planId, status, target: body.plan, targetHasPrice: plan.priceCents !== null });
  if (decision.kind === 'already_subscribed') throw new AppError('CONFLICT', `plan: this workspace is already on ${plan.name} (${status}).`, { field: 'body.plan' });
  if (decision.kind === 'contact_sales') throw new AppError('VALIDATION_ERROR', `plan: ${plan.name} is priced by our sales team; use Contact Sales.`, { field: 'body.plan' });
  if (decision.kind !== 'checkout') throw new AppError('VALIDATION_ERROR', 'plan: Starter is free and needs no checkout; to move down from a paid plan use POST /api/billing/subscription/change.', { field: 'body.plan' });
  if (provider.name === 'stripe') throw new AppError('VALIDATION_ERROR', 'With Stripe configured the card is entered on Stripe Checkout: POST /api/billing/checkout-session.', { field: 'body.payment_method' });
  const card = body.payment_method;
  if (!card) throw new AppError('VALIDATION_ERROR', 'payment_method: required (card_number, exp_month, exp_year, cvc).', { field: 'body.payment_method' });
  if (!isLuhnValid(card.card_number)) throw new AppError('VALIDATION_ERROR', 'payment_method.card_number: not a valid card number (check the digits).', { field: 'body.payment_method.card_number' });
  if (isCardExpired(card.exp_month, card.exp_year, now)) throw new AppError('VALIDATION_ERROR', 'payment_method.exp_year: the card has expired (check the month and year).', { field: 'body.payment_method.exp_year' });
  return { plan, card, hasHadTrial: workspace?.hasHadTrial ?? false };
}

/** A checkout whose input passed every check, ready to run (prepareCheckout). */
export interface PreparedCheckout {
  body: CheckoutRequest;
  plan: PlanRow;
  card: PaymentMethodInput;
  hasHadTrial: boolean;
  now: Date;
}

/** A step of the state machine as it completes: its record, and how many of all the steps are done. */
export type CheckoutStepListener = (record: CheckoutResponse['steps'][number], progress: { completed: number; total: number }) => void;

/** The checks before anything is created with the provider (a bad card or plan is a 4xx here). */
export async function prepareCheckout(database: Database, plans: PlanCache, provider: PaymentProvider, principal: Principal, body: CheckoutRequest): Promise<PreparedCheckout> {
  requireRole(principal, 'owner');
  const now = new Date();
  const { plan, card, hasHadTrial } = await validateCheckout(database, plans, principal, body, provider, now);
  return { body, plan, card, hasHadTrial, now };
}

/** POST /api/billing/checkout: the checks, then the state machine, answered when it is done. */
export async function runCheckout(database: Database, plans: PlanCache, provider: PaymentProvider, principal: Principal, body: CheckoutRequest): Promise<CheckoutResponse> {
  return executeCheckout(database, provider, principal, await prepareCheckout(database, plans, provider, principal, body));
}

/**
 * Runs the checkout state machine with the payment provider: customer, subscription with trial,
 * payment method confirmation, activation; `onStep` hears of each step as it completes (the
 * streamed checkout). A failed step rolls back the earlier ones with the provider and changes
 * nothing in PropGuard but the record of the attempt; a decline is PAYMENT_DECLINED (402).
 */
export async function executeCheckout(database: Database, provider: PaymentProvider, principal: Principal, prepared: PreparedCheckout, onStep?: CheckoutStepListener): Promise<CheckoutResponse> {
  const { body, plan, card, hasHadTrial, now } = prepared;
  const priceCents = plan.priceCents ?? 0;
  const terms = subscriptionTerms({ start: now, trialDays: plan.trialDays, priceCents, hasHadTrial });
  const orderId = newId('ord');
  let state: CheckoutState = startCheckout(body.plan);
  let customerId: string | null = null;
  let subscriptionId: string | null = null;
  let confirmation: { paymentMethod: string; transactionId: string } | null = null;
  const invoiceId = newId('inv');

  const run = async (step: NonNullable<ReturnType<typeof nextCheckoutStep>>): Promise<StepOutcome> => {
    switch (step) {
      case 'customer': {
        customerId = (await provider.createCustomer({ workspaceId: principal.workspaceId, workspaceName: principal.workspaceName, email: principal.email })).customerId;
        return { isOk: true, detail: customerId };
      }
      case 'subscription': {
        subscriptionId = (await provider.createSubscription({ customerId: customerId!, planId: body.plan, priceCents, trialDays: terms.trialEnd ? plan.trialDays : 0 })).subscriptionId;
        return { isOk: true, detail: terms.trialEnd ? `${subscriptionId}, trial until ${isoDate(terms.trialEnd)}` : subscriptionId };
      }
      case 'payment_method': {
        const result = await provider.confirmPaymentMethod({ customerId: customerId!, subscriptionId: subscriptionId!, card, amountDueNowCents: terms.amountDueNowCents, at: now });
        if (!result.isOk) return { isOk: false, reason: result.reason };
        confirmation = { paymentMethod: result.paymentMethod, transactionId: result.transactionId };
        return { isOk: true, detail: result.paymentMethod };
      }
      case 'activation': {
        const at = new Date().toISOString();
        const description = terms.trialEnd
          ? `${plan.name} plan: ${plan.trialDays}-day free trial, ${formatLongDate(now)} to ${formatLongDate(terms.trialEnd)}`
          : `${plan.name} plan: ${formatLongDate(now)} to ${formatLongDate(terms.currentPeriodEnd)}`;
        await activateSubscription(database, {
          subscription: { workspaceId: principal.workspaceId, planId: body.plan, status: terms.status, provider: provider.name, providerCustomerId: customerId, providerSubscriptionId: subscriptionId, paymentMethod: confirmation!.paymentMethod, trialEnd: terms.trialEnd?.toISOString() ?? null, currentPeriodStart: now.toISOString(), currentPeriodEnd: terms.currentPeriodEnd.toISOString(), cancelAtPeriodEnd: false, scheduledPlanId: null, createdAt: at, updatedAt: at },
          invoice: { id: invoiceId, workspaceId: principal.workspaceId, orderId, status: 'paid', description, amountCents: terms.amountDueNowCents, periodStart: now.toISOString(), periodEnd: terms.currentPeriodEnd.toISOString(), createdAt: at, paidAt: at, paymentMethod: confirmation!.paymentMethod, transactionId: confirmation!.transactionId, provider: provider.name, providerInvoiceId: null },
          checkout: { id: orderId, workspaceId: principal.workspaceId, planId: body.plan, phase: 'succeeded', steps: [...state.steps, { step: 'activation', status: 'done', at, detail: null }], failure: null, provider: provider.name, transactionId: confirmation!.transactionId, invoiceId, amountCents: terms.amountDueNowCents, paymentMethod: confirmation!.paymentMethod, createdAt: now.toISOString() },
          hasHadTrial: hasHadTrial || terms.trialEnd !== null,
        });
        return { isOk: true, detail: `${plan.name} ${terms.status}` };
      }
    }
  };

  for (let step = nextCheckoutStep(state); step !== null; step = nextCheckoutStep(state)) {
    let outcome: StepOutcome;
    try {
      outcome = await run(step);
    } catch (error) {
      outcome = { isOk: false, reason: `The ${step} step failed: ${(error as Error).message}` };
    }
    state = applyStepOutcome(state, outcome, new Date());
    const record = state.steps.at(-1);
    if (onStep && record && record.status === 'done') onStep({ ...record, label: CHECKOUT_STEP_LABELS[record.step] }, { completed: state.steps.length, total: CHECKOUT_STEPS.length });
  }

  if (state.phase === 'failed') {
    for (const step of stepsToRollBack(state)) {
      if (step === 'subscription' && subscriptionId) await provider.cancelSubscriptionNow(subscriptionId).catch(() => undefined);
      if (step === 'customer' && customerId) await provider.deleteCustomer(customerId).catch(() => undefined);
    }
    await insertCheckout(database, { id: orderId, workspaceId: principal.workspaceId, planId: body.plan, phase: 'failed', steps: state.steps, failure: state.failure?.reason ?? null, provider: provider.name, transactionId: null, invoiceId: null, amountCents: 0, paymentMethod: null, createdAt: now.toISOString() });
    await recordAudit(database, principal, 'checkout.failed', `${plan.name}: ${state.failure?.reason ?? ''}`);
    const reason = state.failure?.reason ?? 'The checkout failed.';
    if (state.failure?.step === 'payment_method') throw new AppError('PAYMENT_DECLINED', reason, { field: 'body.payment_method' });
    throw new AppError('SERVICE_UNAVAILABLE', `${reason} Nothing was charged and your plan is unchanged.`);
  }

  await recordAudit(database, principal, 'checkout.succeeded', `${plan.name} (${terms.status}), order ${orderId}`);
  const subscription = presentSubscription(await findSubscription(database, principal.workspaceId), body.plan as PlanId);
  const paid = confirmation as { paymentMethod: string; transactionId: string } | null;
  return {
    success: true,
    order: {
      order_id: orderId,
      transaction_id: paid?.transactionId ?? null,
      plan: body.plan,
      plan_name: plan.name,
      amount_cents: terms.amountDueNowCents,
      recurring_amount_cents: plan.priceCents,
      billing_cycle: plan.billingPeriod === 'month' ? 'Monthly' : 'One-time',
      payment_method: paid?.paymentMethod ?? null,
      invoice_id: invoiceId,
      created_at: now.toISOString(),
    },
    status: subscription.status,
    trial_end: subscription.trial_end,
    next_billing_date: subscription.next_billing_date,
    subscription,
    steps: state.steps.map((record) => ({ ...record, label: CHECKOUT_STEP_LABELS[record.step] })),
    checkout_url: null,
  };
}
