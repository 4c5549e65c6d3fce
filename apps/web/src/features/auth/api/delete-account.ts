import { useMutation } from '@tanstack/react-query';
import { type OkResponse, authApi } from '@seguridad/contracts/http/auth';
import { apiRequest } from '../../../shared/api/api-client';

/** Deletes the signed-in account and everything personal attached to it. */
export function deleteAccount(): Promise<OkResponse> {
  return apiRequest<OkResponse>(authApi.deleteAccount.path(), { method: 'POST', auth: true });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
