import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { LoginResponse } from '@seguridad/contracts/http/auth';
import { type recoveryCodeLoginBodySchema, authenticatorApi } from '@seguridad/contracts/http/authenticator';
import { apiRequest } from '../../../shared/api/api-client';

type RecoveryCodeLoginBody = z.input<typeof recoveryCodeLoginBodySchema>;

/** Second step of the login with one of the recovery codes, which works once (decision 054). */
export function confirmRecoveryCodeLogin(body: RecoveryCodeLoginBody): Promise<LoginResponse> {
  return apiRequest(authenticatorApi.recoveryLogin.request(), { body });
}

export function useConfirmRecoveryCodeLogin() {
  return useMutation({ mutationFn: confirmRecoveryCodeLogin });
}
