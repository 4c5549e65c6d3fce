import { describe, expect, it } from 'vitest';
import { callTexts } from '@seguridad/contracts/messages';
import { callStatusTexts } from './call-status';

describe('callStatusTexts', () => {
  it('tells a waiting caller the place in the queue and the wait, once the server sent them', () => {
    expect(callStatusTexts({ status: 'joining' })).toEqual({
      stage: callTexts.waiting,
      queue: [],
      header: '',
    });
    expect(callStatusTexts({ status: 'waiting', position: null, etaSeconds: null }).queue).toEqual([]);
    expect(callStatusTexts({ status: 'waiting', position: 3, etaSeconds: 240 })).toEqual({
      stage: callTexts.waiting,
      queue: [callTexts.queuePosition(3), callTexts.estimatedWait(240)],
      header: '',
    });
    expect(callStatusTexts({ status: 'waiting', position: 1, etaSeconds: null }).queue).toEqual([
      'Eres el siguiente en la fila.',
    ]);
  });

  it('says connecting, then connected in the header only while the connection holds', () => {
    expect(
      callStatusTexts({ status: 'connecting', peer: null, remoteStream: null, screenStream: null }).stage,
    ).toBe(callTexts.connecting);
    expect(
      callStatusTexts({
        status: 'connected',
        reconnecting: false,
        peer: null,
        remoteStream: null,
        screenStream: null,
      }).header,
    ).toBe(callTexts.connected);
    // The stage shows Reconectando… itself; the header does not contradict it.
    expect(
      callStatusTexts({
        status: 'connected',
        reconnecting: true,
        peer: null,
        remoteStream: null,
        screenStream: null,
      }).header,
    ).toBe('');
  });

  it('shows the end, or why the call failed', () => {
    expect(callStatusTexts({ status: 'ended', reason: 'peer_left', chatOccurred: false }).stage).toBe(
      callTexts.ended,
    );
    expect(callStatusTexts({ status: 'failed', error: 'x', message: 'No pudimos entrar.' }).stage).toBe(
      'No pudimos entrar.',
    );
  });
});
