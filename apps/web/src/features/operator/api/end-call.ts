import { callsApi } from '@seguridad/contracts/http/calls';
import { apiRequest } from '../../../shared/api/api-client';

/**
 * Ends a call over HTTP, for when the console socket cannot carry `leave` (it is down, or the
 * console is closing). Ending an ended call is a no-op on the server.
 */
export async function endCall(callId: number): Promise<void> {
  await apiRequest(callsApi.end.request({ id: callId }), { auth: true });
}
