import { useEffect, useRef, useState } from 'react';
import type { VideoCall } from '@seguridad/contracts/http/calls';
import {
  createVideoCall,
  endVideoCallOnLeave,
  getRelaySettings,
  openCallerSocket,
  toIceServers,
  uploadCallAttachment,
} from '../../shared/call/call-api';
import { useCompanyKey } from '../../shared/api/company-key';
import { CallSession, type CallSocket } from '../../shared/call/call-session';
import { isLivePhase } from '../../shared/call/call-state';
import { stopStream } from '../../shared/media/camera';
import { holdLiveCall } from '../../shared/quick-exit/quick-exit';

/**
 * The caller's side of one call, as the panel drives it:
 *
 *   setup ─start()─▶ starting ─created─▶ inCall { session } ─hangUp() / close()─▶ setup
 *                        └── refused or unreachable: start() resolves with the error, back to setup
 *
 * `inCall` holds the session from the first join to the end view; the phase inside it (waiting,
 * connected, ended…) is the session's. The camera stream belongs to the call from `created` on and
 * is stopped when the call is left.
 */
export type CallerCall =
  | { step: 'setup' }
  | { step: 'starting' }
  | {
      step: 'inCall';
      call: VideoCall;
      session: CallSession;
      socket: CallSocket;
      localStream: MediaStream | null;
      /** Salida rápida no longer needs to end this call (decision 060). */
      releaseQuickExit: () => void;
    };

export type StartCallRequest = {
  /** A speciality id; null is General. */
  speciality: number | null;
  privateRoom?: string;
  from: string;
  /** Called once the call exists: the device check hands its live stream over. */
  takeLocalStream: () => MediaStream | null;
  /** A phone call (decision 018): the voice token of `GET /api/token`; audio only. */
  voiceToken?: string;
  /** A silent call (decision 060): text only, no media at all. */
  silent?: boolean;
};

const SETUP: CallerCall = { step: 'setup' };

function markCallStart() {
  // The bench reads the time from Llamar to the first remote frame of this call, not an older one.
  performance.clearMarks('call:llamar');
  performance.clearMarks('call:first-remote-frame');
  performance.mark('call:llamar');
}

function leaveCall(current: Extract<CallerCall, { step: 'inCall' }>) {
  current.releaseQuickExit();
  stopStream(current.localStream);
  stopStream(current.session.getSnapshot().localStream);
  current.session.dispose();
}

/** How a start ended: in a call (or given up by the panel), or refused with the server's error. */
export type StartOutcome = { failed: false } | { failed: true; error: unknown };

export function useCallerCall() {
  const companyKey = useCompanyKey();
  const [call, setCall] = useState<CallerCall>(SETUP);
  /** The call being set up or held, for what runs outside renders (unmount, pagehide). */
  const current = useRef<CallerCall>(SETUP);
  /** Bumped when the panel gives up on a call still being created (it then ends it at once). */
  const attempt = useRef(0);

  function moveTo(next: CallerCall) {
    current.current = next;
    setCall(next);
  }

  async function start(request: StartCallRequest): Promise<StartOutcome> {
    if (current.current.step !== 'setup') return { failed: false };
    const mine = ++attempt.current;
    markCallStart();
    moveTo({ step: 'starting' });
    // The socket connects while the call is created and the relay settings are on their way.
    const socket = openCallerSocket();
    let created: VideoCall;
    try {
      created = await createVideoCall(companyKey, {
        speciality: request.speciality,
        from: request.from,
        ...(request.privateRoom ? { privateRoom: request.privateRoom } : {}),
        ...(request.voiceToken ? { voiceToken: request.voiceToken } : {}),
        ...(request.silent ? { silent: true } : {}),
      });
    } catch (error) {
      socket.disconnect();
      if (mine !== attempt.current) return { failed: false };
      moveTo(SETUP);
      return { failed: true, error };
    }
    const credentials = { callToken: created.token, companyKey };
    if (mine !== attempt.current) {
      socket.disconnect();
      endVideoCallOnLeave({ id: created.id, token: created.token });
      return { failed: false };
    }
    const localStream = request.takeLocalStream();
    const relay = await getRelaySettings(created.id, credentials).catch(() => null);
    if (mine !== attempt.current) {
      stopStream(localStream);
      socket.disconnect();
      endVideoCallOnLeave({ id: created.id, token: created.token });
      return { failed: false };
    }
    const session = new CallSession({
      call: { id: created.id, room: created.room },
      credentials: { side: 'caller', callToken: created.token },
      socket,
      ownsSocket: true,
      localStream,
      audioOnly: created.kind === 'phone',
      textOnly: created.kind === 'text',
      iceServers: toIceServers(relay),
      uploadAttachment: (file, onProgress) => uploadCallAttachment(created.id, file, credentials, onProgress),
    });
    moveTo({
      step: 'inCall',
      call: created,
      session,
      socket,
      localStream,
      releaseQuickExit: holdLiveCall(() =>
        endVideoCallOnLeave({ id: created.id, token: created.token }, { quickExit: true }),
      ),
    });
    await session.join();
    return { failed: false };
  }

  /** Terminar Llamada: the call ends for both sides, the camera goes off, the chat is gone. */
  async function hangUp(): Promise<void> {
    const held = current.current;
    attempt.current += 1;
    moveTo(SETUP);
    if (held.step !== 'inCall') return;
    const { session, socket, call: created } = held;
    // Offline, the socket cannot say goodbye: the beacon ends the call over HTTP when it can.
    if (!socket.connected && isLivePhase(session.getSnapshot().phase))
      endVideoCallOnLeave({ id: created.id, token: created.token });
    try {
      await session.hangUp();
    } finally {
      leaveCall(held);
    }
  }

  /** After the end view: the call is already over; only our side is cleared. */
  function close(): void {
    const held = current.current;
    attempt.current += 1;
    moveTo(SETUP);
    if (held.step === 'inCall') leaveCall(held);
  }

  // Closing the tab or leaving the site ends the call at once (spec §4), not after the grace time.
  useEffect(() => {
    const onPageHide = () => {
      const held = current.current;
      if (held.step !== 'inCall' || !isLivePhase(held.session.getSnapshot().phase)) return;
      endVideoCallOnLeave({ id: held.call.id, token: held.call.token });
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, []);

  // The panel going away mid-call (the drawer unmounted) hangs up rather than leaving a ghost call.
  useEffect(
    () => () => {
      const held = current.current;
      attempt.current += 1;
      current.current = SETUP;
      if (held.step !== 'inCall') return;
      void held.session.hangUp().finally(() => leaveCall(held));
    },
    [],
  );

  return { call, start, hangUp, close };
}
