import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@seguridad/contracts/http/auth';
import { settingsApi } from '@seguridad/contracts/http/settings';
import { apiRequest } from '../../../shared/api/api-client';
import { settingsQueryKeys } from './settings-query-keys';

/** Ends one of the account's other sessions (and its realtime connections). */
export function revokeSession(sessionId: number): Promise<OkResponse> {
  return apiRequest(settingsApi.revokeSession.request(), {
    auth: true,
    body: { session_id: sessionId },
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsQueryKeys.sessions }),
        queryClient.invalidateQueries({ queryKey: settingsQueryKeys.securityLog }),
      ]),
  });
}
