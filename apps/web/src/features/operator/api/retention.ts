import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  retentionApi,
  type HoldSubject,
  type RetentionEntry,
  type RetentionKind,
} from '@seguridad/contracts/http/retention';
import { apiRequest } from '../../../shared/api/api-client';
import { operatorQueryKeys, retryUnlessDenied } from './operator-query-keys';

export type RetentionTableResponse = { code: 200; retention: RetentionEntry[] };

/** Admins only: the company's period of each kind, with its default and bounds. */
export function useRetentionTable() {
  return useQuery({
    queryKey: operatorQueryKeys.retention,
    queryFn: () => apiRequest(retentionApi.get.request(), { auth: true }),
    retry: retryUnlessDenied,
  });
}

export function useUpdateRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { kind: RetentionKind; days: number }) =>
      apiRequest(retentionApi.update.request(), { body, auth: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorQueryKeys.retention }),
  });
}

/** Supervisors and administrators: the company's held calls, video mails and contact messages. */
export function useHolds(enabled: boolean) {
  return useQuery({
    queryKey: operatorQueryKeys.holds,
    queryFn: () => apiRequest(retentionApi.holds.request(), { auth: true }),
    enabled,
    retry: retryUnlessDenied,
  });
}

export type HoldTarget = { subject: HoldSubject; id: number };

export function usePlaceHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ subject, id, reason }: HoldTarget & { reason: string }) =>
      apiRequest(retentionApi.placeHold.request({ subject, id: String(id) }), {
        body: { reason },
        auth: true,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorQueryKeys.holds }),
  });
}

export function useReleaseHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ subject, id }: HoldTarget) =>
      apiRequest(retentionApi.releaseHold.request({ subject, id: String(id) }), {
        auth: true,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorQueryKeys.holds }),
  });
}
