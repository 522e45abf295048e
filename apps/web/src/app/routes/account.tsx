import { useNavigate, useSearchParams } from 'react-router';
import { AccountForms } from '../../features/account/index.ts';
import { accountPaths } from '../paths.ts';

/** /account: sign up or sign in; `?signup_token=` and `?reset_token=` are the links of the account mail. */
export function AccountRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900">Your PropGuard account</h1>
      <AccountForms onSignedIn={() => void navigate(accountPaths.settings)} signupToken={params.get('signup_token')} resetToken={params.get('reset_token')} />
    </main>
  );
}
