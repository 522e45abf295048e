import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AccountForms, takeNextAfterSignUp, useMe } from '../../features/account/index.ts';
import { Notice } from '../../components/ui/notice.tsx';
import { accountPaths, safeNextPath } from '../paths.ts';

/**
 * /account and /sign-in: sign up or sign in; `?signup_token=` and `?reset_token=` are the links of
 * the account mail. `?next=` (set when a page needed an account) is where signing in comes back
 * to; a sign-up keeps it until its mailed link signs the visitor in.
 */
export function AccountRoute() {
  const navigate = useNavigate();
  const me = useMe();
  const [params] = useSearchParams();
  const isSignInPage = useLocation().pathname === accountPaths.signIn;
  const next = safeNextPath(params.get('next'));
  const signupToken = params.get('signup_token');
  const resetToken = params.get('reset_token');
  const onSignedIn = () => void navigate((signupToken ? takeNextAfterSignUp() : null) ?? next ?? accountPaths.settings, { replace: true });
  // Already signed in (e.g. in another tab): straight on to the page asked for.
  if (next && me.data?.user && !signupToken && !resetToken) return <Navigate to={next} replace />;
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900">{isSignInPage ? 'Sign in to PropGuard' : 'Your PropGuard account'}</h1>
      {next ? <Notice>Sign in, or create an account (the Starter plan is free), and we will take you back to the page you were on.</Notice> : null}
      <AccountForms onSignedIn={onSignedIn} signupToken={signupToken} resetToken={resetToken} next={next} />
    </main>
  );
}
