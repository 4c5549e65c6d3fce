import { useCallback, useEffect, useRef, useState } from 'react';
import type { QueuedCall } from '@seguridad/contracts/http/calls';
import { callTexts } from '@seguridad/contracts/messages';
import { errorStatus, errorText } from '../../shared/api/api-client';
import { getRelaySettings, toIceServers, uploadCallAttachment } from '../../shared/call/call-api';
import { CallSession, type CallSessionSnapshot, type CallSocket } from '../../shared/call/call-session';
import { isLivePhase } from '../../shared/call/call-state';
import { useCallSession } from '../../shared/call/use-call-session';
import { acceptCall } from './api/accept-call';
import { endCall } from './api/end-call';
import { openCameraStream, stopStream } from '../../shared/media/camera';
import { consoleCallTexts } from '@seguridad/contracts/messages/console-ui';

/**
 * The operator's side of one call, from the press on Aceptar to the return to the queue:
 *
 *   idle ──accept──▶ starting ──accepted, camera, relay──▶ in-call ──back to the queue──▶ idle
 *     ▲                 │ 409 / 404 / network
 *     └──── error ◀─────┘
 *
 * Inside `in-call` the call's own phase (joining → connecting → connected → ended) comes from the
 * shared call session. The session rides on the console's socket (the one that makes this operator
 * count as online), so it never closes it.
 */
export type OperatorCallState =
  | { step: 'idle'; error: string | null }
  | { step: 'starting'; callId: number }
  | { step: 'in-call'; call: QueuedCall; session: CallSession; cameraFailed: boolean };

type UseOperatorCallOptions = {
  socket: CallSocket | null;
  /** The call is no longer waiting for anyone here (taken by us, by someone else, or gone). */
  onLeftQueue: (callId: number) => void;
  /** Refresh what a call changes: the queue and the history. */
  onCallsChanged: () => void;
};

export type OperatorCall = {
  state: OperatorCallState;
  snapshot: CallSessionSnapshot | null;
  accept: (call: QueuedCall) => Promise<void>;
  hangUp: () => Promise<void>;
  backToQueue: () => void;
  retryCamera: () => Promise<void>;
  retryingCamera: boolean;
};

function acceptFailureText(error: unknown): string {
  const status = errorStatus(error);
  if (status === 409) return callTexts.callTaken;
  if (status === 404) return callTexts.callNotFound;
  return errorText(error, consoleCallTexts.acceptFailed);
}

export function useOperatorCall({
  socket,
  onLeftQueue,
  onCallsChanged,
}: UseOperatorCallOptions): OperatorCall {
  const [state, setState] = useState<OperatorCallState>({ step: 'idle', error: null });
  const [retryingCamera, setRetryingCamera] = useState(false);
  const session = state.step === 'in-call' ? state.session : null;
  const snapshot = useCallSession(session);
  const localStream = useRef<MediaStream | null>(null);
  const mounted = useRef(false);
  const latest = useRef({ onLeftQueue, onCallsChanged, state });
  useEffect(() => {
    latest.current = { onLeftQueue, onCallsChanged, state };
  });

  // Leaving the console mid-call (another page of the site): end it for the citizen at once rather
  // than after the server's reconnection grace, and let go of the camera.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const current = latest.current.state;
      if (current.step !== 'in-call') return;
      if (isLivePhase(current.session.getSnapshot().phase)) void endCall(current.call.id).catch(() => {});
      current.session.dispose();
      stopStream(localStream.current);
      localStream.current = null;
    };
  }, []);

  const phase = snapshot?.phase.status;
  const live = snapshot ? isLivePhase(snapshot.phase) : false;

  // The call is over: the camera light goes off now, the chat stays readable until the operator
  // goes back to the queue.
  useEffect(() => {
    if (phase !== 'ended' && phase !== 'failed') return;
    stopStream(localStream.current);
    localStream.current = null;
    latest.current.onCallsChanged();
  }, [phase]);

  // Closing the tab mid-call would drop the citizen: ask first.
  useEffect(() => {
    if (!live) return;
    const confirmLeave = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', confirmLeave);
    return () => window.removeEventListener('beforeunload', confirmLeave);
  }, [live]);

  const accept = useCallback(
    async (call: QueuedCall) => {
      const current = latest.current.state;
      // From the end of a call an offer is accepted at once: the ended call is put away first.
      if (current.step === 'in-call' && !isLivePhase(current.session.getSnapshot().phase)) {
        current.session.dispose();
        stopStream(localStream.current);
        localStream.current = null;
      } else if (current.step !== 'idle') return;
      if (!socket) {
        setState({ step: 'idle', error: consoleCallTexts.socketNotReady });
        return;
      }
      setState({ step: 'starting', callId: call.id });

      // The citizen is waiting: the camera and the relay settings are fetched while the accept is
      // on its way (the relay answers any operator of the company), and dropped if it fails.
      // A phone call is answered audio only (decision 018): the microphone, never the camera. A
      // silent call (decision 060) has no media at all.
      const phone = call.kind === 'phone';
      const silent = call.kind === 'text';
      const camera = (
        silent
          ? Promise.resolve(null)
          : phone
            ? navigator.mediaDevices.getUserMedia({ audio: true, video: false })
            : openCameraStream()
      ).catch(() => null);
      const relay = getRelaySettings(call.id, { operator: true }).then(toIceServers, () => []);
      let accepted: QueuedCall;
      try {
        accepted = (await acceptCall(call.id)).call;
      } catch (error) {
        void camera.then(stopStream);
        if (!mounted.current) return;
        const status = errorStatus(error);
        if (status === 409 || status === 404) latest.current.onLeftQueue(call.id);
        latest.current.onCallsChanged();
        setState({ step: 'idle', error: acceptFailureText(error) });
        return;
      }
      latest.current.onLeftQueue(accepted.id);

      // The call is ours now: without a camera the operator still joins (the chat works) and may
      // try the camera again from the call view. Without a relay, peers try a direct connection.
      const [stream, iceServers] = await Promise.all([camera, relay]);
      if (!mounted.current) {
        stopStream(stream);
        void endCall(accepted.id).catch(() => {});
        return;
      }

      localStream.current = stream;
      const created = new CallSession({
        call: { id: accepted.id, room: accepted.room },
        credentials: { side: 'answerer' },
        socket,
        ownsSocket: false,
        localStream: stream,
        audioOnly: phone,
        textOnly: silent,
        iceServers,
        uploadAttachment: (file, onProgress) =>
          uploadCallAttachment(accepted.id, file, { operator: true }, onProgress),
      });
      setState({
        step: 'in-call',
        call: accepted,
        session: created,
        cameraFailed: stream === null && !silent,
      });
      await created.join();
    },
    [socket],
  );

  const hangUp = useCallback(async () => {
    const current = latest.current.state;
    if (current.step !== 'in-call') return;
    const wasConnected = socket?.connected ?? false;
    await current.session.hangUp();
    // `leave` waits in the socket's buffer while it is down: end it over HTTP so the citizen knows now.
    if (!wasConnected) await endCall(current.call.id).catch(() => {});
  }, [socket]);

  const backToQueue = useCallback(() => {
    const current = latest.current.state;
    if (current.step === 'in-call') current.session.dispose();
    stopStream(localStream.current);
    localStream.current = null;
    setState({ step: 'idle', error: null });
    latest.current.onCallsChanged();
  }, []);

  const retryCamera = useCallback(async () => {
    const current = latest.current.state;
    if (current.step !== 'in-call') return;
    setRetryingCamera(true);
    try {
      const stream = await openCameraStream();
      if (!mounted.current || latest.current.state !== current) {
        stopStream(stream);
        return;
      }
      current.session.replaceLocalStream(stream);
      stopStream(localStream.current);
      localStream.current = stream;
      setState({ ...current, cameraFailed: false });
    } catch {
      // Still no camera: the warning stays up.
    } finally {
      if (mounted.current) setRetryingCamera(false);
    }
  }, []);

  return { state, snapshot, accept, hangUp, backToQueue, retryCamera, retryingCamera };
}
