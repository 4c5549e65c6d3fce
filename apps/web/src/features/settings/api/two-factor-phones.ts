import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type OkResponse, authApi } from '@seguridad/contracts/http/auth';
import type { confirmedPhonesResponseSchema } from '@seguridad/contracts/http/auth';
import type { z } from 'zod';
import { apiRequest } from '../../../shared/api/api-client';
import { settingsQueryKeys } from './settings-query-keys';

type ConfirmedPhonesResponse = z.infer<typeof confirmedPhonesResponseSchema>;

export function getConfirmedPhones(): Promise<ConfirmedPhonesResponse> {
  return apiRequest(authApi.confirmedPhones.request(), { auth: true });
}

export function confirmedPhonesQueryOptions() {
  return queryOptions({ queryKey: settingsQueryKeys.confirmedPhones, queryFn: getConfirmedPhones });
}

export function useConfirmedPhones() {
  return useQuery(confirmedPhonesQueryOptions());
}

export type StartVerification = { phone_number: string; type: 1 | 2; password?: string };

/** Sends a code to a new phone; the server may ask for the current password (403). */
export function startPhoneVerification(body: StartVerification): Promise<OkResponse> {
  return apiRequest(authApi.startVerifyPhone.request(), {
    auth: true,
    body,
  });
}

export function verifyPhone(body: { phone_number: string; code: string }): Promise<OkResponse> {
  return apiRequest(authApi.verifyPhone.request(), {
    auth: true,
    body,
  });
}

export function removePhone(body: { phone_id: number; password?: string }): Promise<OkResponse> {
  return apiRequest(authApi.removePhone.request(), { auth: true, body });
}

/** Phones changed: the list, the banner and the log all follow. */
function useRefreshPhones() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: settingsQueryKeys.confirmedPhones }),
      queryClient.invalidateQueries({ queryKey: settingsQueryKeys.userSettings }),
      queryClient.invalidateQueries({ queryKey: settingsQueryKeys.securityLog }),
    ]);
}

export function useStartPhoneVerification() {
  return useMutation({ mutationFn: startPhoneVerification });
}

export function useVerifyPhone() {
  const refresh = useRefreshPhones();
  return useMutation({ mutationFn: verifyPhone, onSuccess: refresh });
}

export function useRemovePhone() {
  const refresh = useRefreshPhones();
  return useMutation({ mutationFn: removePhone, onSuccess: refresh });
}
