import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operatorApi } from '@seguridad/contracts/http/operator';
import { apiRequest } from '../../../shared/api/api-client';
import type { CompanySettingsResponse } from './get-company-settings';
import { operatorQueryKeys } from './operator-query-keys';

/** Admins only: adds a speciality at the end of the list callers choose from. */
export function addSpeciality(name: string): Promise<CompanySettingsResponse> {
  return apiRequest(operatorApi.addSpeciality.request(), {
    body: { name },
    auth: true,
  });
}

export function useAddSpeciality() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSpeciality,
    onSuccess: (answer) => queryClient.setQueryData(operatorQueryKeys.company, answer),
  });
}
