import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CompanySettings, operatorApi } from '@seguridad/contracts/http/operator';
import { apiRequest } from '../../../shared/api/api-client';
import { operatorQueryKeys, retryUnlessDenied } from './operator-query-keys';

/** `companySettingsResponseSchema` of the contracts; every settings call answers with it. */
export type CompanySettingsResponse = { code: 200; company: CompanySettings };

/** The company's settings and the signed-in member's role in it. */
export function getCompanySettings(): Promise<CompanySettingsResponse> {
  return apiRequest(operatorApi.company.request(), { auth: true });
}

export function companySettingsQueryOptions() {
  return queryOptions({
    queryKey: operatorQueryKeys.company,
    queryFn: getCompanySettings,
    staleTime: Infinity,
    retry: retryUnlessDenied,
  });
}

export function useCompanySettings(enabled = true) {
  return useQuery({ ...companySettingsQueryOptions(), enabled });
}
