import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse, LoginRequest, MailSentResponse, MeResponse, PasswordResetConfirmRequest, PasswordResetRequest, SignupConfirmRequest, SignupRequest } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

export const meQueryKey = ['me'] as const;

/** GET /api/me: who the browser acts as (in AUTH_MODE=local without sign-in: the local workspace's owner). */
export function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => requestApi<MeResponse>('/me', { signal }), staleTime: 30_000 });
}

export function useMe() {
  return useQuery(meQueryOptions());
}

/**
 * Signing in, up or out changes what every workspace query answers: refetch them all. A query still
 * in flight was sent with the old cookie, and a first fetch in flight would be joined rather than
 * sent again (TanStack Query cancels only a fetch that already has data): cancel them first, so that
 * every answer shown comes from a request made with the new session. (The sign-up link's page asks
 * for /api/me while it confirms: without this the settings showed the local workspace.)
 */
export async function refreshAfterAuth(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries();
  await queryClient.invalidateQueries();
}

function useRefreshAfterAuth() {
  const queryClient = useQueryClient();
  return () => refreshAfterAuth(queryClient);
}

/** POST /api/auth/signup: the server mails a link that creates the account (the answer is the same for any email). */
export function useSignup() {
  return useMutation({ mutationFn: (body: SignupRequest) => requestApi<MailSentResponse>('/auth/signup', { body }) });
}

/** POST /api/auth/signup/confirm: the link's token creates the account and signs in. */
export function useConfirmSignup() {
  const refresh = useRefreshAfterAuth();
  return useMutation({ mutationFn: (body: SignupConfirmRequest) => requestApi<AuthResponse>('/auth/signup/confirm', { body }), onSuccess: refresh });
}

/** POST /api/auth/password-reset: the server mails a reset link to an existing account (the answer is the same for any email). */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (body: PasswordResetRequest) => requestApi<MailSentResponse>('/auth/password-reset', { body }) });
}

/** POST /api/auth/password-reset/confirm: the link's token and a new password; signs in. */
export function useResetPassword() {
  const refresh = useRefreshAfterAuth();
  return useMutation({ mutationFn: (body: PasswordResetConfirmRequest) => requestApi<AuthResponse>('/auth/password-reset/confirm', { body }), onSuccess: refresh });
}

/** POST /api/auth/login */
export function useLogin() {
  const refresh = useRefreshAfterAuth();
  return useMutation({ mutationFn: (body: LoginRequest) => requestApi<AuthResponse>('/auth/login', { body }), onSuccess: refresh });
}

/** POST /api/auth/logout */
export function useLogout() {
  const refresh = useRefreshAfterAuth();
  return useMutation({ mutationFn: () => requestApi<{ success: true }>('/auth/logout', { method: 'POST', body: {} }), onSuccess: refresh });
}
