import { describe, expect, it } from 'vitest';
import type { Participant } from '@seguridad/contracts/realtime/call';
import {
  callReducer,
  initialCallPhase,
  peerOf,
  remoteStreamOf,
  screenStreamOf,
  type CallEvent,
  type CallPhase,
} from './call-state';

function run(events: CallEvent[], from: CallPhase = initialCallPhase): CallPhase {
  return events.reduce(callReducer, from);
}

const joining: CallPhase = { status: 'joining' };
const waiting: CallPhase = { status: 'waiting', position: 2, etaSeconds: 90 };
const peer: Participant = { userID: 'operator:7', userName: 'Rosa', side: 'answerer', userAvatar: null };
const connecting: CallPhase = { status: 'connecting', peer, remoteStream: null, screenStream: null };
const connected: CallPhase = {
  status: 'connected',
  reconnecting: false,
  peer,
  remoteStream: null,
  screenStream: null,
};
const reconnecting: CallPhase = {
  status: 'connected',
  reconnecting: true,
  peer,
  remoteStream: null,
  screenStream: null,
};
const ended: CallPhase = { status: 'ended', reason: 'hangup', chatOccurred: false };
const failed: CallPhase = { status: 'failed', error: 'call_not_found', message: 'La llamada no existe.' };

describe('the call phase', () => {
  it('starts idle and joins', () => {
    expect(initialCallPhase).toEqual({ status: 'idle' });
    expect(callReducer(initialCallPhase, { type: 'joinStarted' })).toEqual(joining);
  });

  it('waits alone in the queue, then connects when the operator arrives', () => {
    expect(run([{ type: 'joined', peer: null }], joining)).toEqual({
      status: 'waiting',
      position: null,
      etaSeconds: null,
    });
    const queued = run(
      [
        { type: 'joined', peer: null },
        { type: 'queue', position: 3, etaSeconds: 120 },
        { type: 'queue', position: 2, etaSeconds: 60 },
      ],
      joining,
    );
    expect(queued).toEqual({ status: 'waiting', position: 2, etaSeconds: 60 });
    expect(run([{ type: 'peerJoined', peer }, { type: 'mediaConnected' }], queued)).toEqual(connected);
  });

  it('takes a queue position that arrives before the join answer, and keeps it', () => {
    expect(
      run(
        [
          { type: 'queue', position: 1, etaSeconds: 0 },
          { type: 'joined', peer: null },
        ],
        joining,
      ),
    ).toEqual({ status: 'waiting', position: 1, etaSeconds: 0 });
  });

  it('goes straight to connecting when the peer is already in the room', () => {
    expect(callReducer(joining, { type: 'joined', peer })).toEqual(connecting);
    expect(callReducer(joining, { type: 'peerJoined', peer })).toEqual(connecting);
    expect(callReducer(waiting, { type: 'joined', peer })).toEqual(connecting);
    expect(callReducer(connecting, { type: 'mediaConnected' })).toEqual(connected);
  });

  it('keeps the reached phase when a re-join after a reconnect is answered', () => {
    expect(callReducer(waiting, { type: 'joined', peer: null })).toBe(waiting);
    expect(callReducer(connecting, { type: 'joined', peer })).toBe(connecting);
    expect(callReducer(connected, { type: 'joined', peer })).toBe(connected);
    expect(callReducer(reconnecting, { type: 'joined', peer: null })).toBe(reconnecting);
  });

  it('keeps the peer and the remote stream only while there is someone to connect to', () => {
    const stream = { id: 'remote' } as unknown as MediaStream;
    const withStream = callReducer(connecting, { type: 'remoteStream', stream });
    expect(remoteStreamOf(withStream)).toBe(stream);
    expect(callReducer(withStream, { type: 'remoteStream', stream })).toBe(withStream);
    const live = run(
      [{ type: 'mediaConnected' }, { type: 'connectionLost' }, { type: 'connectionRestored' }],
      withStream,
    );
    expect(live).toEqual({
      status: 'connected',
      reconnecting: false,
      peer,
      remoteStream: stream,
      screenStream: null,
    });
    expect(peerOf(live)).toBe(peer);
    for (const phase of [joining, waiting, ended, failed, initialCallPhase]) {
      expect(callReducer(phase, { type: 'remoteStream', stream })).toBe(phase);
      expect(remoteStreamOf(phase)).toBeNull();
      expect(peerOf(phase)).toBeNull();
    }
    const over = callReducer(live, { type: 'peerLeft' });
    expect(remoteStreamOf(over)).toBeNull();
    expect(over).not.toHaveProperty('peer');
  });

  it('keeps the shared screen beside the camera while connected, and drops it with the call', () => {
    const camera = { id: 'camera' } as unknown as MediaStream;
    const screen = { id: 'screen' } as unknown as MediaStream;
    const live = run(
      [
        { type: 'remoteStream', stream: camera },
        { type: 'screenStream', stream: screen },
        { type: 'mediaConnected' },
      ],
      connecting,
    );
    expect(remoteStreamOf(live)).toBe(camera);
    expect(screenStreamOf(live)).toBe(screen);
    const stopped = callReducer(live, { type: 'screenStream', stream: null });
    expect(screenStreamOf(stopped)).toBeNull();
    expect(remoteStreamOf(stopped)).toBe(camera);
    expect(screenStreamOf(callReducer(live, { type: 'peerLeft' }))).toBeNull();
    expect(callReducer(waiting, { type: 'screenStream', stream: screen })).toBe(waiting);
  });

  it('connects without knowing the peer when only its offer arrived, and names it later', () => {
    const unnamed = callReducer(waiting, { type: 'peerJoined', peer: null });
    expect(unnamed).toEqual({ status: 'connecting', peer: null, remoteStream: null, screenStream: null });
    expect(callReducer(unnamed, { type: 'peerJoined', peer })).toEqual(connecting);
    const renamed = { ...peer, userName: 'Rosa P.' };
    expect(peerOf(callReducer(connected, { type: 'joined', peer: renamed }))).toBe(renamed);
  });

  it('turns reconnecting on and off while connected', () => {
    expect(callReducer(connected, { type: 'connectionLost' })).toEqual(reconnecting);
    expect(callReducer(reconnecting, { type: 'connectionLost' })).toBe(reconnecting);
    expect(callReducer(reconnecting, { type: 'connectionRestored' })).toEqual(connected);
    expect(callReducer(connected, { type: 'connectionRestored' })).toBe(connected);
    expect(callReducer(reconnecting, { type: 'mediaConnected' })).toBe(reconnecting);
  });

  it('ends when the peer leaves a call in progress', () => {
    expect(callReducer(connected, { type: 'peerLeft' })).toEqual({
      status: 'ended',
      reason: 'peer_left',
      chatOccurred: false,
    });
    expect(callReducer(connecting, { type: 'peerLeft', chatOccurred: true })).toEqual({
      status: 'ended',
      reason: 'peer_left',
      chatOccurred: true,
    });
  });

  it.each([joining, waiting, connecting, connected, reconnecting])('ends from %o', (phase) => {
    expect(callReducer(phase, { type: 'ended', reason: 'timeout' })).toEqual({
      status: 'ended',
      reason: 'timeout',
      chatOccurred: false,
    });
    expect(callReducer(phase, { type: 'ended', reason: 'local_hangup', chatOccurred: true })).toEqual({
      status: 'ended',
      reason: 'local_hangup',
      chatOccurred: true,
    });
  });

  it('marks a chat that arrives after the end, once', () => {
    const withChat = callReducer(ended, { type: 'chatOccurred' });
    expect(withChat).toEqual({ ...ended, chatOccurred: true });
    expect(callReducer(withChat, { type: 'chatOccurred' })).toBe(withChat);
  });

  it.each([joining, waiting, connecting, connected])('fails from %o and may join again', (phase) => {
    const next = callReducer(phase, {
      type: 'failed',
      error: 'call_not_found',
      message: 'La llamada no existe.',
    });
    expect(next).toEqual(failed);
    expect(callReducer(next, { type: 'joinStarted' })).toEqual(joining);
  });

  it('leaves the phase unchanged on impossible events', () => {
    const impossible: [CallPhase, CallEvent][] = [
      [initialCallPhase, { type: 'joined', peer }],
      [initialCallPhase, { type: 'queue', position: 1, etaSeconds: 0 }],
      [initialCallPhase, { type: 'peerJoined', peer }],
      [initialCallPhase, { type: 'mediaConnected' }],
      [initialCallPhase, { type: 'ended', reason: 'hangup' }],
      [initialCallPhase, { type: 'failed', error: 'x', message: 'y' }],
      [initialCallPhase, { type: 'chatOccurred' }],
      [joining, { type: 'joinStarted' }],
      [joining, { type: 'mediaConnected' }],
      [joining, { type: 'peerLeft' }],
      [waiting, { type: 'mediaConnected' }],
      [waiting, { type: 'peerLeft' }],
      [waiting, { type: 'connectionLost' }],
      [connecting, { type: 'queue', position: 1, etaSeconds: 0 }],
      [connecting, { type: 'connectionLost' }],
      [connecting, { type: 'joinStarted' }],
      [connected, { type: 'peerJoined', peer }],
      [connected, { type: 'queue', position: 1, etaSeconds: 0 }],
      [connected, { type: 'chatOccurred' }],
      [ended, { type: 'joinStarted' }],
      [ended, { type: 'joined', peer }],
      [ended, { type: 'peerJoined', peer }],
      [ended, { type: 'mediaConnected' }],
      [ended, { type: 'peerLeft' }],
      [ended, { type: 'ended', reason: 'timeout' }],
      [ended, { type: 'failed', error: 'x', message: 'y' }],
      [failed, { type: 'joined', peer }],
      [failed, { type: 'ended', reason: 'hangup' }],
      [failed, { type: 'chatOccurred' }],
      [failed, { type: 'failed', error: 'other', message: 'z' }],
    ];
    for (const [phase, event] of impossible) expect(callReducer(phase, event), event.type).toBe(phase);
  });
});
