import { Link } from 'react-router';
import { useMe } from '../../features/account/index.ts';
import { describeMissingApiAccess, usePlans } from '../../features/pricing/index.ts';
import { ApiKeysCard, MembersCard, SubscriptionCard, UsageMeter } from '../../features/settings/index.ts';
import { getButtonClasses } from '../../components/ui/button.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { accountPaths, buildSignInPath, pricingLink } from '../paths.ts';

/** /settings: the workspace's plan and billing, usage meter, API keys and members. */
export function SettingsRoute() {
  const me = useMe();
  const plans = usePlans();
  const workspace = me.data?.workspace;
  const noApiAccess = workspace && plans.data ? describeMissingApiAccess(plans.data.plans, workspace.plan) : null;
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900">Settings</h1>
      {me.data && !workspace ? (
        <Notice>Sign in to see your workspace. <Link className="text-blue-700 underline" to={buildSignInPath(accountPaths.settings)}>Sign in or sign up</Link></Notice>
      ) : null}
      {workspace ? (
        <>
          <p className="text-sm text-slate-600">
            Workspace <strong>{workspace.name}</strong>, plan <strong className="capitalize">{workspace.plan}</strong>, your role <strong>{workspace.role}</strong>
            {me.data?.authenticated_by === 'local' ? ' (AUTH_MODE=local: this browser is the owner of the local workspace; sign up for a workspace of your own)' : ''}.
          </p>
          <SubscriptionCard canManage={workspace.role === 'owner'} />
          <UsageMeter />
          <ApiKeysCard
            canManage={workspace.role === 'owner'}
            noApiAccess={noApiAccess}
            upgradeAction={<Link to={pricingLink.to} state={pricingLink.state} className={getButtonClasses('primary', 'sm')}>See plans and upgrade</Link>}
          />
          {me.data?.user ? <MembersCard canManage={workspace.role === 'owner'} currentUserId={me.data.user.id} /> : null}
        </>
      ) : null}
    </main>
  );
}
