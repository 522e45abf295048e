import { toast } from 'sonner';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { API_PRICES, FAQ, FEATURE_COMPARISON, PLANS } from '../plans.ts';
import type { Plan } from '../plans.ts';
import { PlanCard } from './plan-card.tsx';

function showCheckoutNotice(plan: Plan) {
  toast.info(`${plan.name} plan`, {
    description: 'Checkout arrives with the billing issue: subscriptions with a 14-day trial, stored in PropGuard.',
  });
}

/** The Pricing tab: plans, API prices, the feature comparison and the FAQ. */
export function PricingPanel() {
  return (
    <div className="space-y-8">
      <section aria-labelledby="pricing-plans-heading" className="space-y-6">
        <div className="text-center">
          <h2 id="pricing-plans-heading" className="text-2xl font-bold text-slate-900">Choose your plan</h2>
          <p className="mt-1 text-slate-600">Prices in Australian dollars. Start free, upgrade when you need more.</p>
        </div>
        <div className="grid gap-6 md:grid-cols-3">
          {PLANS.map((plan) => (
            <PlanCard key={plan.name} plan={plan} onChoose={showCheckoutNotice} />
          ))}
        </div>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader level={2} title="API Pricing" description="Pay as you go for integrations." />
          <CardContent>
            <dl className="divide-y divide-slate-100 text-sm">
              {API_PRICES.map((row) => (
                <div key={row.item} className="flex items-center justify-between gap-4 py-2">
                  <dt className="text-slate-700">{row.item}</dt>
                  <dd className="text-right">
                    <span className="font-semibold text-slate-900">{row.price}</span>{' '}
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
            {FAQ.map((entry) => (
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
                <th scope="col" className="py-2 pr-4 font-medium">Starter</th>
                <th scope="col" className="py-2 pr-4 font-medium">Professional</th>
                <th scope="col" className="py-2 font-medium">Enterprise</th>
              </tr>
            </thead>
            <tbody>
              {FEATURE_COMPARISON.map((row) => (
                <tr key={row.feature} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="py-2 pr-4 font-medium text-slate-900">{row.feature}</th>
                  <td className="py-2 pr-4 text-slate-700">{row.starter}</td>
                  <td className="py-2 pr-4 text-slate-700">{row.professional}</td>
                  <td className="py-2 text-slate-700">{row.enterprise}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>
    </div>
  );
}
