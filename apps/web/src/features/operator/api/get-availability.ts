import { queryOptions, useQuery } from '@tanstack/react-query';
import { availabilityApi, type Availability } from '@seguridad/contracts/http/availability';
import { apiRequest } from '../../../shared/api/api-client';
import { operatorQueryKeys, retryUnlessDenied } from './operator-query-keys';

type AvailabilityResponse = { code: 200; availability: Availability };

/** The operator's own state: what they chose (Disponible, En pausa) and their id. */
export function getAvailability(): Promise<AvailabilityResponse> {
  return apiRequest(availabilityApi.mine.request(), { auth: true });
}

export function useAvailability(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: operatorQueryKeys.availability,
      queryFn: getAvailability,
      enabled,
      retry: retryUnlessDenied,
    }),
  );
}
