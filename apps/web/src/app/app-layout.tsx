import { ShieldCheck } from 'lucide-react';
import { Link, NavLink, Outlet } from 'react-router';
import { paths } from './paths.ts';
import { cn } from '../lib/cn.ts';
import { CrashTestTrigger } from '../components/errors/crash-test-trigger.tsx';
import { AccountStatus, useMe, useSignInOnUnauthenticated } from '../features/account/index.ts';
import { PaymentFailedBanner } from '../features/settings/index.ts';

const NAV_ITEMS = [
  { to: paths.home, label: 'Dashboard', end: true },
  { to: paths.search, label: 'Property Search', end: false },
  { to: paths.marketAnalysis, label: 'Market Analysis', end: false },
  { to: paths.portfolio, label: 'Portfolio', end: false },
  { to: paths.modelCard, label: 'Model Card', end: false },
] as const;

/** The frame of every screen: a slim navigation bar above the route's content. */
export function AppLayout() {
  // A 401 from any call opens the sign-in page, which comes back here.
  useSignInOnUnauthenticated();
  const me = useMe();
  return (
    <div className="min-h-screen">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Link to={paths.home} className="flex items-center gap-2 font-semibold text-slate-900">
            <ShieldCheck aria-hidden="true" className="size-6 text-blue-600" />
            PropGuard
          </Link>
          <nav aria-label="Main">
            <ul className="flex flex-wrap gap-1">
              {NAV_ITEMS.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.end}
                    className={({ isActive }) =>
                      cn(
                        'rounded-md px-3 py-2 text-sm font-medium',
                        isActive ? 'bg-blue-50 text-blue-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                      )
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <AccountStatus />
        </div>
      </header>
      <PaymentFailedBanner isEnabled={Boolean(me.data?.workspace)} />
      <div id="main">
        <CrashTestTrigger />
        <Outlet />
      </div>
    </div>
  );
}
