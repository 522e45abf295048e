import type { Plan } from '@propguard/schemas';
import { formatCents } from '../../lib/format.ts';

/** "$299" + "per month", "Free", or "Custom" for a plan priced by sales. */
export function formatPlanPrice(plan: Plan): { amount: string; period: string | null } {
  if (plan.price_cents === null) return { amount: plan.action === 'contact-sales' ? 'Custom' : 'Free', period: null };
  if (plan.price_cents === 0) return { amount: 'Free', period: null };
  return { amount: formatCents(plan.price_cents).replace(/\.00$/, ''), period: plan.billing_period === 'month' ? 'per month' : null };
}

/** SPEC.md: the checkout lists at most 4 features, then "+N more features". */
export const CHECKOUT_FEATURES_SHOWN = 4;

/**
 * Why a workspace has no API keys, and the plan that adds them, in the words the API keys panel
 * shows; null when the workspace's plan has API access (or the plan is unknown: the server decides).
 *
 * @example "The Starter plan has no API access, so it has no API keys. API access comes with Professional ($299 per month, 14-day free trial)."
 */
export function describeMissingApiAccess(plans: readonly Plan[], currentPlanId: string): string | null {
  const current = plans.find((plan) => plan.id === currentPlanId);
  if (!current || current.api_access) return null;
  const upgrade = plans.find((plan) => plan.api_access);
  const offer = upgrade ? ` API access comes with ${upgrade.name} (${describeOffer(upgrade)}).` : '';
  return `The ${current.name} plan has no API access, so it has no API keys.${offer}`;
}

function describeOffer(plan: Plan): string {
  const price = formatPlanPrice(plan);
  const parts = [price.period ? `${price.amount} ${price.period}` : price.amount];
  parts.push(plan.monthly_valuation_quota === null ? 'unlimited valuations' : `${plan.monthly_valuation_quota} valuations a month`);
  if (plan.trial_days > 0) parts.push(`${plan.trial_days}-day free trial`);
  return parts.join(', ');
}
