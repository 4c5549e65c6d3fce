import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SessionsResponse, settingsApi } from '@seguridad/contracts/http/settings';
import { apiRequest } from '../../../shared/api/api-client';
import { settingsQueryKeys } from './settings-query-keys';

export function getSessions(): Promise<SessionsResponse> {
  return apiRequest(settingsApi.sessions.request(), { auth: true });
}

export function sessionsQueryOptions() {
  return queryOptions({ queryKey: settingsQueryKeys.sessions, queryFn: getSessions });
}

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
