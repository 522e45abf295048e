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
