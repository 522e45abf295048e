import { Link } from 'react-router';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { formatLongDate } from '../../../lib/format.ts';
import { usePortfolios } from '../api/get-portfolios.ts';

/** The workspace's portfolios, newest first, each linking to its screen. */
export function PortfolioList({ buildPath }: { buildPath: (portfolioId: string) => string }) {
  const list = usePortfolios();
  const portfolios = list.data?.portfolios ?? [];
  return (
    <Card>
      <CardHeader level={2} title="Your portfolios" />
      <CardContent>
        {list.isError ? <Notice>{`Portfolios could not be loaded: ${list.error.message}`}</Notice> : null}
        {list.isSuccess && portfolios.length === 0 ? <p className="text-sm text-slate-600">No portfolio uploaded yet.</p> : null}
        <ul className="divide-y divide-slate-100">
          {portfolios.map((portfolio) => (
            <li key={portfolio.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <Link to={buildPath(portfolio.id)} className="font-medium text-blue-700 underline">{portfolio.name}</Link>
              <span className="text-slate-600">{`${portfolio.loans.total.toLocaleString('en-AU')} loans, ${portfolio.state}, ${formatLongDate(portfolio.createdAt)}`}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
