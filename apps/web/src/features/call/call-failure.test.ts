import { describe, expect, it } from 'vitest';
import type { ApiError } from '@seguridad/contracts/http/errors';
import type { ErrorCode } from '@seguridad/contracts/http/error-codes';
import { callTexts } from '@seguridad/contracts/messages';
import { callLinkTexts } from '@seguridad/contracts/messages/call-links';
import { ApiRequestError } from '../../shared/api/api-client';
import { callStartFailure } from './call-failure';

function failed(
  status: number,
  error: ErrorCode = 'bad_request',
  message = 'Mensaje del servidor.',
): ApiRequestError {
  const body: ApiError = { success: false, code: status, error, message, data: [message] };
  return new ApiRequestError(status, body, message);
}

describe('callStartFailure', () => {
  it.each([
    ['no_operators', callTexts.noOperators],
    ['outside_hours', callTexts.outsideHours],
    ['video_call_off', callTexts.serviceOff],
  ] as const)('falls back to the video mail saying why for 503 %s', (code, sentence) => {
    expect(callStartFailure(failed(503, code))).toEqual({ action: 'fallBack', sentence });
  });

  it("uses the server's own sentence for a 503 it does not know", () => {
    expect(callStartFailure(failed(503, 'unavailable', 'La central está en mantención.'))).toEqual({
      action: 'fallBack',
      sentence: 'La central está en mantención.',
    });
  });

  it('keeps the person on the call panel for an invalid private room', () => {
    expect(callStartFailure(failed(404, 'private_room_invalid'))).toEqual({
      action: 'privateRoomInvalid',
      sentence: callTexts.privateRoomInvalid,
    });
  });

  it.each([
    ['a server error', failed(500)],
    ['a rate limit', failed(429, 'too_many_requests', 'Demasiadas solicitudes.')],
    ['another 404', failed(404, 'not_found')],
    ['no answer', new ApiRequestError(0, undefined, 'sin respuesta')],
    ['a bug of ours', new TypeError('x is undefined')],
  ])('falls back with the generic sentence after %s', (_case, error) => {
    expect(callStartFailure(error)).toEqual({ action: 'fallBack', sentence: callTexts.callFailed });
  });
});

describe('callStartFailure of a call link (decision 061)', () => {
  it.each([
    ['call_link_used', callLinkTexts.used],
    ['call_link_expired', callLinkTexts.expired],
  ] as const)('says %s in Spanish and keeps the public call at hand', (code, sentence) => {
    expect(callStartFailure(failed(410, code))).toEqual({ action: 'privateRoomInvalid', sentence });
  });
});
