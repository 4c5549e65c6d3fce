import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { type OkResponse, type resetPasswordBodySchema, authApi } from '@seguridad/contracts/http/auth';
import { apiRequest } from '../../../shared/api/api-client';

type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/** Sets the new password; with `revoke` every open session of the account ends. */
export function resetPassword(body: ResetPasswordBody): Promise<OkResponse> {
  return apiRequest(authApi.resetPassword.request(), { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
