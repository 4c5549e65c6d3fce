import { useMutation } from '@tanstack/react-query';
import { type OkResponse, authApi } from '@seguridad/contracts/http/auth';
import { apiRequest } from '../../../shared/api/api-client';

/** Spec §2 Security: revokes every session of the account, this one included. */
export function revokeAllAccess(): Promise<OkResponse> {
  return apiRequest(authApi.revokeAllAccess.request(), { auth: true });
}

/** Change password: the existing reset request, to the account's own address. */
export function requestPasswordChange(email: string): Promise<OkResponse> {
  return apiRequest(authApi.resetPasswordRequest.request(), { body: { email } });
}

/** Reset account: every session ends and a mail to choose a new password goes out. */
export function requestAccountReset(): Promise<OkResponse> {
  return apiRequest(authApi.accountResetRequest.request(), { auth: true });
}

export function useRevokeAllAccess() {
  return useMutation({ mutationFn: revokeAllAccess });
}

export function useRequestPasswordChange() {
  return useMutation({ mutationFn: requestPasswordChange });
}

export function useRequestAccountReset() {
  return useMutation({ mutationFn: requestAccountReset });
}
