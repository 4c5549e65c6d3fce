import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataExportsApi, type DataExport } from '@seguridad/contracts/http/data-exports';
import { apiRequest } from '../../../shared/api/api-client';
import { settingsQueryKeys } from './settings-query-keys';

/** «Pedir mis datos»: the server starts preparing the ZIP and mails when it is ready. */
export function requestDataExport(): Promise<{ message: string; export: DataExport }> {
  return apiRequest(dataExportsApi.request.request(), { auth: true });
}

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDataExport,
    // The answer is the new export, preparing: the query's polling takes it from there.
    onSuccess: (answer) => queryClient.setQueryData(settingsQueryKeys.dataExport, answer.export),
    onError: () => queryClient.invalidateQueries({ queryKey: settingsQueryKeys.dataExport }),
  });
}
