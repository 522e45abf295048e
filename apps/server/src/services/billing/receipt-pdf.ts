import { loadPdfKit } from '../pdf/load-pdfkit.ts';
import { formatCents, formatLongDate, gstIncludedText, sellerAbnText, type ReceiptResponse } from '@propguard/schemas';

/**
 * The receipt of one invoice as a one-page PDF (pdfkit, as the valuation reports): the seller with
 * its ABN, the GST included, and dates in Australian time, read as the receipt page reads them.
 */
export async function renderReceiptPdf(receipt: Omit<ReceiptResponse, 'success'>): Promise<Buffer> {
  const { invoice } = receipt;
  const PDFDocument = await loadPdfKit();
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Receipt ${invoice.number}`, Author: receipt.seller.name, CreationDate: new Date(invoice.created_at) } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(20).fillColor('#2563eb').text(receipt.seller.name);
    doc.font('Helvetica').fontSize(10).fillColor('#475569').text(sellerAbnText(receipt.seller.abn)).text(receipt.seller.email);
    doc.moveDown(1.5).font('Helvetica-Bold').fontSize(16).fillColor('#0f172a').text(`Receipt ${invoice.number}`);
    doc.moveDown(0.8).font('Helvetica').fontSize(11);
    const rows: [string, string][] = [
      ['Billed to', receipt.workspace_name],
      ['Date', formatLongDate(invoice.created_at)],
      ['Status', invoice.status === 'paid' ? 'Paid' : invoice.status],
      ['Plan', receipt.plan_name],
      ['Description', invoice.description],
      ['Period', `${formatLongDate(invoice.period_start)} to ${formatLongDate(invoice.period_end)}`],
      ['Amount', `${formatCents(invoice.amount_cents)} AUD`],
      ['GST', gstIncludedText(invoice.gst_cents)],
      ['Payment method', invoice.payment_method ?? 'None'],
      ['Transaction id', invoice.transaction_id ?? 'None'],
      ['Order id', invoice.order_id ?? 'None'],
      ['Processed by', invoice.provider === 'stripe' ? 'Stripe' : 'PropGuard test processor (test mode: no money moved)'],
    ];
    for (const [label, value] of rows) {
      // Each column wraps in its width; the next row starts below the taller of the two.
      const y = doc.y;
      doc.font('Helvetica-Bold').text(label, 50, y, { width: 140 });
      const labelBottom = doc.y;
      doc.font('Helvetica').text(value, 200, y, { width: 345 });
      doc.x = 50;
      doc.y = Math.max(labelBottom, doc.y);
      doc.moveDown(0.4);
    }
    doc.end();
  });
}
