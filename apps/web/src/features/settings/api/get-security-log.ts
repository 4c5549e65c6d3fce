import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SecurityLogResponse, settingsApi } from '@seguridad/contracts/http/settings';
import { apiRequest } from '../../../shared/api/api-client';
import { settingsQueryKeys } from './settings-query-keys';

export function getSecurityLog(): Promise<SecurityLogResponse> {
  return apiRequest(settingsApi.securityLog.request(), { auth: true });
}

export function securityLogQueryOptions() {
  return queryOptions({ queryKey: settingsQueryKeys.securityLog, queryFn: getSecurityLog });
}

export function useSecurityLog() {
  return useQuery(securityLogQueryOptions());
}
