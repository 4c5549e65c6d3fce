import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@seguridad/contracts/http/auth';
import type { InboxResponse } from '@seguridad/contracts/http/operator';
import { apiRequest } from '../../../shared/api/api-client';
import { operatorQueryKeys } from './operator-query-keys';

export function markVideoMailHandled(id: number): Promise<OkResponse> {
  return apiRequest<OkResponse>(`/api/v1/operator/videoMails/${id}/handled`, { method: 'POST', auth: true });
}

export function useMarkVideoMailHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markVideoMailHandled,
    onSuccess: async (_answer, id) => {
      // Shown at once; the refetch then brings the server's own time.
      queryClient.setQueryData<InboxResponse>(
        operatorQueryKeys.inbox,
        (inbox) =>
          inbox && {
            ...inbox,
            video_mails: inbox.video_mails.map((mail) =>
              mail.id === id ? { ...mail, handled_at: mail.handled_at ?? new Date().toISOString() } : mail,
            ),
          },
      );
      await queryClient.invalidateQueries({ queryKey: operatorQueryKeys.inbox });
    },
  });
}
