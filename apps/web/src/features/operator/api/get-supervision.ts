import { queryOptions, useQuery } from '@tanstack/react-query';
import { supervisionApi, type SupervisionSnapshot } from '@seguridad/contracts/http/supervision';
import { apiRequest } from '../../../shared/api/api-client';
import { operatorQueryKeys, retryUnlessDenied } from './operator-query-keys';

/**
 * The snapshot is fetched again on every `supervision:changed`; this slow poll only covers a
 * signal lost while the socket was reconnecting.
 */
const SUPERVISION_SAFETY_REFRESH_MS = 30 * 1000;

/** The centre now, for supervisors and administrators (decision 046). */
export function getSupervision(): Promise<SupervisionSnapshot> {
  return apiRequest(supervisionApi.snapshot.request(), { auth: true });
}

export function useSupervision(enabled = true) {
  return useQuery({
    ...queryOptions({
      queryKey: operatorQueryKeys.supervision,
      queryFn: getSupervision,
      refetchInterval: SUPERVISION_SAFETY_REFRESH_MS,
      refetchOnMount: 'always',
      retry: retryUnlessDenied,
    }),
    enabled,
  });
}
