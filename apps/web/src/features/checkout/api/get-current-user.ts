import { queryOptions, useQuery } from '@tanstack/react-query';
import { type UserInfoResponse, authApi } from '@seguridad/contracts/http/auth';
import { apiRequest } from '../../../shared/api/api-client';

/** The checkout's "current user" call: name, e-mail and phone to prefill the shipping form. */
export function getCurrentUser(): Promise<UserInfoResponse> {
  return apiRequest(authApi.userInfo.request(), { auth: true });
}

/** Cached only while the checkout is open: leaving the page removes it (spec §4). */
export const currentUserQueryKey = ['checkout', 'current-user'] as const;

export const currentUserQueryOptions = queryOptions({
  queryKey: currentUserQueryKey,
  queryFn: getCurrentUser,
  retry: false,
});

export function useCurrentUser(enabled: boolean) {
  return useQuery({ ...currentUserQueryOptions, enabled });
}
