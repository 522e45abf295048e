import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { formatLongDate, formatTime } from '../../../lib/format.ts';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys.ts';

type ApiKeysCardProps = {
  canManage: boolean;
  /** The plan has no API access: why (shown instead of "Create key", which the server would refuse with 403). */
  noApiAccess?: string | null;
  /** The way to a plan with API access (composed by the route). */
  upgradeAction?: ReactNode;
};

/** API keys: create (the secret is shown once), list with prefix and last use, revoke. */
export function ApiKeysCard({ canManage, noApiAccess = null, upgradeAction }: ApiKeysCardProps) {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name }, { onSuccess: () => setName('') });
  };
  return (
    <Card>
      <CardHeader level={2} title="API keys" description="Call the API with Authorization: Bearer pg_… . Calls are counted against your plan and priced at the API rates." />
      <CardContent className="space-y-4">
        {noApiAccess ? (
          <div data-testid="api-keys-unavailable" className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
            <p>{noApiAccess}</p>
            {upgradeAction}
          </div>
        ) : canManage ? (
          <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
            <Field label="Key name" htmlFor="api-key-name">
              <Input id="api-key-name" required maxLength={60} value={name} onChange={(event) => setName(event.target.value)} placeholder="Loan origination system" />
            </Field>
            <Button type="submit" disabled={create.isPending}>Create key</Button>
          </form>
        ) : <p className="text-sm text-slate-600">Only the workspace owner creates and revokes keys.</p>}
        {create.error ? <p role="alert" className="text-sm text-red-700">{create.error.message}</p> : null}
        {create.data ? (
          <div role="status" className="space-y-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
            <p className="font-medium text-amber-900">Copy this secret now: it is shown once and PropGuard keeps only its hash.</p>
            <code data-testid="api-key-secret" className="block break-all rounded bg-white p-2 text-slate-900">{create.data.secret}</code>
          </div>
        ) : null}
        {keys.data && keys.data.keys.length > 0 ? (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">API keys of this workspace</caption>
            <thead><tr className="border-b text-slate-600"><th className="py-1">Name</th><th>Prefix</th><th>Created</th><th>Last used</th><th /></tr></thead>
            <tbody>
              {keys.data.keys.map((key) => (
                <tr key={key.id} className="border-b border-slate-100 last:border-0">
                  <td className="py-1">{key.name}</td>
                  <td><code>{key.prefix}…</code></td>
                  <td>{formatLongDate(key.created_at)}</td>
                  <td>{key.last_used_at ? `${formatLongDate(key.last_used_at)} ${formatTime(key.last_used_at)}` : 'Never'}</td>
                  <td>{key.revoked_at ? 'Revoked' : canManage ? <Button variant="outline" size="sm" onClick={() => revoke.mutate(key.id)}>Revoke</Button> : null}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : keys.isError ? <p className="text-sm text-red-700">{keys.error.message}</p> : <p className="text-sm text-slate-600">No keys yet.</p>}
      </CardContent>
    </Card>
  );
}
