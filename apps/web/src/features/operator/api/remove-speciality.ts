import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operatorApi } from '@seguridad/contracts/http/operator';
import { apiRequest } from '../../../shared/api/api-client';
import type { CompanySettingsResponse } from './get-company-settings';
import { operatorQueryKeys } from './operator-query-keys';

/** Admins only. */
export function removeSpeciality(id: number): Promise<CompanySettingsResponse> {
  return apiRequest(operatorApi.removeSpeciality.request({ id }), {
    auth: true,
  });
}

export function useRemoveSpeciality() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSpeciality,
    onSuccess: (answer) => queryClient.setQueryData(operatorQueryKeys.company, answer),
  });
}
