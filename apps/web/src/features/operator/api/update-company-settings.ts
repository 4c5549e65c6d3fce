import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UpdateCompanySettingsBody, operatorApi } from '@seguridad/contracts/http/operator';
import { apiRequest } from '../../../shared/api/api-client';
import type { CompanySettingsResponse } from './get-company-settings';
import { operatorQueryKeys } from './operator-query-keys';

/** Admins only: any of the service switches, the working hours and the allowed embedding origins. */
export function updateCompanySettings(body: UpdateCompanySettingsBody): Promise<CompanySettingsResponse> {
  return apiRequest(operatorApi.updateCompany.request(), {
    body,
    auth: true,
  });
}

export function useUpdateCompanySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanySettings,
    onSuccess: (answer) => queryClient.setQueryData(operatorQueryKeys.company, answer),
  });
}
