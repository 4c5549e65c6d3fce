import type { OkResponse } from '@seguridad/contracts/http/auth';
import { apiRequest } from '../../../shared/api/api-client';

/** Ends this session on the server. */
export function logout(): Promise<OkResponse> {
  return apiRequest<OkResponse>('/api/v1/auth/logout', { method: 'POST', auth: true });
}
