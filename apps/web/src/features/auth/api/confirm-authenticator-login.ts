import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { LoginResponse } from '@seguridad/contracts/http/auth';
import { type authenticatorLoginBodySchema, authenticatorApi } from '@seguridad/contracts/http/authenticator';
import { apiRequest } from '../../../shared/api/api-client';

type AuthenticatorLoginBody = z.input<typeof authenticatorLoginBodySchema>;

/** Second step of the login with the authenticator app's 6-digit code (decision 054). */
export function confirmAuthenticatorLogin(body: AuthenticatorLoginBody): Promise<LoginResponse> {
  return apiRequest(authenticatorApi.confirmLogin.request(), { body });
}

export function useConfirmAuthenticatorLogin() {
  return useMutation({ mutationFn: confirmAuthenticatorLogin });
}
