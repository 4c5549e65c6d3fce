import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@seguridad/contracts/http/auth';
import type { InboxResponse } from '@seguridad/contracts/http/operator';
import type { InboxKind } from '@seguridad/contracts/realtime/operator';
import { apiRequest } from '../../../shared/api/api-client';
import { operatorQueryKeys } from './operator-query-keys';

const handledPaths: Record<InboxKind, (id: number) => string> = {
  contact: (id) => `/api/v1/operator/contacts/${id}/handled`,
  videoMail: (id) => `/api/v1/operator/videoMails/${id}/handled`,
};

const inboxLists = { contact: 'contacts', videoMail: 'video_mails' } as const satisfies Record<
  InboxKind,
  keyof InboxResponse
>;

export function markInboxItemHandled(kind: InboxKind, id: number): Promise<OkResponse> {
  return apiRequest<OkResponse>(handledPaths[kind](id), { method: 'POST', auth: true });
}

/** Marks a contact message or a video mail as handled, shown at once in the cached inbox. */
export function useMarkInboxItemHandled(kind: InboxKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => markInboxItemHandled(kind, id),
    onSuccess: async (_answer, id) => {
      const list = inboxLists[kind];
      // Shown at once; the refetch then brings the server's own time.
      queryClient.setQueryData<InboxResponse>(
        operatorQueryKeys.inbox,
        (inbox) =>
          inbox && {
            ...inbox,
            [list]: inbox[list].map((item) =>
              item.id === id ? { ...item, handled_at: item.handled_at ?? new Date().toISOString() } : item,
            ),
          },
      );
      await queryClient.invalidateQueries({ queryKey: operatorQueryKeys.inbox });
    },
  });
}
