import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buildExplorerTokenPath, buildExplorerTxPath, buildReportPath } from '../../../app/paths.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { formatAud, formatLongDate, formatTime } from '../../../lib/format.ts';
import { useExplorerToken, useExplorerTransaction } from '../api/get-explorer.ts';
import { CopyButton } from './copy-button.tsx';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-slate-100 py-2 sm:grid-cols-[12rem_1fr]">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 wrap-break-word hyphens-manual">{children}</dd>
    </div>
  );
}

/** /explorer/tx/:hash: a transaction of the certificate chain, its receipt and decoded events. */
export function ExplorerTransactionView({ hash }: { hash: string }) {
  const found = useExplorerTransaction(hash);
  if (found.isPending) return <p className="text-sm text-slate-600">Reading the transaction…</p>;
  if (found.isError) return <p role="alert" className="text-sm text-red-700 [overflow-wrap:anywhere]">{found.error.message}</p>;
  const tx = found.data;
  const tokenId = tx.logs.find((log) => log.event === 'CertificateIssued')?.args.tokenId;
  return (
    <Card>
      <CardHeader level={2} title="Transaction" description={tx.network} />
      <CardContent>
        <dl className="text-sm">
          <Row label="Hash"><span className="font-mono text-xs wrap-anywhere">{tx.hash}</span><CopyButton value={tx.hash} label="transaction hash" /></Row>
          <Row label="Status"><Badge tone={tx.status === 'success' ? 'green' : 'red'}>{tx.status === 'success' ? 'Success' : 'Reverted'}</Badge></Row>
          <Row label="Block">{tx.block_number.toLocaleString('en-AU')}{tx.timestamp ? ` · ${formatLongDate(tx.timestamp)} ${formatTime(tx.timestamp)}` : ''}</Row>
          <Row label="From"><span className="font-mono text-xs wrap-anywhere">{tx.from}</span></Row>
          <Row label="To"><span className="font-mono text-xs wrap-anywhere">{tx.to ?? `contract created at ${tx.contract_address}`}</span></Row>
          <Row label="Function">{tx.function ?? 'unknown'}</Row>
          <Row label="Nonce">{tx.nonce}</Row>
          <Row label="Gas used">{tx.gas_used.toLocaleString('en-AU')} at {tx.effective_gas_price_wei} wei (fee {tx.fee_wei} wei)</Row>
          {tokenId ? <Row label="Certificate"><Link className="text-blue-700 hover:underline" to={buildExplorerTokenPath(Number(tokenId))}>Token #{tokenId}</Link></Row> : null}
        </dl>
        <h2 className="mt-4 text-base font-semibold text-slate-900">Events</h2>
        <ol className="mt-2 space-y-2 text-sm">
          {tx.logs.map((log, index) => (
            <li key={index} className="rounded border border-slate-100 p-2">
              <p className="font-medium">{log.event ?? 'Unknown event'} <span className="font-mono text-xs wrap-anywhere text-slate-500">{log.address}</span></p>
              <ul className="font-mono text-xs text-slate-700">{Object.entries(log.args).map(([key, value]) => <li key={key} className="wrap-anywhere">{key}: {value}</li>)}</ul>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

/**
 * /explorer/token/:id: a certificate and its public metadata; the property, report and valuation
 * only for the workspace that minted it (the server sends them to nobody else).
 */
export function ExplorerTokenView({ tokenId }: { tokenId: string }) {
  const found = useExplorerToken(tokenId);
  if (found.isPending) return <p className="text-sm text-slate-600">Reading the certificate…</p>;
  if (found.isError) return <p role="alert" className="text-sm text-red-700 [overflow-wrap:anywhere]">{found.error.message}</p>;
  const { certificate, metadata, network, contract_address: contract } = found.data;
  return (
    <Card>
      <CardHeader level={2} title={`Certificate #${certificate.token_id}`} description={`${network} · contract ${contract}`} />
      <CardContent>
        <dl className="text-sm">
          {certificate.is_issuing_workspace ? (
            <>
              <Row label="Property">{certificate.property ?? 'Report not held here'}</Row>
              <Row label="Valuation">{certificate.valuation === null ? '–' : formatAud(certificate.valuation)}</Row>
              <Row label="Report">{certificate.report_id ? <Link className="text-blue-700 hover:underline" to={buildReportPath(certificate.report_id)}>{certificate.report_id}</Link> : '–'}</Row>
            </>
          ) : (
            <Row label="Property and valuation">Private to the workspace that issued this certificate. Anyone holding the report can check it against this certificate under Verify.</Row>
          )}
          <Row label="Report date">{certificate.report_date ? `${formatLongDate(certificate.report_date)} ${formatTime(certificate.report_date)}` : 'Metadata not held here'}</Row>
          <Row label="Model">{certificate.model_id ?? 'Metadata not held here'}</Row>
          <Row label="Report hash (SHA-256)"><span className="font-mono text-xs wrap-anywhere">{certificate.report_hash}</span><CopyButton value={certificate.report_hash} label="report hash" /></Row>
          <Row label="Token URI"><a className="font-mono text-xs wrap-anywhere text-blue-700 hover:underline" href={`/ipfs/${certificate.cid}`}>{certificate.token_uri}</a><CopyButton value={certificate.cid} label="CID" /></Row>
          <Row label="Owner"><span className="font-mono text-xs wrap-anywhere">{certificate.owner}</span></Row>
          <Row label="Issuer"><span className="font-mono text-xs wrap-anywhere">{certificate.issuer}</span></Row>
          <Row label="Minted">{formatLongDate(certificate.minted_date)} {formatTime(certificate.minted_date)}, block {certificate.block_number.toLocaleString('en-AU')}</Row>
          <Row label="Transaction"><Link className="font-mono text-xs wrap-anywhere text-blue-700 hover:underline" to={buildExplorerTxPath(certificate.transaction_hash)}>{certificate.transaction_hash}</Link></Row>
          {certificate.supersedes ? <Row label="Supersedes"><Link className="text-blue-700 hover:underline" to={buildExplorerTokenPath(certificate.supersedes)}>#{certificate.supersedes}</Link></Row> : null}
          {certificate.superseded_by ? <Row label="Superseded by"><Link className="text-blue-700 hover:underline" to={buildExplorerTokenPath(certificate.superseded_by)}>#{certificate.superseded_by}</Link></Row> : null}
        </dl>
        {metadata ? (
          <details className="mt-4 text-sm">
            <summary className="cursor-pointer font-medium">Public metadata (dag-json at {certificate.cid})</summary>
            <pre className="mt-2 overflow-x-auto rounded bg-slate-50 p-3 text-xs">{JSON.stringify(metadata, null, 2)}</pre>
          </details>
        ) : null}
      </CardContent>
    </Card>
  );
}
