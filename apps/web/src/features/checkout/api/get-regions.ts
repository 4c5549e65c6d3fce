import { queryOptions, useQuery } from '@tanstack/react-query';
import { CHILE_COUNTRY_ID } from '@seguridad/contracts/constants';
import { type RegionsResponse, paymentsApi } from '@seguridad/contracts/http/payments';
import { apiRequest } from '../../../shared/api/api-client';

export function getRegions(countryId: number = CHILE_COUNTRY_ID): Promise<RegionsResponse> {
  return apiRequest(paymentsApi.regions.request(), { query: { pais_id: countryId } });
}

export const regionsQueryOptions = queryOptions({
  queryKey: ['checkout', 'regions', CHILE_COUNTRY_ID],
  queryFn: () => getRegions(),
  staleTime: 60 * 60 * 1000,
});

export function useRegions() {
  return useQuery(regionsQueryOptions);
}
