import { useMutation } from '@tanstack/react-query';
import { type LoginBody, type LoginResponse, authApi } from '@seguridad/contracts/http/auth';
import { apiRequest } from '../../../shared/api/api-client';

/** Either a session (`access_token`) or, for accounts with confirmed phones, the masked phones. */
export function login(body: LoginBody): Promise<LoginResponse> {
  return apiRequest(authApi.login.request(), { body });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
