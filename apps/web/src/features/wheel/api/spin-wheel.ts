import { useMutation } from '@tanstack/react-query';
import { type WheelSpinResponse, wheelApi } from '@seguridad/contracts/http/wheel';
import { apiRequest } from '../../../shared/api/api-client';

/** One spin: the server spends an attempt and draws the prize (409 when none is left). */
export function spinWheel(): Promise<WheelSpinResponse> {
  return apiRequest(wheelApi.spin.request(), { auth: true });
}

export function useSpinWheel() {
  return useMutation({ mutationFn: spinWheel });
}
