import { createBrowserRouter } from 'react-router';
import { ErrorFallback } from '../components/errors/error-fallback.tsx';
import { AppLayout } from './app-layout.tsx';
import { accountPaths, paths } from './paths.ts';
import { AccountRoute } from './routes/account.tsx';
import { ReceiptRoute } from './routes/receipt.tsx';
import { SettingsRoute } from './routes/settings.tsx';
import { DashboardRoute } from './routes/dashboard.tsx';
import { MarketAnalysisRoute } from './routes/market-analysis.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { PropertyIndexRoute, PropertyRoute } from './routes/property.tsx';
import { PortfolioDetailRoute, PortfolioRoute } from './routes/portfolio.tsx';
import { ModelCardRoute } from './routes/model-card.tsx';
import { ReportRoute } from './routes/report.tsx';
import { ExplorerTokenRoute, ExplorerTxRoute } from './routes/explorer.tsx';
import { SearchRoute } from './routes/search.tsx';

/** The routes of SPEC.md section 2; a render failure anywhere shows the error screen. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <AppLayout />,
      errorElement: <ErrorFallback />,
      children: [
        { path: paths.home, element: <DashboardRoute /> },
        { path: paths.search, element: <SearchRoute /> },
        { path: paths.propertyIndex, element: <PropertyIndexRoute /> },
        { path: paths.property, element: <PropertyRoute /> },
        { path: paths.marketAnalysis, element: <MarketAnalysisRoute /> },
        { path: paths.portfolio, element: <PortfolioRoute /> },
        { path: paths.portfolioDetail, element: <PortfolioDetailRoute /> },
        { path: paths.report, element: <ReportRoute /> },
        { path: paths.modelCard, element: <ModelCardRoute /> },
        { path: paths.explorerTx, element: <ExplorerTxRoute /> },
        { path: paths.explorerToken, element: <ExplorerTokenRoute /> },
        { path: accountPaths.account, element: <AccountRoute /> },
        { path: accountPaths.signIn, element: <AccountRoute /> },
        { path: accountPaths.settings, element: <SettingsRoute /> },
        { path: accountPaths.receipt, element: <ReceiptRoute /> },
        { path: paths.notFound, element: <NotFoundRoute /> },
      ],
    },
  ]);
}
