import { queryOptions, useQuery } from '@tanstack/react-query';
import { type DevicesResponse, settingsApi } from '@seguridad/contracts/http/settings';
import { apiRequest } from '../../../shared/api/api-client';
import { settingsQueryKeys } from './settings-query-keys';

export function getDevices(): Promise<DevicesResponse> {
  return apiRequest(settingsApi.devices.request(), { auth: true });
}

export function devicesQueryOptions() {
  return queryOptions({ queryKey: settingsQueryKeys.devices, queryFn: getDevices });
}

export function useDevices() {
  return useQuery(devicesQueryOptions());
}
