import { useMutation } from '@tanstack/react-query';
import { type OkResponse, authApi } from '@seguridad/contracts/http/auth';
import { apiRequest } from '../../../shared/api/api-client';

/**
 * Confirms the address with the mailed link's code, sent in the body (decision 039). The code
 * alone is the proof: no session is needed, the link works in any browser.
 */
export function verifyEmail(code: string): Promise<OkResponse> {
  return apiRequest(authApi.verifyEmail.request(), { body: { code } });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
