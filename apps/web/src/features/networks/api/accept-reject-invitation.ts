import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OkResponse } from '@seguridad/contracts/http/auth';
import { type acceptRejectInvitationBodySchema, networksApi } from '@seguridad/contracts/http/networks';
import { apiRequest } from '../../../shared/api/api-client';
import { networkQueryKeys } from './network-query-keys';

export type AcceptRejectInvitationBody = z.infer<typeof acceptRejectInvitationBodySchema>;

/** The invitee confirms (2) or rejects (3) a pending invitation from Redes Externas. */
export function acceptRejectInvitation(body: AcceptRejectInvitationBody): Promise<OkResponse> {
  return apiRequest(networksApi.acceptRejectInvitation.request(), {
    auth: true,
    body,
  });
}

export function useAcceptRejectInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptRejectInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: networkQueryKeys.myNetwork() }),
  });
}
