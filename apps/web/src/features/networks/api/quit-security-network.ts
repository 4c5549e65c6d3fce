import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OkResponse } from '@seguridad/contracts/http/auth';
import { type quitSecurityNetworkBodySchema, networksApi } from '@seguridad/contracts/http/networks';
import { apiRequest } from '../../../shared/api/api-client';
import { networkQueryKeys } from './network-query-keys';

export type QuitSecurityNetworkBody = z.infer<typeof quitSecurityNetworkBodySchema>;

/** The owner removes someone (or cancels an invitation), or the member leaves that network. */
export function quitSecurityNetwork(body: QuitSecurityNetworkBody): Promise<OkResponse> {
  return apiRequest(networksApi.quit.request(), { auth: true, body });
}

export function useQuitSecurityNetwork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: quitSecurityNetwork,
    onSettled: () => queryClient.invalidateQueries({ queryKey: networkQueryKeys.myNetwork() }),
  });
}
