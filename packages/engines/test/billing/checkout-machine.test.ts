import { describe, expect, it } from 'vitest';
import {
  applyStepOutcome,
  checkoutProgress,
  decidePlanChange,
  describeCard,
  isCardExpired,
  isLuhnValid,
  nextCheckoutStep,
  startCheckout,
  stepsToRollBack,
  subscriptionTerms,
  testCardOutcome,
} from '../../src/index.ts';

const AT = new Date('2026-11-24T22:00:00Z');

describe('checkout state machine', () => {
  it('runs customer, subscription, payment method and activation in order, 25% each', () => {
    let state = startCheckout('professional');
    const seen: string[] = [];
    const progress: number[] = [];
    for (let step = nextCheckoutStep(state); step !== null; step = nextCheckoutStep(state)) {
      seen.push(step);
      state = applyStepOutcome(state, { isOk: true }, AT);
      progress.push(checkoutProgress(state));
    }
    expect(seen).toEqual(['customer', 'subscription', 'payment_method', 'activation']);
    expect(progress).toEqual([25, 50, 75, 100]);
    expect(state.phase).toBe('succeeded');
    expect(stepsToRollBack(state)).toEqual([]);
  });

  it('a declined card ends the checkout and rolls back the subscription, then the customer', () => {
    let state = startCheckout('professional');
    state = applyStepOutcome(state, { isOk: true, detail: 'cus_1' }, AT);
    state = applyStepOutcome(state, { isOk: true, detail: 'sub_1' }, AT);
    state = applyStepOutcome(state, { isOk: false, reason: 'Your card was declined.' }, AT);
    expect(state.phase).toBe('failed');
    expect(state.failure).toEqual({ step: 'payment_method', reason: 'Your card was declined.' });
    expect(nextCheckoutStep(state)).toBeNull();
    expect(stepsToRollBack(state)).toEqual(['subscription', 'customer']);
    expect(checkoutProgress(state)).toBe(0);
    expect(() => applyStepOutcome(state, { isOk: true }, AT)).toThrow(/failed/);
  });
});

describe('subscriptionTerms', () => {
  it('starts a 14-day trial with nothing due; the trial end is the next billing date', () => {
    const terms = subscriptionTerms({ start: AT, trialDays: 14, priceCents: 29_900, hasHadTrial: false });
    expect(terms.status).toBe('trialing');
    expect(terms.amountDueNowCents).toBe(0);
    expect(terms.trialEnd?.toISOString()).toBe('2026-12-08T22:00:00.000Z');
    expect(terms.nextBillingDate.toISOString()).toBe('2026-12-08T22:00:00.000Z');
  });

  it('charges the first 30-day period when the workspace has had its trial', () => {
    const terms = subscriptionTerms({ start: AT, trialDays: 14, priceCents: 29_900, hasHadTrial: true });
    expect(terms).toMatchObject({ status: 'active', trialEnd: null, amountDueNowCents: 29_900 });
    expect(terms.nextBillingDate.toISOString()).toBe('2026-12-24T22:00:00.000Z');
  });
});

describe('decidePlanChange', () => {
  it('routes each choice: checkout, sales, downgrade at period end, nothing', () => {
    expect(decidePlanChange({ current: 'starter', status: 'none', target: 'professional', targetHasPrice: true }).kind).toBe('checkout');
    expect(decidePlanChange({ current: 'professional', status: 'trialing', target: 'professional', targetHasPrice: true }).kind).toBe('already_subscribed');
    expect(decidePlanChange({ current: 'starter', status: 'none', target: 'enterprise', targetHasPrice: false }).kind).toBe('contact_sales');
    expect(decidePlanChange({ current: 'professional', status: 'active', target: 'starter', targetHasPrice: true }).kind).toBe('downgrade_at_period_end');
    expect(decidePlanChange({ current: 'starter', status: 'none', target: 'starter', targetHasPrice: false }).kind).toBe('nothing_to_do');
  });
});

describe('test cards', () => {
  it('checks Luhn, brands and the published test outcomes', () => {
    expect(isLuhnValid('4242424242424242')).toBe(true);
    expect(isLuhnValid('4242424242424241')).toBe(false);
    expect(testCardOutcome('4242424242424242')).toEqual({ isApproved: true, brand: 'Visa' });
    expect(testCardOutcome('4000000000000002')).toMatchObject({ isApproved: false, declineCode: 'card_declined' });
    expect(describeCard('5555555555554444')).toBe('Mastercard ending 4444');
    expect(isCardExpired(10, 2026, AT)).toBe(true);
    expect(isCardExpired(11, 2026, AT)).toBe(false);
  });
});
