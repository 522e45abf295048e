import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useAcceptInvitation, useInvite, useMembers } from '../api/members.ts';

/** Members and their roles; owners invite analysts and viewers (the invitation token is shown once). */
export function MembersCard({ canManage }: { canManage: boolean }) {
  const members = useMembers();
  const invite = useInvite();
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
        <ul className="text-sm">
          {(members.data?.members ?? []).map((member) => <li key={member.user_id}>{member.email} <span className="text-slate-500">({member.role})</span></li>)}
        </ul>
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
