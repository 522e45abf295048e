import { useEffect, useState, type FormEvent } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { toast } from 'sonner';
import type { CheckoutResponse, Plan } from '@propguard/schemas';
import { buildReceiptPath } from '../../../app/paths.ts';
import { Button, getButtonClasses } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { formatCents, formatLongDate } from '../../../lib/format.ts';
import { useCheckout, useStripeCheckout, type CheckoutStepEvent } from '../api/plans.ts';
import { CHECKOUT_FEATURES_SHOWN, formatPlanPrice } from '../plan-text.ts';

type Step = 'details' | 'processing' | 'success';
type CheckoutDialogProps = { plan: Plan | null; provider: 'test' | 'stripe'; onClose: () => void };

/** How long the finished bar stays at 100% before the receipt details replace it. */
const COMPLETE_HOLD_MS = 600;

/**
 * SPEC.md's "Complete Your Purchase": order summary, card details, processing with % complete,
 * and "Payment Successful!". The server streams the real steps (customer, subscription with trial,
 * payment method, activation) as it completes each one, and the bar moves with them. With Stripe
 * the card is entered on Stripe Checkout instead.
 */
export function CheckoutDialog({ plan, provider, onClose }: CheckoutDialogProps) {
  const [step, setStep] = useState<Step>('details');
  const [card, setCard] = useState({ number: '', month: '', year: '', cvc: '' });
  const [result, setResult] = useState<CheckoutResponse | null>(null);
  const [stepsDone, setStepsDone] = useState<CheckoutStepEvent[]>([]);
  const checkout = useCheckout();
  const stripe = useStripeCheckout();

  useEffect(() => {
    if (step !== 'processing' || !result) return;
    const timer = setTimeout(() => setStep('success'), COMPLETE_HOLD_MS);
    return () => clearTimeout(timer);
  }, [step, result]);

  if (!plan) return null;
  const price = formatPlanPrice(plan);
  const extra = plan.features.length - CHECKOUT_FEATURES_SHOWN;
  const close = () => {
    setStep('details');
    setResult(null);
    setStepsDone([]);
    checkout.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (provider === 'stripe') {
      stripe.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) });
      return;
    }
    setStep('processing');
    setStepsDone([]);
    checkout.mutate(
      {
        body: { plan: plan.id, payment_method: { card_number: card.number, exp_month: Number(card.month), exp_year: Number(card.year.length === 2 ? `20${card.year}` : card.year), cvc: card.cvc } },
        onStep: (done) => setStepsDone((earlier) => [...earlier, done]),
      },
      { onSuccess: (answer) => setResult(answer), onError: () => setStep('details') },
    );
  };

  const latest = stepsDone.at(-1);
  const progress = latest ? Math.round((latest.completed / latest.total) * 100) : 0;
  const error = checkout.error ?? stripe.error;

  return (
    <Dialog title="Complete Your Purchase" isOpen onClose={close}>
      {step === 'details' ? (
        <form onSubmit={submit} className="space-y-4">
          <section aria-label="Order summary" className="rounded-md bg-slate-50 p-4 text-sm">
            <div className="flex items-baseline justify-between">
              <p className="font-semibold text-slate-900">{plan.name}</p>
              <p><span className="font-semibold">{price.amount}</span> {plan.billing_period === 'month' ? 'Monthly' : 'One-time'}</p>
            </div>
            <ul className="mt-2 list-disc pl-5 text-slate-700">
              {plan.features.slice(0, CHECKOUT_FEATURES_SHOWN).map((feature) => <li key={feature}>{feature}</li>)}
            </ul>
            {extra > 0 ? <p className="mt-1 text-slate-500">+{extra} more features</p> : null}
            {plan.billing_period && plan.trial_days > 0 ? (
              <p className="mt-2 text-blue-700">{plan.trial_days}-day free trial: cancel anytime, no charge until the trial ends.</p>
            ) : null}
          </section>
          {provider === 'test' ? (
            <>
              <p className="text-xs text-slate-600">Test mode: this server uses PropGuard&apos;s offline test processor and no money moves. Card 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined.</p>
              <Field label="Card number" htmlFor="checkout-card">
                <Input id="checkout-card" inputMode="numeric" autoComplete="cc-number" required value={card.number} onChange={(event) => setCard({ ...card, number: event.target.value })} />
              </Field>
              <div className="grid grid-cols-3 gap-3">
                <Field label="Expiry month" htmlFor="checkout-month">
                  <Input id="checkout-month" inputMode="numeric" placeholder="MM" required value={card.month} onChange={(event) => setCard({ ...card, month: event.target.value })} />
                </Field>
                <Field label="Expiry year" htmlFor="checkout-year">
                  <Input id="checkout-year" inputMode="numeric" placeholder="YYYY" required value={card.year} onChange={(event) => setCard({ ...card, year: event.target.value })} />
                </Field>
                <Field label="CVC" htmlFor="checkout-cvc">
                  <Input id="checkout-cvc" inputMode="numeric" autoComplete="cc-csc" required value={card.cvc} onChange={(event) => setCard({ ...card, cvc: event.target.value })} />
                </Field>
              </div>
            </>
          ) : null}
          {error ? <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{error.message}</p> : null}
          <Button type="submit" className="w-full" disabled={stripe.isPending}>
            {provider === 'stripe' ? 'Continue to Stripe Checkout' : 'Continue to Checkout'}
          </Button>
        </form>
      ) : null}

      {step === 'processing' ? (
        <div className="space-y-3" aria-live="polite">
          <div className="h-2 overflow-hidden rounded bg-slate-100" role="progressbar" aria-label="Checkout progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
            <div className="h-full bg-blue-600 transition-all" style={{ width: `${progress}%` }} />
          </div>
          <p className="text-sm text-slate-700">{progress}% complete</p>
          <ol className="space-y-1 text-sm">
            {stepsDone.map((done) => <li key={done.step.step} className="text-green-700">✓ {done.step.label}</li>)}
            {!result ? <li className="text-slate-500">{stepsDone.length === 0 ? 'Contacting the payment processor…' : 'Working on the next step…'}</li> : null}
          </ol>
        </div>
      ) : null}

      {step === 'success' && result ? (
        <div className="space-y-4">
          <p className="flex items-center gap-2 text-lg font-semibold text-green-700">
            <CheckCircle2 aria-hidden="true" className="size-6" /> Payment Successful!
          </p>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-500">Order id</dt><dd>{result.order.order_id}</dd>
            <dt className="text-slate-500">Transaction id</dt><dd>{result.order.transaction_id ?? 'None'}</dd>
            <dt className="text-slate-500">Payment method</dt><dd>{result.order.payment_method ?? 'None'}</dd>
            <dt className="text-slate-500">Billing cycle</dt><dd>{result.order.billing_cycle}</dd>
            <dt className="text-slate-500">Charged today</dt><dd>{formatCents(result.order.amount_cents)}</dd>
            <dt className="text-slate-500">Status</dt><dd>{result.status === 'trialing' ? `Free trial until ${formatLongDate(result.trial_end ?? '')}` : result.status}</dd>
            <dt className="text-slate-500">Next billing date</dt><dd>{result.next_billing_date ? formatLongDate(result.next_billing_date) : 'None'}</dd>
          </dl>
          <div className="flex flex-wrap gap-2">
            {result.order.invoice_id ? (
              <a href={buildReceiptPath(result.order.invoice_id)} target="_blank" rel="noreferrer" className={getButtonClasses('outline', 'md')}>View Receipt</a>
            ) : null}
            <Button variant="outline" onClick={() => { toast.success('Your plan is active', { description: `${result.order.plan_name}: open Settings for API keys and usage.` }); close(); }}>Go to Dashboard</Button>
            <Button onClick={close}>Close</Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
