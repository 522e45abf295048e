export { usagePeriodOf, checkValuationQuota, priceUsage, includedUsageOf, NOTHING_INCLUDED, addDays, isoDate, QUOTA_KINDS, BILLING_CYCLE_DAYS, type QuotaDecision, type PriceRow, type PricedUsageRow, type IncludedUsage, type Allowance } from './quota.ts';
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
  type CheckoutStepRecord,
  type StepOutcome,
  type SubscriptionTerms,
  type PlanChangeDecision,
} from './checkout-machine.ts';
export { isLuhnValid, cardBrandOf, testCardOutcome, describeCard, isCardExpired, type TestCardOutcome } from './test-cards.ts';
export { gstIncludedCents, isValidAbn, formatAbn } from './tax-invoice.ts';
