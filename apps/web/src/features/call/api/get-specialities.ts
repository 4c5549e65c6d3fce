import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SpecialitiesResponse, companyApi } from '@seguridad/contracts/http/company';
import { apiRequest } from '../../../shared/api/api-client';
import { useCompanyKey } from '../../../shared/api/company-key';

/** The company's specialities a caller may choose before a call (spec §7, company service API). */
export function getSpecialities(companyKey: string, signal?: AbortSignal): Promise<SpecialitiesResponse> {
  return apiRequest(companyApi.specialities.request(), { companyKey, signal });
}

export function specialitiesQueryOptions(companyKey: string) {
  return queryOptions({
    queryKey: ['call', 'specialities', companyKey],
    queryFn: ({ signal }) => getSpecialities(companyKey, signal),
    select: (response) => response.data,
    // An admin rarely edits them; a panel opened twice in a visit need not ask again.
    staleTime: 5 * 60_000,
  });
}

/** Fetched once the Videollamada panel shows; without them the call still goes out as General. */
export function useSpecialities(enabled: boolean) {
  return useQuery({ ...specialitiesQueryOptions(useCompanyKey()), enabled });
}
