import { isPortfolioFinished, type PortfolioStatus } from '@propguard/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { useCancelPortfolio } from '../api/cancel-portfolio.ts';
import type { ProgressReading } from '../hooks/use-portfolio-progress.ts';
import { formatEta, formatRate } from '../progress-text.ts';

const STATE_TEXT: Record<PortfolioStatus['state'], string> = {
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** The job's progress from its Server-Sent Events: loans done, loans/s, ETA, errors, and Cancel. */
export function ProgressPanel({ status, progress }: { status: PortfolioStatus; progress: ProgressReading }) {
  const cancel = useCancelPortfolio(status.id);
  const event = progress.event;
  const state = event?.state ?? status.state;
  const total = event?.loansTotal ?? status.loans.total;
  const done = event?.loansDone ?? status.loans.done;
  const errors = event?.loansErrors ?? status.loans.errors;
  const fraction = event?.fraction ?? (total === 0 ? 0 : done / total);
  const percent = Math.round(fraction * 100);
  const canCancel = !isPortfolioFinished(state);
  const rate = event?.loansPerSecond ?? status.loansPerSecond;
  const eta = event?.etaSeconds ?? status.etaSeconds;

  return (
    <Card>
      <CardHeader
        level={2}
        title={`Revaluation: ${STATE_TEXT[state]}`}
        description={`${status.name}, ${status.executor === 'queue' ? 'worker processes (PostgreSQL queue)' : 'worker threads'}`}
        action={canCancel ? <Button variant="outline" onClick={() => cancel.mutate()} disabled={cancel.isPending}>{cancel.isPending ? 'Cancelling...' : 'Cancel'}</Button> : null}
      />
      <CardContent className="space-y-3">
        <div
          role="progressbar"
          aria-label="Loans assessed"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}%: ${done.toLocaleString('en-AU')} of ${total.toLocaleString('en-AU')} loans`}
          className="h-3 overflow-hidden rounded-full bg-slate-100"
        >
          <div className={`h-3 rounded-full ${state === 'failed' ? 'bg-red-500' : state === 'cancelled' ? 'bg-slate-400' : 'bg-blue-600'}`} style={{ width: `${percent}%` }} />
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
          <div><dt className="text-slate-600">Progress</dt><dd className="font-semibold tabular-nums" data-testid="portfolio-progress-percent">{`${percent}%`}</dd></div>
          <div><dt className="text-slate-600">Loans done</dt><dd className="font-semibold tabular-nums">{`${done.toLocaleString('en-AU')} of ${total.toLocaleString('en-AU')}`}</dd></div>
          <div><dt className="text-slate-600">Speed</dt><dd className="font-semibold tabular-nums">{rate !== null ? formatRate(rate) : canCancel ? 'Measuring...' : '-'}</dd></div>
          <div><dt className="text-slate-600">Time left</dt><dd className="font-semibold tabular-nums">{!canCancel ? '-' : eta !== null ? formatEta(eta) : 'Measuring...'}</dd></div>
          <div><dt className="text-slate-600">Errors</dt><dd className={`font-semibold tabular-nums ${errors > 0 ? 'text-red-700' : ''}`}>{errors.toLocaleString('en-AU')}</dd></div>
        </dl>
        {status.message ? <Notice>{status.message}</Notice> : null}
        {cancel.isError ? <Notice>{`Could not cancel: ${cancel.error.message}`}</Notice> : null}
        <p className="sr-only" aria-live="polite">{`${STATE_TEXT[state]}, ${percent}%`}</p>
      </CardContent>
    </Card>
  );
}
