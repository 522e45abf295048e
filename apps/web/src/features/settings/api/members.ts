import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateInvitationResponse, MembersResponse, WorkspaceRole } from '@propguard/schemas';
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
