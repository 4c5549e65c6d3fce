import { queryOptions, useQuery } from '@tanstack/react-query';
import { type WheelOptionsResponse, wheelApi } from '@seguridad/contracts/http/wheel';
import { apiRequest } from '../../../shared/api/api-client';

export function getWheelOptions(): Promise<WheelOptionsResponse> {
  return apiRequest(wheelApi.options.request(), { auth: true });
}

export const wheelOptionsQueryOptions = queryOptions({
  queryKey: ['wheel', 'options'],
  queryFn: getWheelOptions,
});

export function useWheelOptions(enabled: boolean) {
  return useQuery({ ...wheelOptionsQueryOptions, enabled });
}
