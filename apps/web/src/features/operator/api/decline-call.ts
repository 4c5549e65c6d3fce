import { availabilityApi } from '@seguridad/contracts/http/availability';
import { apiRequest } from '../../../shared/api/api-client';

/** Lets a call offered to this operator pass: anyone who serves it may take it now. */
export function declineCall(callId: number): Promise<{ code: 200 }> {
  return apiRequest(availabilityApi.decline.request({ id: callId }), {
    auth: true,
  });
}
