import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OkResponse } from '@seguridad/contracts/http/auth';
import { type addUserToNetworkBodySchema, networksApi } from '@seguridad/contracts/http/networks';
import { apiRequest } from '../../../shared/api/api-client';
import { networkQueryKeys } from './network-query-keys';

export type AddUserToNetworkBody = z.infer<typeof addUserToNetworkBodySchema>;

/** Invites an e-mail into the user's network; the server e-mails the link. */
export function addUserToNetwork(body: AddUserToNetworkBody): Promise<OkResponse> {
  return apiRequest(networksApi.addUser.request(), { auth: true, body });
}

export function useAddUserToNetwork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUserToNetwork,
    onSettled: () => queryClient.invalidateQueries({ queryKey: networkQueryKeys.myNetwork() }),
  });
}
