import { useState } from 'react';
import { TabList, TabPanel } from '../../../components/ui/tabs.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { isNotFoundError } from '../../../lib/api-client.ts';
import { usePortfolio } from '../api/get-portfolio.ts';
import { usePortfolioProgress } from '../hooks/use-portfolio-progress.ts';
import { ProgressPanel } from './progress-panel.tsx';
import { ResultsTable } from './results-table.tsx';
import { StressPanel } from './stress-panel.tsx';
import { SummaryPanel } from './summary-panel.tsx';

type PortfolioTab = 'summary' | 'results' | 'stress';
const TABS = [
  { id: 'summary', label: 'Summary' },
  { id: 'results', label: 'Results' },
  { id: 'stress', label: 'Stress' },
] as const;
const ID_BASE = 'portfolio';
/** The summary and results are read again at every tenth of the job, and when it ends. */
const REFRESH_STEPS = 10;

/** One portfolio: its progress while it runs, then the summary, the results and the Stress tab. */
export function PortfolioView({ portfolioId }: { portfolioId: string }) {
  const [tab, setTab] = useState<PortfolioTab>('summary');
  const status = usePortfolio(portfolioId);
  const progress = usePortfolioProgress(portfolioId, status.data?.portfolio);
  if (status.isError) return <Notice>{isNotFoundError(status.error) ? 'No portfolio with this id in your workspace.' : `The portfolio could not be loaded: ${status.error.message}`}</Notice>;
  const portfolio = status.data?.portfolio;
  if (!portfolio) return <p className="text-sm text-slate-600">Loading the portfolio...</p>;
  const version = progress.isFinished ? REFRESH_STEPS + 1 : Math.floor((progress.event?.fraction ?? 0) * REFRESH_STEPS);

  return (
    <div className="space-y-6">
      <ProgressPanel status={portfolio} progress={progress} />
      <TabList label="Portfolio sections" idBase={ID_BASE} tabs={TABS} value={tab} onValueChange={setTab} />
      <TabPanel idBase={ID_BASE} tabId={tab}>
        {tab === 'summary' ? <SummaryPanel portfolioId={portfolioId} version={version} /> : null}
        {tab === 'results' ? <ResultsTable portfolioId={portfolioId} version={version} /> : null}
        {tab === 'stress' ? (progress.isFinished ? <StressPanel portfolioId={portfolioId} /> : <Notice>Stress tests run on a finished portfolio: wait for the revaluation to complete.</Notice>) : null}
      </TabPanel>
    </div>
  );
}
