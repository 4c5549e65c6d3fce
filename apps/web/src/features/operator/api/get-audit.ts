import { useInfiniteQuery } from '@tanstack/react-query';
import { auditApi, type AuditQuery, type AuditResponse } from '@seguridad/contracts/http/audit';
import { apiDownload, apiRequest } from '../../../shared/api/api-client';
import { operatorQueryKeys, retryUnlessDenied } from './operator-query-keys';

/** The filters as the API reads them: only those set. */
export type AuditFilters = Omit<AuditQuery, 'before'>;

function queryOf(filters: AuditFilters, before?: number) {
  return { ...filters, before };
}

/** Admins only: one page of the company's audit trail, newest first. */
export function getAuditPage(filters: AuditFilters, before?: number): Promise<AuditResponse> {
  return apiRequest(auditApi.list.request(), { auth: true, query: queryOf(filters, before) });
}

export function useAuditTrail(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: [...operatorQueryKeys.audit, filters],
    queryFn: ({ pageParam }) => getAuditPage(filters, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next_before ?? undefined,
    retry: retryUnlessDenied,
  });
}

/** The trail under these filters as CSV (the server records the export). */
export function downloadAuditCsv(filters: AuditFilters): Promise<Blob> {
  return apiDownload(auditApi.csv.path(), { auth: true, query: queryOf(filters), timeoutMs: 60_000 });
}
