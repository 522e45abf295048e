import { Check } from 'lucide-react';
import type { Plan } from '@propguard/schemas';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, getButtonClasses } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatPlanPrice } from '../plan-text.ts';

type PlanCardProps = { plan: Plan; salesEmail: string; isCurrent: boolean; onChoose: (plan: Plan) => void };

export function PlanCard({ plan, salesEmail, isCurrent, onChoose }: PlanCardProps) {
  const headingId = `plan-${plan.id}`;
  const price = formatPlanPrice(plan);
  return (
    <Card aria-labelledby={headingId} role="group" className={cn('relative flex flex-col', plan.is_highlighted && 'border-blue-600 ring-2 ring-blue-600')}>
      {plan.is_highlighted ? (
        <Badge tone="blue" className="absolute -top-3 left-1/2 -translate-x-1/2 bg-blue-600 text-white ring-blue-600">
          Most Popular
        </Badge>
      ) : null}
      <CardContent className="flex flex-1 flex-col gap-4 pt-7">
        <div>
          <h3 id={headingId} className="text-lg font-semibold text-slate-900">{plan.name}</h3>
          <p className="mt-1 text-sm text-slate-600">{plan.description}</p>
        </div>
        <p className="flex items-baseline gap-1">
          <span className="text-4xl font-bold text-slate-900">{price.amount}</span>
          {price.period ? <span className="text-sm text-slate-600">{price.period}</span> : null}
        </p>
        <ul className="flex-1 space-y-2 text-sm text-slate-700">
          {plan.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-600" />
              {feature}
            </li>
          ))}
        </ul>
        {isCurrent ? <p className="text-center text-sm font-medium text-green-700">Your current plan</p> : null}
        {plan.action === 'contact-sales' ? (
          <a href={`mailto:${salesEmail}`} className={getButtonClasses('outline', 'md', 'w-full')}>
            {plan.action_label}
          </a>
        ) : (
          <Button variant={plan.is_highlighted ? 'primary' : 'outline'} className="w-full" onClick={() => onChoose(plan)} disabled={isCurrent && plan.price_cents !== null}>
            {plan.action_label}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
