import { useState } from 'react';
import { Link2, Plus } from 'lucide-react';
import { Link } from 'react-router';
import type { Certificate } from '@propguard/schemas';
import { buildExplorerTokenPath, buildReportPath } from '../../../app/paths.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { downloadTextFile } from '../../../lib/download.ts';
import { formatAud, formatLongDate, formatTime } from '../../../lib/format.ts';
import { useCollection } from '../api/get-collection.ts';
import { CopyButton, shortHex } from './copy-button.tsx';
import { MintDialog } from './mint-dialog.tsx';
import { TxLink } from './tx-link.tsx';
import { VerifyPanel } from './verify-panel.tsx';

export function certificatePdfUrl(tokenId: number): string {
  return `/api/blockchain/token/${tokenId}/pdf`;
}

function exportJson(certificate: Certificate, network: string, contract: string): void {
  downloadTextFile(`propguard-certificate-${certificate.token_id}.json`, `${JSON.stringify({ network, contract_address: contract, ...certificate }, null, 2)}\n`, 'application/json');
}

/** The Blockchain tab: the collection and the audit trail read from the chain, minting and verification. */
const PAGE_SIZE = 20;

export function CertificatesPanel() {
  const [offset, setOffset] = useState(0);
  const collection = useCollection(PAGE_SIZE, offset);
  const [isMinting, setIsMinting] = useState(false);
  const data = collection.data;
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader
          level={2}
          title="Blockchain Valuation Certificates"
          description={data ? `ERC-721 certificates on ${data.network}, contract ${shortHex(data.contract_address)}: each records a report's SHA-256 and its metadata CID.` : 'ERC-721 certificates of valuation reports, read from the chain.'}
          icon={<Link2 aria-hidden="true" className="size-5 text-blue-600" />}
          action={<Button className="whitespace-nowrap" onClick={() => setIsMinting(true)}><Plus aria-hidden="true" className="size-4" />Mint Certificate</Button>}
        />
        <CardContent>
          {collection.isPending ? <p className="text-sm text-slate-600">Reading the collection from the chain…</p> : null}
          {collection.isError ? <p role="alert" className="text-sm text-red-700">{collection.error.message}</p> : null}
          {data && data.certificates.length === 0 ? <p className="text-sm text-slate-600">No certificates yet: mint one for a stored report.</p> : null}
          {data && data.certificates.length > 0 ? (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="mb-2 text-left text-slate-600">{data.total.toLocaleString('en-AU')} certificate{data.total === 1 ? '' : 's'}, newest first{data.total > PAGE_SIZE ? ` (${offset + 1}-${Math.min(offset + PAGE_SIZE, data.total)} shown)` : ''}</caption>
                <thead className="text-xs uppercase text-slate-500">
                  <tr><th scope="col">Token</th><th scope="col">Property</th><th scope="col">Valuation</th><th scope="col">Minted</th><th scope="col">Block</th><th scope="col">Transaction</th><th scope="col">Status</th><th scope="col">Export</th></tr>
                </thead>
                <tbody>
                  {data.certificates.map((certificate) => (
                    <tr key={certificate.token_id} className="border-t border-slate-100 align-top">
                      <td className="py-2"><Link className="font-medium text-blue-700 hover:underline" to={buildExplorerTokenPath(certificate.token_id)}>#{certificate.token_id}</Link></td>
                      <td className="py-2">{certificate.report_id ? <Link className="hover:underline" to={buildReportPath(certificate.report_id)}>{certificate.property ?? certificate.report_id}</Link> : (certificate.property ?? 'Metadata not held here')}</td>
                      <td className="py-2">{certificate.valuation === null ? '–' : formatAud(certificate.valuation)}</td>
                      <td className="py-2">{formatLongDate(certificate.minted_date)}</td>
                      <td className="py-2">{certificate.block_number.toLocaleString('en-AU')}</td>
                      <td className="py-2 font-mono text-xs">
                        <TxLink hash={certificate.transaction_hash} template={data.explorer_tx_url}>{shortHex(certificate.transaction_hash)}</TxLink>
                        <CopyButton value={certificate.transaction_hash} label="transaction hash" />
                      </td>
                      <td className="py-2">{certificate.superseded_by ? <Badge tone="yellow">Superseded by #{certificate.superseded_by}</Badge> : <Badge tone="green">Current</Badge>}</td>
                      <td className="py-2 whitespace-nowrap">
                        <button type="button" className="mr-2 text-blue-700 hover:underline" onClick={() => exportJson(certificate, data.network, data.contract_address)} aria-label={`Export certificate ${certificate.token_id} as JSON`}>JSON</button>
                        <a className="text-blue-700 hover:underline" href={certificatePdfUrl(certificate.token_id)} download aria-label={`Export certificate ${certificate.token_id} as PDF`}>PDF</a>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {data.total > PAGE_SIZE ? (
                <div className="mt-3 flex justify-end gap-2">
                  <Button variant="outline" size="sm" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>Newer</Button>
                  <Button variant="outline" size="sm" disabled={offset + PAGE_SIZE >= data.total} onClick={() => setOffset(offset + PAGE_SIZE)}>Older</Button>
                </div>
              ) : null}
            </div>
          ) : null}
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader level={3} title="Verify a Certificate" description="By token ID or transaction hash; add the report file to check that it is the one certified." />
          <CardContent><VerifyPanel /></CardContent>
        </Card>
        <Card>
          <CardHeader level={3} title="Audit Trail" description="Contract events, newest first, from the chain's logs." />
          <CardContent>
            {data && data.events.length === 0 ? <p className="text-sm text-slate-600">No events yet.</p> : null}
            <ol className="space-y-2 text-sm">
              {data?.events.map((event) => (
                <li key={`${event.transaction_hash}-${event.event}-${event.token_id}`} className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 pb-2">
                  <span>
                    {event.event === 'CertificateIssued' ? `Certificate #${event.token_id} issued` : `Certificate #${event.token_id} superseded by #${event.related_token_id}`}
                    <span className="text-slate-500"> · block {event.block_number.toLocaleString('en-AU')}{event.timestamp ? ` · ${formatLongDate(event.timestamp)} ${formatTime(event.timestamp)}` : ''}</span>
                  </span>
                  <TxLink className="font-mono text-xs text-blue-700 hover:underline" hash={event.transaction_hash} template={data.explorer_tx_url}>{shortHex(event.transaction_hash)}</TxLink>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      </div>
      {isMinting ? <MintDialog onClose={() => setIsMinting(false)} /> : null}
    </div>
  );
}
