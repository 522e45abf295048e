import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { getButtonClasses } from '../../../components/ui/button.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { gstIncludedText, sellerAbnText } from '@propguard/schemas';
import { formatCents, formatLongDate } from '../../../lib/format.ts';
import { receiptPdfUrl, useReceipt } from '../api/receipt.ts';

/** A receipt as a page, with its PDF (the same lines: seller and ABN, GST included, Australian dates). */
export function ReceiptView({ invoiceId }: { invoiceId: string }) {
  const receipt = useReceipt(invoiceId);
  if (receipt.isPending) return <Skeleton className="h-64" />;
  if (receipt.isError) return <Notice>Receipt not found: {receipt.error.message}</Notice>;
  const { invoice } = receipt.data;
  const rows: [string, string][] = [
    ['Billed to', receipt.data.workspace_name],
    ['Date', formatLongDate(invoice.created_at)],
    ['Status', invoice.status === 'paid' ? 'Paid' : invoice.status],
    ['Plan', receipt.data.plan_name],
    ['Description', invoice.description],
    ['Period', `${formatLongDate(invoice.period_start)} to ${formatLongDate(invoice.period_end)}`],
    ['Amount', `${formatCents(invoice.amount_cents)} AUD`],
    ['GST', gstIncludedText(invoice.gst_cents)],
    ['Payment method', invoice.payment_method ?? 'None'],
    ['Transaction id', invoice.transaction_id ?? 'None'],
    ['Order id', invoice.order_id ?? 'None'],
    ['Processed by', invoice.provider === 'stripe' ? 'Stripe' : 'PropGuard test processor (test mode: no money moved)'],
  ];
  return (
    <Card>
      <CardHeader level={2} title={`Receipt ${invoice.number}`} description={`${receipt.data.seller.name} · ${sellerAbnText(receipt.data.seller.abn)} · ${receipt.data.seller.email}`} action={<a className={getButtonClasses('outline', 'md')} href={receiptPdfUrl(invoice.id)}>Download PDF</a>} />
      <CardContent>
        <dl className="grid grid-cols-[10rem_1fr] gap-y-2 text-sm">
          {rows.map(([label, value]) => (<div key={label} className="contents"><dt className="text-slate-500">{label}</dt><dd className="text-slate-900">{value}</dd></div>))}
        </dl>
      </CardContent>
    </Card>
  );
}
