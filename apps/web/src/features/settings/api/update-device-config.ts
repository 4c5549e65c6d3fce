import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@seguridad/contracts/http/auth';
import { settingsApi } from '@seguridad/contracts/http/settings';
import { apiRequest } from '../../../shared/api/api-client';
import { settingsQueryKeys } from './settings-query-keys';

export type DeviceConfigUpdate = { device_id: number; fixed_to_panel: boolean };

/** Spec §2: the switch 'Visualización Continua en Panel' of one device. */
export function updateDeviceConfig(body: DeviceConfigUpdate): Promise<OkResponse> {
  return apiRequest(settingsApi.updateDeviceConfig.request(), { auth: true, body });
}

export function useUpdateDeviceConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDeviceConfig,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsQueryKeys.devices }),
  });
}
