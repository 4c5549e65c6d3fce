import { describe, expect, it } from 'vitest';
import { callTexts, phoneCallTexts } from '@seguridad/contracts/messages';
import { operatorStatusText } from './operator-call-view';

describe('operatorStatusText', () => {
  it('speaks of the citizen, from joining to the end', () => {
    expect(operatorStatusText({ status: 'joining' })).toBe('Entrando a la llamada…');
    expect(operatorStatusText({ status: 'waiting', position: null, etaSeconds: null })).toBe(
      'Esperando que el ciudadano entre a la sala…',
    );
    expect(
      operatorStatusText({ status: 'connecting', peer: null, remoteStream: null, screenStream: null }),
    ).toBe('Conectando con el ciudadano…');
    expect(
      operatorStatusText({
        status: 'connected',
        reconnecting: false,
        peer: null,
        remoteStream: null,
        screenStream: null,
      }),
    ).toBe(callTexts.connected);
    expect(
      operatorStatusText({
        status: 'connected',
        reconnecting: true,
        peer: null,
        remoteStream: null,
        screenStream: null,
      }),
    ).toBe(callTexts.reconnecting);
    expect(operatorStatusText({ status: 'ended', reason: 'peer_left', chatOccurred: true })).toBe(
      callTexts.ended,
    );
    // A phone call had no video: its end is not called the end of a video call.
    expect(operatorStatusText({ status: 'ended', reason: 'peer_left', chatOccurred: false }, true)).toBe(
      phoneCallTexts.ended,
    );
    expect(operatorStatusText({ status: 'failed', error: 'not_in_call', message: callTexts.notInCall })).toBe(
      callTexts.notInCall,
    );
  });
});
