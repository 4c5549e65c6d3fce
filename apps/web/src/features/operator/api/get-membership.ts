import { queryOptions, useQuery } from '@tanstack/react-query';
import { type MembershipResponse, operatorApi } from '@seguridad/contracts/http/operator';
import { apiRequest } from '../../../shared/api/api-client';
import { operatorQueryKeys, retryUnlessDenied } from './operator-query-keys';

/** Whether this account works in a call centre; answered 200 for any session (see the contract). */
export function getMembership(): Promise<MembershipResponse> {
  return apiRequest(operatorApi.membership.request(), { auth: true });
}

export function useMembership() {
  return useQuery(
    queryOptions({
      queryKey: operatorQueryKeys.membership,
      queryFn: getMembership,
      staleTime: Infinity,
      retry: retryUnlessDenied,
    }),
  );
}
