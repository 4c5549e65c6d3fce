import { useMutation } from '@tanstack/react-query';
import { type OkResponse, type SignupBody, authApi } from '@seguridad/contracts/http/auth';
import { apiRequest } from '../../../shared/api/api-client';

/** Creates the account; it does not sign in (the register page logs in after it). */
export function signup(body: SignupBody): Promise<OkResponse> {
  return apiRequest(authApi.signup.request(), { body });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
