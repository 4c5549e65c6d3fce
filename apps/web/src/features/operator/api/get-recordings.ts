import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallRecordingsResponse, recordingsApi } from '@seguridad/contracts/http/recordings';
import { apiRequest } from '../../../shared/api/api-client';
import { operatorQueryKeys, retryUnlessDenied } from './operator-query-keys';

/** The company's latest call recordings (signed, short-lived URLs for the finished ones). */
export function getRecordings(): Promise<CallRecordingsResponse> {
  return apiRequest(recordingsApi.list.request(), { auth: true });
}

export function useRecordings(enabled = true) {
  return useQuery({
    ...queryOptions({
      queryKey: operatorQueryKeys.recordings,
      queryFn: getRecordings,
      staleTime: 30 * 1000,
      refetchInterval: 60 * 1000,
      retry: retryUnlessDenied,
    }),
    enabled,
  });
}
