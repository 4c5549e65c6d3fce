import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OkResponse } from '@seguridad/contracts/http/auth';
import {
  type AuthenticatorStatusResponse,
  type RecoveryCodesResponse,
  type StartAuthenticatorResponse,
  authenticatorApi,
} from '@seguridad/contracts/http/authenticator';
import { apiRequest } from '../../../shared/api/api-client';
import { settingsQueryKeys } from './settings-query-keys';

/**
 * The authenticator app's set-up (decision 054): its status (and whether this service sends SMS),
 * the enrolment's start and first code, turning it off and new recovery codes. The changes but the
 * first code may answer 403 for the current password, as the two-step phones do.
 */
export function getAuthenticatorStatus(): Promise<AuthenticatorStatusResponse> {
  return apiRequest(authenticatorApi.status.request(), { auth: true });
}

export function authenticatorStatusQueryOptions() {
  return queryOptions({ queryKey: settingsQueryKeys.authenticator, queryFn: getAuthenticatorStatus });
}

export function useAuthenticatorStatus() {
  return useQuery(authenticatorStatusQueryOptions());
}

type PasswordBody = { password?: string };

export function startAuthenticator(body: PasswordBody): Promise<StartAuthenticatorResponse> {
  return apiRequest(authenticatorApi.start.request(), {
    auth: true,
    body,
  });
}

export function confirmAuthenticator(body: { code: string }): Promise<RecoveryCodesResponse> {
  return apiRequest(authenticatorApi.confirm.request(), {
    auth: true,
    body,
  });
}

export function disableAuthenticator(body: PasswordBody): Promise<OkResponse> {
  return apiRequest(authenticatorApi.disable.request(), { auth: true, body });
}

export function regenerateRecoveryCodes(body: PasswordBody): Promise<RecoveryCodesResponse> {
  return apiRequest(authenticatorApi.regenerateRecoveryCodes.request(), {
    auth: true,
    body,
  });
}

/** The app changed: its status, the two-step banner and the security log follow. */
function useRefreshAuthenticator() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: settingsQueryKeys.authenticator }),
      queryClient.invalidateQueries({ queryKey: settingsQueryKeys.userSettings }),
      queryClient.invalidateQueries({ queryKey: settingsQueryKeys.securityLog }),
    ]);
}

export function useStartAuthenticator() {
  return useMutation({ mutationFn: startAuthenticator });
}

export function useConfirmAuthenticator() {
  const refresh = useRefreshAuthenticator();
  return useMutation({ mutationFn: confirmAuthenticator, onSuccess: refresh });
}

export function useDisableAuthenticator() {
  const refresh = useRefreshAuthenticator();
  return useMutation({ mutationFn: disableAuthenticator, onSuccess: refresh });
}

export function useRegenerateRecoveryCodes() {
  const refresh = useRefreshAuthenticator();
  return useMutation({ mutationFn: regenerateRecoveryCodes, onSuccess: refresh });
}
