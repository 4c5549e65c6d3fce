import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  availabilityApi,
  type Availability,
  type SetAvailabilityBody,
} from '@seguridad/contracts/http/availability';
import { apiRequest } from '../../../shared/api/api-client';
import { operatorQueryKeys } from './operator-query-keys';

type AvailabilityResponse = { code: 200; availability: Availability };

/** Disponible, or En pausa with a reason. */
export function setAvailability(body: SetAvailabilityBody): Promise<AvailabilityResponse> {
  return apiRequest(availabilityApi.set.request(), { auth: true, body });
}

export function useSetAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAvailability,
    onSuccess: (response) => queryClient.setQueryData(operatorQueryKeys.availability, response),
  });
}
