import { useMutation } from '@tanstack/react-query';
import type { OkResponse } from '@seguridad/contracts/http/auth';
import { apiRequest } from '../../../shared/api/api-client';

/**
 * Ends every session of the account (this one too), disables the password and e-mails the owner
 * a link to choose a new one.
 */
export function recoverAccount(t: string): Promise<OkResponse> {
  return apiRequest<OkResponse>('/api/v1/auth/accountRecovery', { method: 'POST', auth: true, body: { t } });
}

export function useRecoverAccount() {
  return useMutation({ mutationFn: recoverAccount });
}
