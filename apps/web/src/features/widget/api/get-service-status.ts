import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ServiceStatus, widgetApi } from '@seguridad/contracts/http/widget';
import { apiRequest } from '../../../shared/api/api-client';
import { useCompanyKey } from '../../../shared/api/company-key';

type ServiceStatusResponse = { success: true; data: ServiceStatus };

/** While the drawer is open the entries follow the call centre within a minute (working hours). */
const SERVICE_STATUS_REFRESH_MS = 60_000;

/** Which contact channels the call centre offers right now (spec §7, company service API). */
export function getServiceStatus(companyKey: string, signal?: AbortSignal): Promise<ServiceStatusResponse> {
  return apiRequest(widgetApi.serviceStatus.request(), { companyKey, signal });
}

export function serviceStatusQueryOptions(companyKey: string) {
  return queryOptions({
    queryKey: ['widget', 'service-status', companyKey],
    queryFn: ({ signal }) => getServiceStatus(companyKey, signal),
    select: (response) => response.data,
  });
}

/** Fetched only once the drawer is open, and refreshed every minute while it stays open. */
export function useServiceStatus(open: boolean) {
  return useQuery({
    ...serviceStatusQueryOptions(useCompanyKey()),
    enabled: open,
    refetchInterval: open ? SERVICE_STATUS_REFRESH_MS : false,
  });
}
