import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OkResponse } from '@seguridad/contracts/http/auth';
import { type enterWithInvitationCodeBodySchema, networksApi } from '@seguridad/contracts/http/networks';
import { apiRequest } from '../../../shared/api/api-client';
import { networkQueryKeys } from './network-query-keys';

export type EnterWithInvitationCodeBody = z.infer<typeof enterWithInvitationCodeBodySchema>;

/** Accepts (status 2) or rejects (status 3) the invitation of an e-mailed link. */
export function enterToNetworkWithInvitationCode(body: EnterWithInvitationCodeBody): Promise<OkResponse> {
  return apiRequest(networksApi.enterWithInvitationCode.request(), {
    auth: true,
    body,
  });
}

export function useEnterToNetworkWithInvitationCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enterToNetworkWithInvitationCode,
    onSettled: () => queryClient.invalidateQueries({ queryKey: networkQueryKeys.myNetwork() }),
  });
}
