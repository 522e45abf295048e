import { loadPdfKit } from '../pdf/load-pdfkit.ts';
import { formatAud, type Certificate } from '@propguard/schemas';

const MARGIN = 50;
const LONG_DATE = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Australia/Sydney', timeZoneName: 'short' });

/** A one-page PDF of a certificate: what is on chain and how to check it. */
export async function renderCertificatePdf(certificate: Certificate, chain: { network: string; chainId: number; contract: string }): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `PropGuard valuation certificate #${certificate.token_id}`, Author: 'PropGuard' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#0f172a').text(`Valuation Certificate #${certificate.token_id}`);
  doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor('#475569').text(`ERC-721 token on ${chain.network} (chain id ${chain.chainId})`);
  doc.moveDown(1);
  const rows: [string, string][] = [
    // The details are the minting workspace's (issue 29.4): anyone else gets the public fields only.
    ...(certificate.is_issuing_workspace
      ? ([
          ['Property', certificate.property ?? 'report not held by this server'],
          ['Valuation', certificate.valuation === null ? 'n/a' : formatAud(certificate.valuation)],
          ['Report', certificate.report_id ?? 'n/a'],
        ] as [string, string][])
      : [['Property, valuation and report', 'held by the workspace that issued the certificate'] as [string, string]]),
    ['Report date', certificate.report_date ? LONG_DATE.format(new Date(certificate.report_date)) : 'metadata not held by this server'],
    ['Model', certificate.model_id ?? 'metadata not held by this server'],
    ['Report SHA-256 (on chain)', certificate.report_hash],
    ['Metadata CID', certificate.cid],
    ['Token URI', certificate.token_uri],
    ['Contract', chain.contract],
    ['Transaction', certificate.transaction_hash],
    ['Block', certificate.block_number.toLocaleString('en-AU')],
    ['Minted', LONG_DATE.format(new Date(certificate.minted_date))],
    ['Issuer', certificate.issuer],
    ['Owner', certificate.owner],
    ['Supersedes', certificate.supersedes ? `#${certificate.supersedes}` : 'none'],
    ['Superseded by', certificate.superseded_by ? `#${certificate.superseded_by}` : 'not superseded'],
  ];
  for (const [label, value] of rows) {
    doc.font('Helvetica-Bold').fontSize(9).fillColor('#475569').text(label);
    doc.font(value.startsWith('0x') || label === 'Metadata CID' || label === 'Token URI' ? 'Courier' : 'Helvetica').fontSize(10).fillColor('#0f172a').text(value);
    doc.moveDown(0.4);
  }
  doc.moveDown(1).font('Helvetica').fontSize(9).fillColor('#475569').text(
    `To check: GET /api/blockchain/verify-nft?token_id=${certificate.token_id} on the issuing server, or call certificate(${certificate.token_id}) on the contract through any Ethereum JSON-RPC client and compare its reportHash with the SHA-256 of the report's canonical JSON; the metadata bytes at /ipfs/${certificate.cid} hash to the CID.`,
  );
  doc.end();
  return done;
}
