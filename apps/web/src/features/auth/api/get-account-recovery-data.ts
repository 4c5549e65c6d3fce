import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type recoveryDataResponseSchema, authApi } from '@seguridad/contracts/http/auth';
import { apiRequest } from '../../../shared/api/api-client';

export type AccountRecoveryData = z.infer<typeof recoveryDataResponseSchema>;

/** The device a recovery e-mail was about (404 when the link is used or expired); needs no session. */
export function getAccountRecoveryData(t: string): Promise<AccountRecoveryData> {
  return apiRequest(authApi.accountRecoveryData.request(), { query: { t } });
}

export function accountRecoveryDataQueryOptions(t: string) {
  return queryOptions({
    queryKey: ['auth', 'account-recovery', t],
    queryFn: () => getAccountRecoveryData(t),
    retry: false,
    gcTime: 0,
  });
}

export function useAccountRecoveryData(t: string | null) {
  return useQuery({ ...accountRecoveryDataQueryOptions(t ?? ''), enabled: Boolean(t) });
}
