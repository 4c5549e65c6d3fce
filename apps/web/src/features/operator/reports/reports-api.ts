import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  reportsApi,
  type REPORT_CSV_TABLES,
  type ReportQuery,
  type ReportResponse,
  type ServiceLevelBody,
} from '@seguridad/contracts/http/reports';
import { apiDownload, apiRequest, errorStatus } from '../../../shared/api/api-client';
import { operatorQueryKeys, retryUnlessDenied } from '../api/operator-query-keys';

export type ReportTable = (typeof REPORT_CSV_TABLES)[number];

/** Under the console's key, so a resync after a lost connection refreshes the report too. */
export const reportQueryKeys = {
  all: [...operatorQueryKeys.all, 'reports'] as const,
  report: (query: ReportQuery) => [...operatorQueryKeys.all, 'reports', query] as const,
  serviceLevel: [...operatorQueryKeys.all, 'reports', 'service-level'] as const,
};

/** A year of calls can take a moment on the embedded database; a report is worth waiting for. */
const REPORT_TIMEOUT_MS = 30_000;

/** A refused query (bad dates, no permission) will not change on a retry; a lost connection may. */
function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  const status = errorStatus(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < 1;
}

export function getReport(query: ReportQuery): Promise<ReportResponse> {
  return apiRequest(reportsApi.report.request(), {
    auth: true,
    query,
    timeoutMs: REPORT_TIMEOUT_MS,
  });
}

/** Supervisors and administrators: the report of a range; the previous one stays while the next loads. */
export function useReport(query: ReportQuery | null) {
  return useQuery({
    queryKey: reportQueryKeys.report(query ?? { from: '', to: '' }),
    queryFn: () => getReport(query!),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

/** One table of the report as CSV, with the same range and grouping. */
export function downloadReportCsv(query: ReportQuery, table: ReportTable): Promise<Blob> {
  return apiDownload(reportsApi.csv.path(), {
    auth: true,
    query: { ...query, table },
    timeoutMs: REPORT_TIMEOUT_MS * 2,
  });
}

export function useServiceLevel(enabled: boolean) {
  return useQuery({
    queryKey: reportQueryKeys.serviceLevel,
    queryFn: () => apiRequest(reportsApi.serviceLevel.request(), { auth: true }),
    enabled,
    retry: retryUnlessDenied,
  });
}

/** Administrators: new thresholds; every report is measured against them from then on. */
export function useSetServiceLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ServiceLevelBody) =>
      apiRequest(reportsApi.setServiceLevel.request(), {
        auth: true,
        body,
      }),
    onSuccess: (response) => {
      queryClient.setQueryData(reportQueryKeys.serviceLevel, response);
      void queryClient.invalidateQueries({ queryKey: reportQueryKeys.all });
    },
  });
}
