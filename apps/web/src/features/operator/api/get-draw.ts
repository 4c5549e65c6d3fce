import { queryOptions, useQuery } from '@tanstack/react-query';
import { type OperatorDrawResponse, promoApi } from '@seguridad/contracts/http/promo';
import { apiRequest } from '../../../shared/api/api-client';
import { retryUnlessDenied } from './operator-query-keys';

export const drawQueryKey = ['operator', 'draw'] as const;

/** The camera draw as the campaign's admins see it (404 for any other company). */
export function getOperatorDraw(): Promise<OperatorDrawResponse> {
  return apiRequest(promoApi.operatorDraw.request(), { auth: true });
}

export const operatorDrawQueryOptions = queryOptions({
  queryKey: drawQueryKey,
  queryFn: getOperatorDraw,
  retry: retryUnlessDenied,
});

export function useOperatorDraw(enabled: boolean) {
  return useQuery({ ...operatorDrawQueryOptions, enabled });
}
