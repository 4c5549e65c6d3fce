import { queryOptions, useQuery } from '@tanstack/react-query';
import { type OkResponse, authApi } from '@seguridad/contracts/http/auth';
import { apiRequest } from '../../../shared/api/api-client';

/** Whether the e-mailed reset token can still be used (404 when not). */
export function checkResetToken(token: string): Promise<OkResponse> {
  return apiRequest(authApi.checkResetToken.request(), { body: { token } });
}

export function resetTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', 'reset-token', token],
    queryFn: () => checkResetToken(token),
    // A 404 is an answer, not a hiccup; and a used token must be checked again, not served from cache.
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useResetTokenCheck(token: string | null) {
  return useQuery({ ...resetTokenQueryOptions(token ?? ''), enabled: Boolean(token) });
}
