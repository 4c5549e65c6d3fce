import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallRecord, callsApi } from '@seguridad/contracts/http/calls';
import { apiRequest } from '../../../shared/api/api-client';
import { operatorQueryKeys, retryUnlessDenied } from './operator-query-keys';

type CallHistoryResponse = { code: 200; calls: CallRecord[] };

/**
 * Other operators' calls change it too, unannounced: refreshed now and then while shown. It is
 * shown again when the operator's own call ends, which is when it changed: fetched on every mount.
 */
const HISTORY_REFRESH_MS = 60 * 1000;

/** The company's latest calls, newest first. */
export function getCallHistory(): Promise<CallHistoryResponse> {
  return apiRequest(callsApi.history.request(), { auth: true });
}

export function useCallHistory(enabled = true) {
  return useQuery({
    ...queryOptions({
      queryKey: operatorQueryKeys.callHistory,
      queryFn: getCallHistory,
      staleTime: HISTORY_REFRESH_MS / 2,
      refetchInterval: HISTORY_REFRESH_MS,
      refetchOnMount: 'always',
      retry: retryUnlessDenied,
    }),
    enabled,
  });
}
