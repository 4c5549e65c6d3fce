import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callLinksApi, type CallLink, type SendCallLinkBody } from '@seguridad/contracts/http/call-links';
import { apiRequest } from '../../../shared/api/api-client';
import { operatorQueryKeys, retryUnlessDenied } from './operator-query-keys';

/** While a link may still change (not yet used, expired or failed), its state is asked again this often. */
const LIVE_LINK_REFRESH_MS = 4_000;
const FINAL_STATES: ReadonlySet<CallLink['state']> = new Set(['ended', 'expired', 'failed']);

export function useCallLinks(enabled: boolean) {
  return useQuery({
    queryKey: operatorQueryKeys.callLinks,
    queryFn: () => apiRequest(callLinksApi.list.request(), { auth: true }),
    enabled,
    retry: retryUnlessDenied,
    refetchInterval: (query) =>
      query.state.data?.links.some((link) => !FINAL_STATES.has(link.state)) ? LIVE_LINK_REFRESH_MS : false,
  });
}

export function useSendCallLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SendCallLinkBody) => apiRequest(callLinksApi.send.request(), { auth: true, body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: operatorQueryKeys.callLinks }),
  });
}
