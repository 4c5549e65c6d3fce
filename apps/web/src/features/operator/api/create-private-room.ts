import { useMutation } from '@tanstack/react-query';
import { type QueuedCall, callsApi } from '@seguridad/contracts/http/calls';
import { apiRequest } from '../../../shared/api/api-client';

type PrivateRoomResponse = { code: 200; call: QueuedCall; link: string };

/** A call only the holder of its link can join; this operator enters it with the accept route. */
export function createPrivateRoom(): Promise<PrivateRoomResponse> {
  return apiRequest(callsApi.createPrivateRoom.request(), { auth: true });
}

export function useCreatePrivateRoom() {
  return useMutation({ mutationFn: createPrivateRoom });
}
