import { listApiPrices, listPlans, type Database } from '@propguard/db';
import { formatAud, formatCents, planActionSchema, planIdSchema, usageKindSchema, type PlansResponse } from '@propguard/schemas';
import { SALES_EMAIL } from './subscription-service.ts';

/** A plan's price: whole dollars when it has no cents ($299), else dollars and cents. */
const AUD = (cents: number) => (cents % 100 === 0 ? formatAud(cents / 100) : formatCents(cents));

/**
 * The Pricing tab's data: plans and API prices from the database, the comparison rows, and an FAQ
 * whose answers are derived from the same rows, so no answer states a term the plans do not have.
 */
export async function describePlans(database: Database, paymentProvider: 'test' | 'stripe'): Promise<PlansResponse> {
  const [planRows, priceRows] = await Promise.all([listPlans(database), listApiPrices(database)]);
  const plans = planRows.map((row) => ({
    id: planIdSchema.parse(row.id),
    name: row.name,
    description: row.description,
    price_cents: row.priceCents,
    billing_period: row.billingPeriod === 'month' ? ('month' as const) : null,
    trial_days: row.trialDays,
    monthly_valuation_quota: row.monthlyValuationQuota,
    api_access: row.apiAccess,
    api_requests_per_minute: row.apiRequestsPerMinute,
    features: row.features,
    comparison: row.comparison,
    is_highlighted: row.isHighlighted,
    action: planActionSchema.parse(row.action),
    action_label: row.actionLabel,
  }));
  const comparisonRows = [...new Set(plans.flatMap((plan) => Object.keys(plan.comparison)))];
  const trial = plans.find((plan) => plan.trial_days > 0);
  const paid = plans.filter((plan) => plan.price_cents !== null && plan.price_cents > 0);
  const faq = [
    ...(trial ? [{
      question: 'Is there a free trial?',
      answer: `Yes: ${trial.name} starts with a ${trial.trial_days}-day free trial. A card is checked when you start it, but nothing is charged until the trial ends.`,
    }, {
      question: 'Can I cancel during the trial?',
      answer: 'Yes. Cancel from Settings at any time; the plan stays until the end of the trial or paid month and nothing more is charged.',
    }] : []),
    {
      question: 'What happens when I reach my monthly valuations?',
      answer: `Valuations past the plan's monthly quota answer 429 with a Retry-After until the quota resets on the 1st of the month (UTC). ${plans.map((plan) => `${plan.name}: ${plan.monthly_valuation_quota === null ? 'unlimited' : plan.monthly_valuation_quota}`).join('; ')}.`,
    },
    {
      question: 'How is API usage priced?',
      answer: `Calls with an API key are metered by kind (${priceRows.map((row) => row.label.toLowerCase()).join(', ')}) and priced at the API rates on this page; Settings shows this month's usage and its cost so far.`,
    },
    {
      question: 'Are there any setup fees?',
      answer: `No. ${paid.map((plan) => `${plan.name} is ${AUD(plan.price_cents ?? 0)} a ${plan.billing_period ?? 'period'}`).join('; ')}; there is nothing else to pay to start.`,
    },
    ...(paymentProvider === 'test' ? [{ question: 'Is payment live?', answer: 'Not on this server: it uses the offline test processor (no money moves). Card 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined.' }] : []),
  ];
  return {
    success: true,
    plans,
    api_prices: priceRows.map((row) => ({ kind: usageKindSchema.parse(row.kind), label: row.label, unit: row.unit, price_cents: row.priceCents, from_monthly_requests: row.fromMonthlyRequests })),
    comparison_rows: comparisonRows,
    faq,
    sales_email: SALES_EMAIL,
    payment_provider: paymentProvider,
  };
}
