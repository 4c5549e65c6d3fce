import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type OkResponse,
  type requestTwoFactorCodeBodySchema,
  authApi,
} from '@seguridad/contracts/http/auth';
import { apiRequest } from '../../../shared/api/api-client';

type RequestTwoFactorCodeBody = z.input<typeof requestTwoFactorCodeBodySchema>;

/** Sends a login code by SMS (type 1) or WhatsApp (type 2) to one of the account's confirmed phones. */
export function requestTwoFactorCode(body: RequestTwoFactorCodeBody): Promise<OkResponse> {
  return apiRequest(authApi.requestTwoFactorCode.request(), { body });
}

export function useRequestTwoFactorCode() {
  return useMutation({ mutationFn: requestTwoFactorCode });
}
