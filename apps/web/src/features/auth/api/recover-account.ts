import { useMutation } from '@tanstack/react-query';
import { type OkResponse, authApi } from '@seguridad/contracts/http/auth';
import { apiRequest } from '../../../shared/api/api-client';

/**
 * Ends every session of the account, disables the password, removes the two-step phones and
 * e-mails the owner a link to choose a new one. The link alone is the proof: no session is sent.
 */
export function recoverAccount(t: string): Promise<OkResponse> {
  return apiRequest(authApi.accountRecovery.request(), { body: { t } });
}

export function useRecoverAccount() {
  return useMutation({ mutationFn: recoverAccount });
}
