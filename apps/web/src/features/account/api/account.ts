import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse, LoginRequest, MeResponse, SignupRequest } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

export const meQueryKey = ['me'] as const;

/** GET /api/me: who the browser acts as (in AUTH_MODE=local without sign-in: the local workspace's owner). */
export function meQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => requestApi<MeResponse>('/me', { signal }), staleTime: 30_000 });
}

export function useMe() {
  return useQuery(meQueryOptions());
}

/** Signing in, up or out changes what every workspace query answers: refetch them all. */
function useRefreshAfterAuth() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

/** POST /api/auth/signup */
export function useSignup() {
  const refresh = useRefreshAfterAuth();
  return useMutation({ mutationFn: (body: SignupRequest) => requestApi<AuthResponse>('/auth/signup', { body }), onSuccess: refresh });
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
