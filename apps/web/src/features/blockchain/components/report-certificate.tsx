import { Link2 } from 'lucide-react';
import { Link } from 'react-router';
import { buildExplorerTokenPath } from '../../../app/paths.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { formatLongDate } from '../../../lib/format.ts';
import { useReportCertificate } from '../api/get-report-certificate.ts';
import { useMintCertificate } from '../api/mint-certificate.ts';
import { CopyButton } from './copy-button.tsx';
import { announceMint, MintProgress } from './mint-dialog.tsx';
import { TxLink } from './tx-link.tsx';

/** The report page's certificate: token, transaction, CID and verify link, or one-click minting. */
export function ReportCertificate({ reportId }: { reportId: string }) {
  const found = useReportCertificate(reportId);
  const mint = useMintCertificate();
  const certificate = found.data?.certificate;
  return (
    <Card>
      <CardHeader level={2} title="Blockchain Certificate" icon={<Link2 aria-hidden="true" className="size-5 text-blue-600" />} />
      <CardContent className="space-y-2 wrap-break-word hyphens-manual text-sm text-slate-700">
        {found.isPending ? <p>Reading the certificate contract…</p> : null}
        {found.isError ? <p role="alert" className="text-red-700">{found.error.message}</p> : null}
        {found.data && !certificate ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p>This report has no certificate yet. Minting records its content hash in an ERC-721 token on {found.data.network}.</p>
            <Button disabled={mint.isPending} onClick={() => mint.mutate(reportId, { onSuccess: announceMint })}>{mint.isPending ? 'Minting…' : 'Mint certificate'}</Button>
          </div>
        ) : null}
        {mint.isPending ? <MintProgress stages={mint.stages} isPending /> : null}
        {mint.isError ? <p role="alert" className="text-red-700">{mint.error.message}</p> : null}
        {certificate ? (
          <dl className="space-y-1" data-testid="report-certificate">
            <div><dt className="inline text-slate-500">Token: </dt><dd className="inline font-semibold"><Link className="text-blue-700 hover:underline" to={buildExplorerTokenPath(certificate.token_id)}>#{certificate.token_id}</Link> on {found.data?.network}, minted {formatLongDate(certificate.minted_date)}</dd></div>
            <div><dt className="inline text-slate-500">Transaction: </dt><dd className="inline font-mono text-xs wrap-anywhere"><TxLink hash={certificate.transaction_hash} template={found.data?.explorer_tx_url}>{certificate.transaction_hash}</TxLink><CopyButton value={certificate.transaction_hash} label="transaction hash" /></dd></div>
            <div><dt className="inline text-slate-500">Metadata CID: </dt><dd className="inline font-mono text-xs wrap-anywhere"><a className="text-blue-700 hover:underline" href={`/ipfs/${certificate.cid}`}>{certificate.cid}</a><CopyButton value={certificate.cid} label="CID" /></dd></div>
            <div><dt className="inline text-slate-500">Verify: </dt><dd className="inline wrap-anywhere"><a className="text-blue-700 hover:underline" href={`/api/blockchain/verify-nft?token_id=${certificate.token_id}`}>/api/blockchain/verify-nft?token_id={certificate.token_id}</a></dd></div>
            {certificate.superseded_by ? <div className="text-yellow-800">Superseded by certificate #{certificate.superseded_by}.</div> : null}
          </dl>
        ) : null}
      </CardContent>
    </Card>
  );
}
