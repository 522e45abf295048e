import { Link, useLocation } from 'react-router';
import { accountPaths, buildSignInPath } from '../../../app/paths.ts';
import { useLogout, useMe } from '../api/account.ts';

/** The header's account corner: who the browser acts as, Settings, and sign in or out. */
export function AccountStatus() {
  const me = useMe();
  const logout = useLogout();
  const location = useLocation();
  if (!me.data) return null;
  const { user, workspace } = me.data;
  return (
    <div className="flex items-center gap-3 text-sm">
      {workspace ? (
        <span className="text-slate-600" title={`Role: ${workspace.role}`}>
          {user ? user.email : 'Local workspace (no sign-in)'} · {workspace.name}
        </span>
      ) : null}
      <Link to={accountPaths.settings} className="rounded-md px-3 py-2 font-medium text-slate-600 hover:bg-slate-100">Settings</Link>
      {user ? (
        <button type="button" className="rounded-md px-3 py-2 font-medium text-slate-600 hover:bg-slate-100" onClick={() => logout.mutate()}>Sign out</button>
      ) : (
        <Link to={buildSignInPath(`${location.pathname}${location.search}`)} className="rounded-md px-3 py-2 font-medium text-blue-700 hover:bg-blue-50">Sign in</Link>
      )}
    </div>
  );
}
