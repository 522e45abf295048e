import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeMemberRoleRequest, CreateInvitationResponse, MembersResponse, WorkspaceRole } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

/** GET /api/workspace/members */
export function useMembers() {
  return useQuery(queryOptions({ queryKey: ['workspace', 'members'], queryFn: ({ signal }) => requestApi<MembersResponse>('/workspace/members', { signal }) }));
}

/** POST /api/workspace/invitations: the token is shown once. */
export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; role: Exclude<WorkspaceRole, 'owner'> }) => requestApi<CreateInvitationResponse>('/workspace/invitations', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['workspace', 'members'] }),
  });
}

/** POST /api/invitations/accept: the signed-in user joins the inviting workspace. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (token: string) => requestApi<{ success: true }>('/invitations/accept', { body: { token } }), onSuccess: () => queryClient.invalidateQueries() });
}

/** PATCH /api/workspace/members/{userId}: owners change a member's role (409 for the last owner). */
export function useChangeMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string } & ChangeMemberRoleRequest) => requestApi<MembersResponse>(`/workspace/members/${encodeURIComponent(userId)}`, { method: 'PATCH', body: { role } }),
    onSuccess: (members) => queryClient.setQueryData(['workspace', 'members'], members),
    // A refused change (the last owner) leaves the select where the server says it is.
    onError: () => queryClient.invalidateQueries({ queryKey: ['workspace', 'members'] }),
  });
}

/** DELETE /api/workspace/members/{userId}: owners remove a member (409 for the last owner). */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => requestApi<MembersResponse>(`/workspace/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    // Everything is read again: an owner who removed themselves is no longer in the workspace.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
