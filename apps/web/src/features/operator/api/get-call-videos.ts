import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallVideosResponse, callVideosApi } from '@seguridad/contracts/http/call-videos';
import { apiRequest } from '../../../shared/api/api-client';
import { operatorQueryKeys, retryUnlessDenied } from './operator-query-keys';

/** The company's video library, newest first (its URLs are signed and short-lived). */
export function getCallVideos(): Promise<CallVideosResponse> {
  return apiRequest(callVideosApi.list.request(), { auth: true });
}

export function useCallVideos(enabled = true) {
  return useQuery({
    ...queryOptions({
      queryKey: operatorQueryKeys.videos,
      queryFn: getCallVideos,
      staleTime: 10 * 60 * 1000,
      retry: retryUnlessDenied,
    }),
    enabled,
  });
}
