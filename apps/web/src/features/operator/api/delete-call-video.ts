import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callVideosApi } from '@seguridad/contracts/http/call-videos';
import { apiRequest } from '../../../shared/api/api-client';
import { operatorQueryKeys } from './operator-query-keys';

export function deleteCallVideo(id: number) {
  return apiRequest(callVideosApi.remove.request({ id }), {
    auth: true,
  });
}

export function useDeleteCallVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCallVideo,
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorQueryKeys.videos }),
  });
}
