import { Link, useNavigate, useParams } from 'react-router';
import { PortfolioList, PortfolioView, UploadPanel } from '../../features/portfolio/index.ts';
import { buildPortfolioPath, paths } from '../paths.ts';

function Heading() {
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Portfolio</h1>
      <p className="mt-1 text-slate-600">Revalue a whole loan book: valuation, six hazards today and in 2050, LVR, LMI and capital for every loan, then stress it.</p>
    </div>
  );
}

/** /portfolio: upload a loan book, or open one of the workspace's portfolios. */
export function PortfolioRoute() {
  const navigate = useNavigate();
  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <Heading />
      <UploadPanel onCreated={(portfolioId) => void navigate(buildPortfolioPath(portfolioId))} />
      <PortfolioList buildPath={buildPortfolioPath} />
    </main>
  );
}

/** /portfolio/:portfolioId: progress, summary, results and the Stress tab of one portfolio. */
export function PortfolioDetailRoute() {
  const { portfolioId = '' } = useParams();
  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <Heading />
      <Link to={paths.portfolio} className="text-sm text-blue-700 underline">All portfolios and upload</Link>
      <PortfolioView key={portfolioId} portfolioId={portfolioId} />
    </main>
  );
}
