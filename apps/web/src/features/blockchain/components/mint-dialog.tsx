import { useId, useState } from 'react';
import { CheckCircle2, Loader2, X } from 'lucide-react';
import { toast } from 'sonner';
import { MINT_STAGES, type MintCertificateResponse, type MintStage } from '@propguard/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FIELD_CLASSES } from '../../../components/ui/input.tsx';
import { formatAud, formatLatency } from '../../../lib/format.ts';
import { useCertifiableReports } from '../api/list-reports.ts';
import { useMintCertificate } from '../api/mint-certificate.ts';
import { TxLink } from './tx-link.tsx';

export function announceMint(result: MintCertificateResponse): void {
  toast.success('NFT Minted Successfully!', { description: `Certificate #${result.token_id} has been minted on ${result.network}.` });
}

/**
 * The server's steps as they complete (streamed live), with their times: a progress bar and the
 * list of stages, named as the server reports them.
 */
export function MintProgress({ stages, isPending }: { stages: MintStage[]; isPending: boolean }) {
  const progress = Math.round((stages.length / MINT_STAGES.length) * 100);
  return (
    <div className="space-y-3" aria-live="polite">
      <div className="h-2 overflow-hidden rounded bg-slate-100" role="progressbar" aria-label="Mint progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
        <div className="h-full bg-blue-600 transition-all" style={{ width: `${progress}%` }} />
      </div>
      <ol className="space-y-2 text-sm" aria-label="Mint stages">
        {MINT_STAGES.map(({ stage, title }, index) => {
          const done = stages.find((entry) => entry.stage === stage);
          const running = !done && isPending && index === stages.length;
          return (
            <li key={stage} className="flex items-start gap-2">
              {done ? <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-600" /> : running ? <Loader2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 animate-spin text-blue-600" /> : <span className="mt-1.5 size-2 shrink-0 rounded-full bg-slate-300" />}
              <span>
                <span className="font-medium text-slate-900">{title}</span>
                {done ? <span className="text-slate-600"> · {formatLatency(done.ms)}<br /><span className="wrap-anywhere text-xs">{done.label}</span></span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** Mint a certificate for a stored report; the stages shown are the ones the server ran, with their times. */
export function MintDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const reports = useCertifiableReports();
  const mint = useMintCertificate();
  const [reportId, setReportId] = useState('');
  const chosen = reportId || reports.data?.reports[0]?.report_id || '';
  const close = () => {
    mint.reset();
    onClose();
  };
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4">
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="w-full max-w-lg space-y-4 rounded-lg bg-white p-6 shadow-xl">
        <div className="flex items-start justify-between">
          <h3 id={titleId} className="text-lg font-semibold text-slate-900">Mint Valuation Certificate</h3>
          <button type="button" aria-label="Close" onClick={close} className="rounded p-1 text-slate-500 hover:bg-slate-100"><X aria-hidden="true" className="size-4" /></button>
        </div>
        {reports.isPending ? <p className="text-sm text-slate-600">Loading the report library…</p> : null}
        {reports.data && reports.data.reports.length === 0 ? <p className="text-sm text-slate-600">No reports yet: generate one in the Reports tab, then certify it here.</p> : null}
        {reports.data && reports.data.reports.length > 0 ? (
          <Field label="Report to certify" htmlFor="mint-report">
            <select id="mint-report" className={FIELD_CLASSES} value={chosen} disabled={mint.isPending || mint.isSuccess} onChange={(event) => setReportId(event.target.value)}>
              {reports.data.reports.map((report) => (
                <option key={report.report_id} value={report.report_id}>{report.property} · {formatAud(report.valuation)} · {report.report_id.slice(0, 12)}</option>
              ))}
            </select>
          </Field>
        ) : null}
        {mint.isPending || mint.isSuccess || mint.stages.length > 0 ? <MintProgress stages={mint.stages} isPending={mint.isPending} /> : null}
        {mint.isError ? <p role="alert" className="text-sm text-red-700">{mint.error.message}</p> : null}
        {mint.data ? (
          <p className="text-sm text-slate-700">
            Certificate #{mint.data.token_id} in block {mint.data.block_number.toLocaleString('en-AU')}, {mint.data.gas_used.toLocaleString('en-AU')} gas.{' '}
            <TxLink hash={mint.data.transaction_hash} template={mint.data.explorer_tx_url}>View transaction</TxLink>
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={close}>{mint.isSuccess ? 'Done' : 'Cancel'}</Button>
          {mint.isSuccess ? null : (
            <Button disabled={!chosen || mint.isPending} onClick={() => mint.mutate(chosen, { onSuccess: announceMint })}>
              {mint.isPending ? 'Minting…' : 'Mint certificate'}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
