import { useMutation } from '@tanstack/react-query';
import { type DeleteAccountBody, type OkResponse, authApi } from '@seguridad/contracts/http/auth';
import { apiRequest } from '../../../shared/api/api-client';

/** Deletes the signed-in account and everything personal attached to it; the password is asked again. */
export function deleteAccount(body: DeleteAccountBody): Promise<OkResponse> {
  return apiRequest(authApi.deleteAccount.request(), { auth: true, body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
