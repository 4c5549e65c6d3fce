import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceStatus } from '@seguridad/contracts/http/widget';
import { apiRequest } from '../../../shared/api/api-client';

type ServiceStatusResponse = { success: true; data: ServiceStatus };

/** While the drawer is open the entries follow the call centre within a minute (working hours). */
const SERVICE_STATUS_REFRESH_MS = 60_000;

/** Which contact channels the call centre offers right now (spec §7, company service API). */
export function getServiceStatus(signal?: AbortSignal): Promise<ServiceStatusResponse> {
  return apiRequest<ServiceStatusResponse>('/api/company/serviceStatus', { companyKey: true, signal });
}

export function serviceStatusQueryOptions() {
  return queryOptions({
    queryKey: ['widget', 'service-status'],
    queryFn: ({ signal }) => getServiceStatus(signal),
    select: (response) => response.data,
  });
}

/** Fetched only once the drawer is open, and refreshed every minute while it stays open. */
export function useServiceStatus(open: boolean) {
  return useQuery({
    ...serviceStatusQueryOptions(),
    enabled: open,
    refetchInterval: open ? SERVICE_STATUS_REFRESH_MS : false,
  });
}
