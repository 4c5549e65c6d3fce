import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionsResponse } from '@seguridad/contracts/http/settings';
import { apiRequest } from '../../../shared/api/api-client';
import { settingsQueryKeys } from './settings-query-keys';

export function getSessions(): Promise<SessionsResponse> {
  return apiRequest<SessionsResponse>('/api/v1/auth/sessions', { auth: true });
}

export function sessionsQueryOptions() {
  return queryOptions({ queryKey: settingsQueryKeys.sessions, queryFn: getSessions });
}

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
