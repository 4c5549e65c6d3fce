import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { type OkResponse, type resetRequestBodySchema, authApi } from '@seguridad/contracts/http/auth';
import { apiRequest } from '../../../shared/api/api-client';

type PasswordResetRequestBody = z.input<typeof resetRequestBodySchema>;

/** E-mails a reset link; 404 when the address has no account (the spec wants it said). */
export function requestPasswordReset(body: PasswordResetRequestBody): Promise<OkResponse> {
  return apiRequest(authApi.resetPasswordRequest.request(), { body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
