import { queryOptions, useQuery } from '@tanstack/react-query';
import { type InboxResponse, operatorApi } from '@seguridad/contracts/http/operator';
import { apiRequest } from '../../../shared/api/api-client';
import { operatorQueryKeys, retryUnlessDenied } from './operator-query-keys';

/**
 * The media URLs in the inbox are signed for one hour; refetching well before that keeps a fresh
 * pair at hand for players that have not started yet (see `use-stable-signed-url.ts`).
 */
const SIGNED_URL_REFRESH_MS = 20 * 60 * 1000;

/** The company's latest video mails and contact messages, newest first. */
export function getInbox(): Promise<InboxResponse> {
  return apiRequest(operatorApi.inbox.request(), { auth: true });
}

export function inboxQueryOptions() {
  return queryOptions({
    queryKey: operatorQueryKeys.inbox,
    queryFn: getInbox,
    // Realtime events say when it changes; between them it is fresh.
    staleTime: Infinity,
    refetchInterval: SIGNED_URL_REFRESH_MS,
    retry: retryUnlessDenied,
  });
}

export function useInbox(enabled = true) {
  return useQuery({ ...inboxQueryOptions(), enabled });
}
