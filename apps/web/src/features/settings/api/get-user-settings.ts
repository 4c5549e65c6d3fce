import { queryOptions, useQuery } from '@tanstack/react-query';
import { type UserSettingsResponse, settingsApi } from '@seguridad/contracts/http/settings';
import { apiRequest } from '../../../shared/api/api-client';
import { settingsQueryKeys } from './settings-query-keys';

/** The camera-sharing choice and whether the two-step banner shows. */
export function getUserSettings(): Promise<UserSettingsResponse> {
  return apiRequest(settingsApi.userSettings.request(), { auth: true });
}

export function userSettingsQueryOptions() {
  return queryOptions({ queryKey: settingsQueryKeys.userSettings, queryFn: getUserSettings });
}

export function useUserSettings() {
  return useQuery(userSettingsQueryOptions());
}
