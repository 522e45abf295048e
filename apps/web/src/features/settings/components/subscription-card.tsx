import { Link } from 'react-router';
import { isSubscriptionFinished, sellerAbnText } from '@propguard/schemas';
import { buildReceiptPath } from '../../../app/paths.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { formatCents, formatLongDate } from '../../../lib/format.ts';
import { useInvoices, useStripePortal, useSubscription, useSubscriptionAction } from '../api/subscription.ts';

const STATUS_TEXT = { none: 'Free plan', trialing: 'Free trial', active: 'Active', past_due: 'Payment overdue', canceled: 'Canceled' } as const;

/** The plan and subscription (trial end, next billing date, cancel at period end, downgrade) and the invoices. */
export function SubscriptionCard({ canManage }: { canManage: boolean }) {
  const subscription = useSubscription();
  const invoices = useInvoices();
  const action = useSubscriptionAction();
  const portal = useStripePortal();
  const current = subscription.data?.subscription;
  const isPaying = current && !isSubscriptionFinished(current.status);
  return (
    <Card>
      <CardHeader level={2} title="Plan and billing" />
      <CardContent className="space-y-4">
        {current ? (
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm" data-testid="subscription">
            <dt className="text-slate-500">Plan</dt><dd className="capitalize">{current.plan}</dd>
            <dt className="text-slate-500">Status</dt><dd>{STATUS_TEXT[current.status]}</dd>
            {current.trial_end ? (<><dt className="text-slate-500">Trial ends</dt><dd>{formatLongDate(current.trial_end)}</dd></>) : null}
            <dt className="text-slate-500">Next billing date</dt><dd>{current.next_billing_date ? formatLongDate(current.next_billing_date) : 'None'}</dd>
            {current.cancel_at_period_end ? (<><dt className="text-slate-500">Cancellation</dt><dd>Ends on {formatLongDate(current.current_period_end ?? '')}</dd></>) : null}
            {current.scheduled_plan ? (<><dt className="text-slate-500">Scheduled change</dt><dd className="capitalize">To {current.scheduled_plan} on {formatLongDate(current.current_period_end ?? '')}</dd></>) : null}
            {current.payment_method ? (<><dt className="text-slate-500">Payment method</dt><dd>{current.payment_method}</dd></>) : null}
          </dl>
        ) : null}
        {action.error ?? portal.error ? <p role="alert" className="text-sm text-red-700">{(action.error ?? portal.error)?.message}</p> : null}
        {canManage && current?.provider === 'stripe' ? (
          <Button variant="outline" onClick={() => portal.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) })}>Manage billing on Stripe</Button>
        ) : null}
        {canManage && isPaying ? (
          <div className="flex flex-wrap gap-2">
            {current.cancel_at_period_end || current.scheduled_plan ? (
              <Button variant="outline" onClick={() => action.mutate({ kind: 'resume' })}>Keep my plan</Button>
            ) : (
              <>
                <Button variant="outline" onClick={() => action.mutate({ kind: 'cancel' })}>Cancel at period end</Button>
                <Button variant="outline" onClick={() => action.mutate({ kind: 'change', plan: 'starter' })}>Downgrade to Starter</Button>
              </>
            )}
          </div>
        ) : null}
        <h3 className="text-sm font-semibold text-slate-900">Invoices</h3>
        {invoices.data ? <p className="text-xs text-slate-500">Issued by {invoices.data.seller.name} · {sellerAbnText(invoices.data.seller.abn)} · amounts include GST</p> : null}
        {invoices.data && invoices.data.invoices.length > 0 ? (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Invoices</caption>
            <thead><tr className="border-b text-slate-600"><th className="py-1">Number</th><th>Date</th><th>Description</th><th className="text-right">Amount</th><th className="text-right">GST included</th><th /></tr></thead>
            <tbody>
              {invoices.data.invoices.map((invoice) => (
                <tr key={invoice.id} className="border-b border-slate-100 last:border-0">
                  <td className="py-1">{invoice.number}</td>
                  <td>{formatLongDate(invoice.created_at)}</td>
                  <td>{invoice.description}</td>
                  <td className="text-right">{formatCents(invoice.amount_cents)}</td>
                  <td className="text-right">{formatCents(invoice.gst_cents)}</td>
                  <td className="text-right"><Link className="text-blue-700 underline" to={buildReceiptPath(invoice.id)}>Receipt</Link></td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : <p className="text-sm text-slate-600">No invoices yet.</p>}
      </CardContent>
    </Card>
  );
}
