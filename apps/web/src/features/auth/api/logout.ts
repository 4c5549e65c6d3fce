import { type OkResponse, authApi } from '@seguridad/contracts/http/auth';
import { apiRequest } from '../../../shared/api/api-client';

/** Ends this session on the server. */
export function logout(): Promise<OkResponse> {
  return apiRequest(authApi.logout.request(), { auth: true });
}
