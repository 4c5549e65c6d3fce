import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataRequestsApi, type DataRequest } from '@seguridad/contracts/http/data-requests';
import { apiRequest } from '../../../shared/api/api-client';
import { settingsQueryKeys } from './settings-query-keys';

export async function getDataRequests(): Promise<DataRequest[]> {
  const answer = await apiRequest(dataRequestsApi.mine.request(), { auth: true });
  return answer.requests;
}

export function dataRequestsQueryOptions() {
  return queryOptions({ queryKey: settingsQueryKeys.dataRequests, queryFn: getDataRequests });
}

export function useDataRequests() {
  return useQuery(dataRequestsQueryOptions());
}
