import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@seguridad/contracts/http/auth';
import { type CameraSharing, settingsApi } from '@seguridad/contracts/http/settings';
import { apiRequest } from '../../../shared/api/api-client';
import { settingsQueryKeys } from './settings-query-keys';

export function updateCameraSharing(body: CameraSharing): Promise<OkResponse> {
  return apiRequest(settingsApi.updateCameraSharing.request(), { auth: true, body });
}

export function useUpdateCameraSharing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCameraSharing,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsQueryKeys.userSettings }),
  });
}
