import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import type { WorkspaceRole } from '@propguard/schemas';
import { useAcceptInvitation, useChangeMemberRole, useInvite, useMembers, useRemoveMember } from '../api/members.ts';

const ROLE_OPTIONS = [{ value: 'owner', label: 'Owner' }, { value: 'analyst', label: 'Analyst' }, { value: 'viewer', label: 'Viewer' }] as const;

/**
 * Members and their roles; owners change roles, remove members (never the last owner: the server
 * answers 409 and its message is shown) and invite analysts and viewers (the token is shown once).
 */
export function MembersCard({ canManage, currentUserId }: { canManage: boolean; currentUserId: string | null }) {
  const members = useMembers();
  const invite = useInvite();
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const memberError = changeRole.error ?? remove.error;
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'analyst' | 'viewer'>('analyst');
  const accept = useAcceptInvitation();
  const [token, setToken] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate({ email, role }, { onSuccess: () => setEmail('') });
  };
  return (
    <Card>
      <CardHeader level={2} title="Members" description="Owners manage billing, keys and tolerances; analysts create reports and assessments; viewers read." />
      <CardContent className="space-y-4">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Members of this workspace</caption>
          <thead><tr className="border-b text-slate-600"><th className="py-1">Email</th><th>Role</th>{canManage ? <th><span className="sr-only">Remove</span></th> : null}</tr></thead>
          <tbody>
            {(members.data?.members ?? []).map((member) => (
              <tr key={member.user_id} className="border-b border-slate-100 last:border-0">
                <td className="py-1">{member.email}{member.user_id === currentUserId ? <span className="text-slate-500"> (you)</span> : null}</td>
                <td>
                  {canManage ? (
                    <Select
                      aria-label={`Role of ${member.email}`}
                      value={member.role}
                      disabled={changeRole.isPending}
                      onChange={(event) => { remove.reset(); changeRole.mutate({ userId: member.user_id, role: event.target.value as WorkspaceRole }); }}
                      options={ROLE_OPTIONS}
                    />
                  ) : <span className="capitalize">{member.role}</span>}
                </td>
                {canManage ? (
                  <td className="text-right">
                    <Button variant="outline" size="sm" aria-label={`Remove ${member.email}`} disabled={remove.isPending} onClick={() => { changeRole.reset(); remove.mutate(member.user_id); }}>Remove</Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
        {memberError ? <p role="alert" className="text-sm text-red-700">{memberError.message}</p> : null}
        {canManage ? <p className="text-xs text-slate-500">A workspace keeps at least one owner: make another member an owner before the last one steps down or leaves. Changes are recorded in the audit log.</p> : null}
        {canManage ? (
          <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
            <Field label="Invite by email" htmlFor="invite-email">
              <Input id="invite-email" type="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
            </Field>
            <Field label="Role" htmlFor="invite-role">
              <Select id="invite-role" value={role} onChange={(event) => setRole(event.target.value as 'analyst' | 'viewer')} options={[{ value: 'analyst', label: 'Analyst' }, { value: 'viewer', label: 'Viewer' }]} />
            </Field>
            <Button type="submit" variant="outline" disabled={invite.isPending}>Invite</Button>
          </form>
        ) : null}
        {invite.error ? <p role="alert" className="text-sm text-red-700">{invite.error.message}</p> : null}
        {invite.data ? (
          <p role="status" className="rounded-md bg-slate-50 p-3 text-sm">
            Invitation for {invite.data.invitation.email}: send them this token (shown once); they sign up with that email and accept it under Settings. <code className="break-all">{invite.data.token}</code>
          </p>
        ) : null}
        <form onSubmit={(event) => { event.preventDefault(); accept.mutate(token.trim(), { onSuccess: () => setToken('') }); }} className="flex flex-wrap items-end gap-3">
          <Field label="Accept an invitation (token)" htmlFor="accept-token">
            <Input id="accept-token" required value={token} onChange={(event) => setToken(event.target.value)} />
          </Field>
          <Button type="submit" variant="outline" disabled={accept.isPending}>Accept</Button>
        </form>
        {accept.error ? <p role="alert" className="text-sm text-red-700">{accept.error.message}</p> : null}
      </CardContent>
    </Card>
  );
}
