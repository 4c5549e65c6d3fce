import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CommunesResponse, paymentsApi } from '@seguridad/contracts/http/payments';
import { apiRequest } from '../../../shared/api/api-client';

export function getCommunes(regionId: number): Promise<CommunesResponse> {
  return apiRequest(paymentsApi.communes.request(), { query: { region_id: regionId } });
}

export function communesQueryOptions(regionId: number) {
  return queryOptions({
    queryKey: ['checkout', 'communes', regionId],
    queryFn: () => getCommunes(regionId),
    staleTime: 60 * 60 * 1000,
  });
}

/** The communes of the chosen region; nothing until a region is chosen (spec §5). */
export function useCommunes(regionId: number | null) {
  return useQuery({ ...communesQueryOptions(regionId ?? 0), enabled: regionId !== null });
}
