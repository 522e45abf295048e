import { useParams } from 'react-router';
import { ReceiptView } from '../../features/billing-receipt/index.ts';

/** /receipt/:invoiceId: a receipt as a page (the PDF is linked from it). */
export function ReceiptRoute() {
  const { invoiceId = '' } = useParams();
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <ReceiptView invoiceId={invoiceId} />
    </main>
  );
}
