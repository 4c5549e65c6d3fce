import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataExportsApi, type DataExport } from '@seguridad/contracts/http/data-exports';
import { apiRequest } from '../../../shared/api/api-client';
import { settingsQueryKeys } from './settings-query-keys';

/** While a ZIP is being prepared the page asks again this often, to show it the moment it is ready. */
const PREPARING_POLL_MS = 3_000;

export async function getDataExport(): Promise<DataExport | null> {
  const answer = await apiRequest(dataExportsApi.latest.request(), {
    auth: true,
  });
  return answer.export;
}

export function dataExportQueryOptions() {
  return queryOptions({
    queryKey: settingsQueryKeys.dataExport,
    queryFn: getDataExport,
    refetchInterval: (query) => (query.state.data?.status === 'preparing' ? PREPARING_POLL_MS : false),
  });
}

export function useDataExport() {
  return useQuery(dataExportQueryOptions());
}
