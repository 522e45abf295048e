export { usagePeriodOf, checkValuationQuota, priceUsage, addDays, isoDate, QUOTA_KINDS, BILLING_CYCLE_DAYS, type QuotaDecision, type PriceRow, type PricedUsageRow } from './quota.ts';
export {
  CHECKOUT_STEP_LABELS,
  startCheckout,
  nextCheckoutStep,
  checkoutProgress,
  applyStepOutcome,
  stepsToRollBack,
  subscriptionTerms,
  decidePlanChange,
  type CheckoutState,
  type CheckoutPhase,
  type CheckoutStepRecord,
  type StepOutcome,
  type SubscriptionTerms,
  type PlanChangeDecision,
} from './checkout-machine.ts';
export { isLuhnValid, cardBrandOf, testCardOutcome, describeCard, isCardExpired, type TestCardOutcome } from './test-cards.ts';
export { gstIncludedCents, isValidAbn, formatAbn } from './tax-invoice.ts';
