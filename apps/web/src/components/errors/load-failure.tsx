import { Lock, LogIn, TriangleAlert } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buildSignInPath, paths } from '../../app/paths.ts';
import type { LoadFailure as LoadFailureKind } from '../../lib/api-client.ts';
import { getButtonClasses } from '../ui/button.tsx';
import { Card, CardContent } from '../ui/card.tsx';

type LoadFailureProps = {
  /** How the load failed (loadFailureOf); "not-found" is each page's own "Not Found" screen. */
  failure: Exclude<LoadFailureKind, 'not-found'>;
  /** What the page shows, e.g. "report". */
  what: string;
  /** The error's message, for "failed". */
  message: string;
};

/**
 * A page's record could not be shown for a reason other than "it does not exist": signing in is
 * needed (401; the app also opens the sign-in page), the account may not open it (403), or the
 * load failed. Never "Not Found" for these.
 */
export function LoadFailure({ failure, what, message }: LoadFailureProps) {
  const location = useLocation();
  const content = {
    'sign-in': { icon: LogIn, title: `Sign in to see this ${what}`, text: `This ${what} belongs to a PropGuard workspace: sign in with an account of that workspace to open it.` },
    'no-access': { icon: Lock, title: 'No access', text: `Your account cannot open this ${what}: your role in the workspace does not allow it.` },
    failed: { icon: TriangleAlert, title: `The ${what} could not be loaded`, text: message },
  }[failure];
  const Icon = content.icon;
  return (
    <Card>
      <CardContent role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
        <Icon aria-hidden="true" className="size-10 text-slate-400" />
        <h1 className="text-2xl font-semibold text-slate-900">{content.title}</h1>
        <p className="text-slate-600">{content.text}</p>
        {failure === 'sign-in' ? (
          <Link to={buildSignInPath(`${location.pathname}${location.search}`)} className={getButtonClasses('primary')}>Sign in</Link>
        ) : (
          <Link to={paths.home} className={getButtonClasses('outline')}>Back to Dashboard</Link>
        )}
      </CardContent>
    </Card>
  );
}
