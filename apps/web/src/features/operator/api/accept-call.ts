import { callsApi, type QueuedCall } from '@seguridad/contracts/http/calls';
import { apiRequest } from '../../../shared/api/api-client';

type AcceptCallResponse = { code: 200; call: QueuedCall };

/**
 * Takes a waiting call (or re-enters this operator's private room). Only one operator wins a call:
 * the others get 409 `call_taken`; a call that ended or belongs to another company is 404.
 */
export function acceptCall(callId: number): Promise<AcceptCallResponse> {
  return apiRequest(callsApi.accept.request({ id: callId }), {
    auth: true,
  });
}
