import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CallQueueResponse, callsApi } from '@seguridad/contracts/http/calls';
import { apiRequest } from '../../../shared/api/api-client';
import { operatorQueryKeys, retryUnlessDenied } from './operator-query-keys';

/** A safety net only: the console socket's events keep the queue current between snapshots. */
const QUEUE_REFRESH_MS = 2 * 60 * 1000;

/** The queue as the server listed it, and when the request left (see `call-queue.ts`). */
type CallQueueSnapshot = { requestedAt: number; response: CallQueueResponse };

/** The company's waiting calls (oldest first), this operator's open private rooms, operators online. */
export function getCallQueue(): Promise<CallQueueResponse> {
  return apiRequest(callsApi.queue.request(), { auth: true });
}

export function callQueueQueryOptions() {
  return queryOptions({
    queryKey: operatorQueryKeys.callQueue,
    queryFn: async (): Promise<CallQueueSnapshot> => {
      const requestedAt = Date.now();
      return { requestedAt, response: await getCallQueue() };
    },
    staleTime: Infinity,
    refetchInterval: QUEUE_REFRESH_MS,
    retry: retryUnlessDenied,
  });
}

export function useCallQueueSnapshot(enabled = true) {
  return useQuery({ ...callQueueQueryOptions(), enabled });
}
