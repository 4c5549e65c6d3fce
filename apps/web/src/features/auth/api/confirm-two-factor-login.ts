import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type confirmTwoFactorLoginBodySchema,
  type LoginResponse,
  authApi,
} from '@seguridad/contracts/http/auth';
import { apiRequest } from '../../../shared/api/api-client';

type ConfirmTwoFactorLoginBody = z.input<typeof confirmTwoFactorLoginBodySchema>;

/** Second step of the login: the right code opens the session (`access_token`). */
export function confirmTwoFactorLogin(body: ConfirmTwoFactorLoginBody): Promise<LoginResponse> {
  return apiRequest(authApi.confirmTwoFactorLogin.request(), { body });
}

export function useConfirmTwoFactorLogin() {
  return useMutation({ mutationFn: confirmTwoFactorLogin });
}
