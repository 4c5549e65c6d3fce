import { queryOptions, useQuery } from '@tanstack/react-query';
import { type MyNetworkResponse, networksApi } from '@seguridad/contracts/http/networks';
import { apiRequest } from '../../../shared/api/api-client';
import { networkQueryKeys } from './network-query-keys';

/** Mi Red (people the user invited) and Redes Externas (networks the user was invited to). */
export function getMyNetwork(): Promise<MyNetworkResponse> {
  return apiRequest(networksApi.myNetwork.request(), { auth: true });
}

export function myNetworkQueryOptions() {
  return queryOptions({ queryKey: networkQueryKeys.myNetwork(), queryFn: getMyNetwork, retry: false });
}

export function useMyNetwork() {
  return useQuery(myNetworkQueryOptions());
}
