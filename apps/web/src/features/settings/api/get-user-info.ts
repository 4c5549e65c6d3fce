import { queryOptions, useQuery } from '@tanstack/react-query';
import { type UserInfoResponse, authApi } from '@seguridad/contracts/http/auth';
import { apiRequest } from '../../../shared/api/api-client';
import { settingsQueryKeys } from './settings-query-keys';

/** The signed-in account with its profile (spec §3 "Settings user"). */
export function getUserInfo(): Promise<UserInfoResponse> {
  return apiRequest(authApi.userInfo.request(), { auth: true });
}

export function userInfoQueryOptions() {
  return queryOptions({ queryKey: settingsQueryKeys.userInfo, queryFn: getUserInfo });
}

export function useUserInfo() {
  return useQuery(userInfoQueryOptions());
}
