import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@seguridad/contracts/http/auth';
import { callbacksApi, type MarkCallbackDoneBody } from '@seguridad/contracts/http/callbacks';
import { operatorApi, type InboxResponse } from '@seguridad/contracts/http/operator';
import type { InboxKind } from '@seguridad/contracts/realtime/operator';
import { apiRequest } from '../../../shared/api/api-client';
import { operatorQueryKeys } from './operator-query-keys';

const handledRoutes = {
  contact: operatorApi.contactHandled,
  videoMail: operatorApi.videoMailHandled,
  callback: callbacksApi.markHandled,
} as const satisfies Record<InboxKind, unknown>;

const inboxLists = {
  contact: 'contacts',
  videoMail: 'video_mails',
  callback: 'callbacks',
} as const satisfies Record<InboxKind, keyof InboxResponse>;

/** Marks an item handled; a callback takes the operator's note (decision 018). */
export function markInboxItemHandled(kind: InboxKind, id: number, note?: string): Promise<OkResponse> {
  const body: MarkCallbackDoneBody | undefined = kind === 'callback' ? { note: note ?? '' } : undefined;
  return apiRequest(handledRoutes[kind].request({ id }), {
    auth: true,
    ...(body ? { body } : {}),
  });
}

/** Marks a contact message, a video mail or a callback as handled, shown at once in the cached inbox. */
export function useMarkInboxItemHandled(kind: InboxKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note?: string }) => markInboxItemHandled(kind, id, note),
    onSuccess: async (_answer, { id, note }) => {
      const now = new Date().toISOString();
      // Shown at once; the refetch then brings the server's own time.
      queryClient.setQueryData<InboxResponse>(operatorQueryKeys.inbox, (inbox) => {
        if (!inbox) return inbox;
        if (kind === 'callback') {
          return {
            ...inbox,
            callbacks: inbox.callbacks.map((item) =>
              item.id === id
                ? { ...item, handled_at: item.handled_at ?? now, note: note || item.note }
                : item,
            ),
          };
        }
        const list = inboxLists[kind];
        return {
          ...inbox,
          [list]: inbox[list].map((item) =>
            item.id === id ? { ...item, handled_at: item.handled_at ?? now } : item,
          ),
        };
      });
      await queryClient.invalidateQueries({ queryKey: operatorQueryKeys.inbox });
    },
  });
}
