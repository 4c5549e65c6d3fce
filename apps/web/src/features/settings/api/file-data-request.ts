import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  dataRequestsApi,
  type DataRequest,
  type DataRequestKind,
} from '@seguridad/contracts/http/data-requests';
import { apiRequest } from '../../../shared/api/api-client';
import { settingsQueryKeys } from './settings-query-keys';

/** A rights request (decision 034): confirmed by e-mail, due in 30 calendar days. */
export function fileDataRequest(body: {
  kind: DataRequestKind;
  detail: string;
}): Promise<{ message: string; request: DataRequest }> {
  return apiRequest(dataRequestsApi.file.request(), { auth: true, body });
}

export function useFileDataRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fileDataRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsQueryKeys.dataRequests }),
  });
}
