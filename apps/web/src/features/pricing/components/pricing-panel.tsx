import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Plan } from '@propguard/schemas';
import { accountPaths } from '../../../app/paths.ts';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatCents } from '../../../lib/format.ts';
import { usePlans } from '../api/plans.ts';
import { CheckoutDialog } from './checkout-dialog.tsx';
import { PlanCard } from './plan-card.tsx';

/** The Pricing tab: plans, API prices, the feature comparison and the FAQ, all read from GET /api/plans. */
export function PricingPanel({ currentPlan }: { currentPlan?: string | null }) {
  const plans = usePlans();
  const navigate = useNavigate();
  const [checkoutPlan, setCheckoutPlan] = useState<Plan | null>(null);

  if (plans.isPending) return <Skeleton className="h-96" />;
  if (plans.isError) return <Notice>Plans could not be loaded: {plans.error.message}</Notice>;
  const data = plans.data;
  const choose = (plan: Plan) => {
    if (plan.action === 'start-trial') setCheckoutPlan(plan);
    else void navigate(accountPaths.account);
  };

  return (
    <div className="space-y-8">
      <section aria-labelledby="pricing-plans-heading" className="space-y-6">
        <div className="text-center">
          <h2 id="pricing-plans-heading" className="text-2xl font-bold text-slate-900">Choose your plan</h2>
          <p className="mt-1 text-slate-600">Prices in Australian dollars. Start free, upgrade when you need more.</p>
        </div>
        <div className="grid gap-6 md:grid-cols-3">
          {data.plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} salesEmail={data.sales_email} isCurrent={currentPlan === plan.id} onChoose={choose} />
          ))}
        </div>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader level={2} title="API Pricing" description="Calls with an API key are metered and priced at these rates; Settings shows this month's usage." />
          <CardContent>
            <dl className="divide-y divide-slate-100 text-sm">
              {data.api_prices.map((row) => (
                <div key={row.kind} className="flex items-center justify-between gap-4 py-2">
                  <dt className="text-slate-700">{row.label}</dt>
                  <dd className="text-right">
                    <span className="font-semibold text-slate-900">{formatCents(row.price_cents)}</span>{' '}
                    <span className="text-slate-500">{row.unit}</span>
                  </dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>

        <Card>
          <CardHeader level={2} title="Frequently Asked Questions" />
          <CardContent className="space-y-2">
            {data.faq.map((entry) => (
              <details key={entry.question} className="group rounded-md border border-slate-200 p-3">
                <summary className="cursor-pointer text-sm font-medium text-slate-900">{entry.question}</summary>
                <p className="mt-2 text-sm text-slate-600">{entry.answer}</p>
              </details>
            ))}
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader level={2} title="Feature Comparison" />
        <CardContent className="overflow-x-auto">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <caption className="sr-only">Features included in each plan</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-2 pr-4 font-medium">Feature</th>
                {data.plans.map((plan) => <th key={plan.id} scope="col" className="py-2 pr-4 font-medium">{plan.name}</th>)}
              </tr>
            </thead>
            <tbody>
              {data.comparison_rows.map((row) => (
                <tr key={row} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="py-2 pr-4 font-medium text-slate-900">{row}</th>
                  {data.plans.map((plan) => <td key={plan.id} className="py-2 pr-4 text-slate-700">{plan.comparison[row] ?? 'No'}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>
      <CheckoutDialog plan={checkoutPlan} provider={data.payment_provider} onClose={() => setCheckoutPlan(null)} />
    </div>
  );
}
