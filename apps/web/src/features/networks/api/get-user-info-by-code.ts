import { queryOptions, useQuery } from '@tanstack/react-query';
import { type UserInfoByCodeResponse, networksApi } from '@seguridad/contracts/http/networks';
import { apiRequest } from '../../../shared/api/api-client';
import { networkQueryKeys } from './network-query-keys';

/**
 * The spec's "Get inviting user": the name of whoever sent the invitation behind an e-mailed code
 * (404 when the code is made up, expired, cancelled or already answered).
 */
export function getUserInfoByCode(code: string, companyId: string): Promise<UserInfoByCodeResponse> {
  return apiRequest(networksApi.userInfoByCode.request(), {
    auth: true,
    query: { user_code: code, company_id: companyId },
  });
}

export function userInfoByCodeQueryOptions(code: string, companyId: string) {
  return queryOptions({
    queryKey: networkQueryKeys.invitingUser(code, companyId),
    queryFn: () => getUserInfoByCode(code, companyId),
    retry: false,
    gcTime: 0,
  });
}

export function useUserInfoByCode(code: string, companyId: string, enabled: boolean) {
  return useQuery({ ...userInfoByCodeQueryOptions(code, companyId), enabled });
}
