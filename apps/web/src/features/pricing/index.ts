export { PricingPanel } from './components/pricing-panel.tsx';
export { usePlans } from './api/plans.ts';
export { describeMissingApiAccess } from './plan-text.ts';
