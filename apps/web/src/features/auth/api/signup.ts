import { useMutation } from '@tanstack/react-query';
import type { OkResponse, SignupBody } from '@seguridad/contracts/http/auth';
import { apiRequest } from '../../../shared/api/api-client';

/** Creates the account; it does not sign in (the register page logs in after it). */
export function signup(body: SignupBody): Promise<OkResponse> {
  return apiRequest<OkResponse>('/api/v1/auth/signup', { method: 'POST', body });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
