import { CALL_TOKEN_HEADER } from '@seguridad/contracts/http/calls';
import { consentsApi } from '@seguridad/contracts/http/consents';
import { apiRequest } from '../../../shared/api/api-client';

/** The recording notice is on the caller's screen: the server records it against the call (decision 049). */
export async function reportRecordingNotice(
  call: { id: number; token: string; companyKey: string },
  recordingId: number,
): Promise<void> {
  await apiRequest(consentsApi.recordingNoticeShown.request({ id: call.id }), {
    body: { recording_id: recordingId },
    companyKey: call.companyKey,
    headers: { [CALL_TOKEN_HEADER]: call.token },
  });
}
