import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@seguridad/contracts/http/auth';
import { settingsApi } from '@seguridad/contracts/http/settings';
import { apiRequest } from '../../../shared/api/api-client';
import { settingsQueryKeys } from './settings-query-keys';

/** Removes a device; its sessions end with it. */
export function deleteDevice(deviceId: number): Promise<OkResponse> {
  return apiRequest(settingsApi.deleteDevice.request(), {
    auth: true,
    body: { device_id: deviceId },
  });
}

export function useDeleteDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDevice,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsQueryKeys.devices }),
        queryClient.invalidateQueries({ queryKey: settingsQueryKeys.sessions }),
        queryClient.invalidateQueries({ queryKey: settingsQueryKeys.securityLog }),
      ]),
  });
}
