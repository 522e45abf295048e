import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportResponseSchema, reportTemplateSchema, type Certificate, type StoredReport } from '@propguard/schemas';
import { renderReceiptPdf } from '../src/services/billing/receipt-pdf.ts';
import { renderCertificatePdf } from '../src/services/chain/render-certificate-pdf.ts';
import { renderReportPdf } from '../src/services/reports/render-report-pdf.ts';
import { readPdfText, readPdfTextBoxes, textOutsideMargins } from './pdf-text.ts';
import { createTestApp, getApiSkipReason, type TestApp } from './test-app.ts';

// The PDFs' side margins (points): every run of text must start and end inside them.
const MARGIN = 50;
// Three of the longest street-and-suburb pairs in the sales data, in three states' sources.
const LONG_ADDRESSES = [
  { address: '18/18 St Johns Wood Boulevard', suburb: 'Mount Claremont' },
  { address: '2/601 Upper Heidelberg Rd', suburb: 'Heidelberg Heights' },
  { address: '197 Secret Harbour Boulevard', suburb: 'Secret Harbour' },
];
// What no line break can be found in: a 66-character hash, a URL and a word longer than a line.
const HASH = `0x${'9f3c'.repeat(16)}`;
const URL = `https://verify.propguard.example/api/blockchain/verify-nft?token_id=42&report=${'a1b2c3d4'.repeat(8)}`;
const LONG_WORD = 'Wooloomooloo'.repeat(12);

async function expectInsideMargins(bytes: Buffer) {
  const boxes = await readPdfTextBoxes(bytes);
  expect(boxes.length).toBeGreaterThan(10);
  const outside = textOutsideMargins(boxes, MARGIN).map((box) => `p${box.page} x=${box.x.toFixed(1)} w=${box.width.toFixed(1)} y=${box.y.toFixed(1)}: ${box.text}`);
  expect(outside).toEqual([]);
}

describe.skipIf(getApiSkipReason() !== null)('reports that fit the page', () => {
  let testApp: TestApp;
  const reports: StoredReport[] = [];
  beforeAll(async () => {
    testApp = await createTestApp();
    for (const { address, suburb } of LONG_ADDRESSES) {
      const [sale] = await testApp.context.database.query<{ id: number }>('SELECT id FROM sales WHERE address = $1 AND suburb = $2 ORDER BY id LIMIT 1', [address, suburb]);
      expect(sale, `${address}, ${suburb} is in the sales data`).toBeDefined();
      for (const template of reportTemplateSchema.options) {
        const response = await testApp.app.inject({ method: 'POST', url: '/api/realty/valuation-report', payload: { listing_id: `sale-${sale?.id}`, template, include_blockchain: true } });
        expect(response.statusCode, response.body).toBe(200);
        reports.push(reportResponseSchema.parse(response.json()).report);
      }
    }
  }, 120_000);
  afterAll(async () => {
    await testApp?.close();
  });

  it('keeps every line of every template inside the margins for three long-address properties', async () => {
    expect(reports).toHaveLength(LONG_ADDRESSES.length * reportTemplateSchema.options.length);
    for (const report of reports) {
      const response = await testApp.app.inject({ method: 'GET', url: `/api/reports/${report.report_id}/pdf` });
      expect(response.statusCode).toBe(200);
      await expectInsideMargins(response.rawPayload);
      // Nothing clipped: the address and the hash are there whole.
      const flat = (await readPdfText(response.rawPayload)).text.replace(/\s+/g, ' ');
      expect(flat).toContain(report.content.property_details.address);
      expect(flat).toContain(report.content.comprehensive_analysis.methodology.split(' ').slice(0, 6).join(' '));
    }
  });

  it('wraps an address, hash and URL with no break opportunity, and repeats the comparables header on a new page', async () => {
    const report = reports.find((item) => item.template === 'full-valuation');
    expect(report).toBeDefined();
    if (!report) return;
    const { content } = report;
    const comparable = content.comprehensive_analysis.comparable_properties[0];
    expect(comparable).toBeDefined();
    if (!comparable) return;
    const stretched = {
      ...content,
      property_details: { ...content.property_details, address: `${LONG_WORD} ${content.property_details.address}`, suburb: LONG_WORD },
      comprehensive_analysis: {
        ...content.comprehensive_analysis,
        // Forty comparables with long addresses: the table must run onto another page.
        comparable_properties: Array.from({ length: 40 }, (_, index) => ({ ...comparable, address: `${index + 1}/${LONG_WORD} ${comparable.address}` })),
      },
      risk_assessment: { ...content.risk_assessment, risk_factors: [...content.risk_assessment.risk_factors, `See ${URL} and ${HASH}.`] },
    };
    const certificate = { tokenId: 42, contractAddress: HASH.slice(0, 42), chainId: 31337, network: 'Hardhat local', transactionHash: HASH, blockNumber: 123_456, reportHash: HASH, cid: `bafy${'k'.repeat(120)}`, verifyUrl: URL };
    const { bytes, pages } = await renderReportPdf({ reportId: report.report_id, generatedAt: report.generated_at, contentHash: HASH.slice(2), content: stretched, map: null, certificate });
    expect(pages).toBeGreaterThan(2);
    await expectInsideMargins(bytes);
    const boxes = await readPdfTextBoxes(bytes);
    const headerPages = new Set(boxes.filter((box) => box.text === 'Comparable sale').map((box) => box.page));
    expect(headerPages.size).toBeGreaterThan(1);
    // Every comparable printed, none lost at a page break.
    const flat = (await readPdfText(bytes)).text.replace(/\s+/g, '');
    for (let index = 1; index <= 40; index += 1) expect(flat).toContain(`${index}/${LONG_WORD.slice(0, 20)}`);
  });

  it('keeps the certificate and receipt PDFs inside their margins with long values', async () => {
    const certificate: Certificate = {
      token_id: 42,
      property: `${LONG_WORD} ${LONG_ADDRESSES[0]?.address}, ${LONG_ADDRESSES[0]?.suburb} WA 6010`,
      report_id: `rpt_${'0123456789abcdef'.repeat(4)}`,
      report_hash: HASH,
      cid: `bafy${'k'.repeat(120)}`,
      token_uri: URL,
      issuer: HASH.slice(0, 42),
      owner: HASH.slice(0, 42),
      minted_date: '2026-11-27T01:00:00.000Z',
      block_number: 123_456,
      transaction_hash: HASH,
      supersedes: null,
      superseded_by: null,
      valuation: 1_250_000,
      report_date: '2026-11-27T00:00:00.000Z',
      model_id: `model-${LONG_WORD}`,
      is_issuing_workspace: true,
    };
    await expectInsideMargins(await renderCertificatePdf(certificate, { network: 'Hardhat local', chainId: 31337, contract: HASH.slice(0, 42) }));
    const receipt = await renderReceiptPdf({
      invoice: { id: 'inv_1', number: 'PG-000001', order_id: `ord_${LONG_WORD}`, status: 'paid', description: `Professional plan for ${LONG_WORD}`, amount_cents: 9_900, gst_cents: 900, currency: 'AUD', period_start: '2026-11-01', period_end: '2026-11-30', created_at: '2026-11-27T01:00:00.000Z', paid_at: '2026-11-27T01:00:00.000Z', payment_method: 'card', transaction_id: HASH, provider: 'test' },
      workspace_name: `${LONG_WORD} Pty Ltd`,
      plan_name: 'Professional',
      seller: { name: 'PropGuard Pty Ltd', email: 'billing@propguard.example', abn: '51 824 753 556' },
    });
    await expectInsideMargins(receipt);
  });
});
