import { CHECKOUT_STEPS, isCheckoutFinished, isSubscriptionFinished, type CheckoutPhase, type CheckoutStep, type CheckoutStepStatus, type PlanId, type SubscriptionStatus } from '@propguard/schemas';
import { addDays, BILLING_CYCLE_DAYS } from './quota.ts';

/**
 * The checkout as a state machine (issue 14). Its stages are the real steps a payment provider
 * takes: create (or reuse) the customer, create the subscription with its trial, confirm the
 * payment method, activate the plan in PropGuard. The server runs each step through the provider
 * and feeds the outcome back; a failure at any step rolls back what earlier steps created, so
 * a declined card changes nothing. Pure: times and outcomes are passed in.
 */

export const CHECKOUT_STEP_LABELS: Readonly<Record<CheckoutStep, string>> = {
  customer: 'Creating the customer with the payment provider',
  subscription: 'Creating the subscription with its free trial',
  payment_method: 'Confirming the payment method',
  activation: 'Activating the plan in PropGuard',
};

export interface CheckoutStepRecord {
  step: CheckoutStep;
  status: CheckoutStepStatus;
  at: string;
  detail: string | null;
}

export interface CheckoutState {
  phase: CheckoutPhase;
  plan: PlanId;
  steps: CheckoutStepRecord[];
  failure: { step: CheckoutStep; reason: string } | null;
}

export function startCheckout(plan: PlanId): CheckoutState {
  return { phase: 'running', plan, steps: [], failure: null };
}

/** The step to run next, or null when the checkout is over. */
export function nextCheckoutStep(state: CheckoutState): CheckoutStep | null {
  if (isCheckoutFinished(state.phase)) return null;
  return CHECKOUT_STEPS[state.steps.length] ?? null;
}

/** Share of the steps done, 0-100 (the dialog's "% complete"). */
export function checkoutProgress(state: CheckoutState): number {
  return Math.round((state.steps.filter((step) => step.status === 'done').length / CHECKOUT_STEPS.length) * 100);
}

export type StepOutcome = { isOk: true; detail?: string } | { isOk: false; reason: string };

/**
 * Records the outcome of the step `nextCheckoutStep` named. A failure ends the checkout and marks
 * every earlier step rolled back (the caller undoes them with the provider, in reverse order:
 * see `stepsToRollBack`).
 */
export function applyStepOutcome(state: CheckoutState, outcome: StepOutcome, at: Date): CheckoutState {
  const step = nextCheckoutStep(state);
  if (step === null) throw new Error(`checkout is ${state.phase}; no step to record`);
  const when = at.toISOString();
  if (outcome.isOk) {
    const steps = [...state.steps, { step, status: 'done' as const, at: when, detail: outcome.detail ?? null }];
    return { ...state, steps, phase: steps.length === CHECKOUT_STEPS.length ? 'succeeded' : 'running' };
  }
  const rolledBack = state.steps.map((record) => ({ ...record, status: 'rolled_back' as const }));
  return { ...state, phase: 'failed', steps: [...rolledBack, { step, status: 'failed', at: when, detail: outcome.reason }], failure: { step, reason: outcome.reason } };
}

/** The steps whose effects must be undone after a failure, newest first. */
export function stepsToRollBack(state: CheckoutState): CheckoutStep[] {
  return state.steps.filter((record) => record.status === 'rolled_back').map((record) => record.step).reverse();
}

export interface SubscriptionTerms {
  status: Extract<SubscriptionStatus, 'trialing' | 'active'>;
  trialEnd: Date | null;
  currentPeriodEnd: Date;
  nextBillingDate: Date;
  /** Charged at checkout: 0 during a trial. */
  amountDueNowCents: number;
}

/**
 * The terms of a new subscription. A first subscription to a plan with a trial starts trialing
 * (nothing charged until the trial ends, which is also the next billing date); otherwise the
 * first period is charged now and the next bill falls one billing cycle (30 days) later.
 *
 * @example subscriptionTerms({ start: 2026-11-24, trialDays: 14, priceCents: 29_900, hasHadTrial: false })
 *   // trialing, trial end and next billing date 2026-12-08, nothing due now
 */
export function subscriptionTerms(input: { start: Date; trialDays: number; priceCents: number; hasHadTrial: boolean }): SubscriptionTerms {
  if (input.trialDays > 0 && !input.hasHadTrial) {
    const trialEnd = addDays(input.start, input.trialDays);
    return { status: 'trialing', trialEnd, currentPeriodEnd: trialEnd, nextBillingDate: trialEnd, amountDueNowCents: 0 };
  }
  const periodEnd = addDays(input.start, BILLING_CYCLE_DAYS);
  return { status: 'active', trialEnd: null, currentPeriodEnd: periodEnd, nextBillingDate: periodEnd, amountDueNowCents: input.priceCents };
}

export type PlanChangeDecision =
  | { kind: 'checkout' }
  | { kind: 'already_subscribed' }
  | { kind: 'contact_sales' }
  | { kind: 'downgrade_at_period_end' }
  | { kind: 'nothing_to_do' };

/**
 * What choosing `target` means for a workspace on `current` (with its subscription status):
 * paid plans with a price go through checkout, Enterprise through sales, and moving down to the
 * free plan takes effect at the end of the paid period.
 */
export function decidePlanChange(input: { current: PlanId; status: SubscriptionStatus; target: PlanId; targetHasPrice: boolean }): PlanChangeDecision {
  const isPaying = !isSubscriptionFinished(input.status);
  if (input.target === input.current && (isPaying || !input.targetHasPrice)) return input.targetHasPrice ? { kind: 'already_subscribed' } : { kind: 'nothing_to_do' };
  if (!input.targetHasPrice && input.target !== 'starter') return { kind: 'contact_sales' };
  if (input.target === 'starter') return isPaying ? { kind: 'downgrade_at_period_end' } : { kind: 'nothing_to_do' };
  return { kind: 'checkout' };
}
