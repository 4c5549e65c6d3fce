import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@seguridad/contracts/http/auth';
import type { InboxResponse } from '@seguridad/contracts/http/operator';
import { apiRequest } from '../../../shared/api/api-client';
import { operatorQueryKeys } from './operator-query-keys';

export function markContactHandled(id: number): Promise<OkResponse> {
  return apiRequest<OkResponse>(`/api/v1/operator/contacts/${id}/handled`, { method: 'POST', auth: true });
}

export function useMarkContactHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markContactHandled,
    onSuccess: async (_answer, id) => {
      // Shown at once; the refetch then brings the server's own time.
      queryClient.setQueryData<InboxResponse>(
        operatorQueryKeys.inbox,
        (inbox) =>
          inbox && {
            ...inbox,
            contacts: inbox.contacts.map((contact) =>
              contact.id === id
                ? { ...contact, handled_at: contact.handled_at ?? new Date().toISOString() }
                : contact,
            ),
          },
      );
      await queryClient.invalidateQueries({ queryKey: operatorQueryKeys.inbox });
    },
  });
}
