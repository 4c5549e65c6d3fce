import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { callbackTexts, phoneCallTexts } from '@seguridad/contracts/messages';
import { ApiRequestError } from '../../shared/api/api-client';
import { useCompanyKey } from '../../shared/api/company-key';
import { getVoiceToken } from '../../shared/call/call-api';
import { remoteStreamOf, type CallPhase } from '../../shared/call/call-state';
import { useCallSession } from '../../shared/call/use-call-session';
import { stopStream } from '../../shared/media/camera';
import { Alert } from '../../shared/ui/alert';
import { Button } from '../../shared/ui/button';
import { TextField } from '../../shared/ui/text-field';
import { callOriginOf } from './call-launch';
import { addedDigits, PHONE_CALL_STATE, phoneCallState } from './phone-call-state';
import { useCallerCall } from './use-caller-call';
import styles from './phone-call-panel.module.css';
import type { PhoneCallPanelHost } from '../../shared/call/call-panel-hosts';
import { RatingCard, type RatableCall } from './rating-prompt';
import { browserCapabilities } from '../../shared/media/browser-capabilities';

export type { PhoneCallPanelHost };

export type PhoneCallPanelProps = { host: PhoneCallPanelHost; from?: string };

const KEYPAD = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'];

/** The server's reasons for not starting the call, as the panel says them. */
function failureSentence(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return phoneCallTexts.callFailed;
  const code = error.body?.error;
  if (code === 'no_operators') return phoneCallTexts.noOperators;
  if (code === 'outside_hours') return phoneCallTexts.outsideHours;
  if (code === 'video_call_off') return phoneCallTexts.serviceOff;
  if (code === 'voice_token_invalid' || code === 'voice_token_used') return phoneCallTexts.tokenInvalid;
  return phoneCallTexts.callFailed;
}

function statusOf(phase: CallPhase | null): string {
  switch (phase?.status) {
    case undefined:
    case 'idle':
    case 'joining':
      return phoneCallTexts.preparing;
    case 'waiting':
      return phoneCallTexts.waiting;
    case 'connecting':
      return phoneCallTexts.connecting;
    case 'connected':
      return phase.reconnecting ? phoneCallTexts.reconnecting : phoneCallTexts.connected;
    default:
      return phoneCallTexts.ended;
  }
}

/** Plays the operator's voice; the element is hidden, the panel shows the call's status instead. */
function RemoteAudio({ stream }: { stream: MediaStream | null }) {
  const audio = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const element = audio.current;
    if (!element || element.srcObject === stream) return;
    element.srcObject = stream;
    if (stream) void Promise.resolve(element.play()).catch(() => undefined);
  }, [stream]);
  return <audio ref={audio} autoPlay aria-label={phoneCallTexts.remoteAudio} className="visually-hidden" />;
}

/**
 * The phone-call panel (spec §2, §4; decision 018): an audio-only call to the call centre through
 * the video call's queue and signaling, started with a voice token. 1 ready (Llamar), 0 in progress
 * (Terminar, and a keypad that takes only digits, sent as DTMF and shown to the operator),
 * 3 finished ('Fin de la llamada'). When no call can be made and callbacks are on, it offers
 * 'Solicitar llamada'.
 */
export function PhoneCallPanel({ host, from }: PhoneCallPanelProps) {
  const companyKey = useCompanyKey();
  const { call, start, hangUp, close } = useCallerCall();
  const snapshot = useCallSession(call.step === 'inCall' ? call.session : null);
  const [preparing, setPreparing] = useState(false);
  const [hungUp, setHungUp] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = useId();
  const phase = snapshot?.phase ?? null;
  const state = phoneCallState({ step: call.step, phase: phase?.status ?? null, hungUp, preparing });
  const digits = snapshot?.digits ?? '';
  const connected = phase?.status === 'connected';
  // Only an answered call is rated (decision 044): kept past the hang-up, until Cerrar.
  const [answered, setAnswered] = useState<RatableCall | null>(null);
  if (call.step === 'inCall' && connected && answered?.id !== call.call.id) {
    setAnswered({ id: call.call.id, token: call.call.token });
  }

  async function placeCall() {
    if (state !== PHONE_CALL_STATE.ready) return;
    // Without WebRTC the call would be queued and answered, then never connect (decision 037).
    if (!browserCapabilities().call) {
      setProblem(phoneCallTexts.cannotCall);
      return;
    }
    setProblem(null);
    setPreparing(true);
    let microphone: MediaStream;
    try {
      microphone = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
    } catch {
      setPreparing(false);
      setProblem(phoneCallTexts.microphoneFailed);
      return;
    }
    let handedOver = false;
    try {
      const voiceToken = await getVoiceToken(companyKey);
      const outcome = await start({
        speciality: null,
        from: from ?? callOriginOf(window.location.href),
        voiceToken,
        takeLocalStream: () => {
          handedOver = true;
          return microphone;
        },
      });
      if (outcome.failed) setProblem(failureSentence(outcome.error));
    } catch (error) {
      setProblem(failureSentence(error));
    } finally {
      if (!handedOver) stopStream(microphone);
      setPreparing(false);
    }
  }

  // Once over, the microphone goes off even while 'Fin de la llamada' stays on screen.
  const over = phase?.status === 'ended' || phase?.status === 'failed';
  const releaseMicrophone = useEffectEvent(() => {
    if (call.step === 'inCall') stopStream(call.localStream);
  });
  useEffect(() => {
    if (over) releaseMicrophone();
  }, [over]);

  function endCall() {
    setHungUp(true);
    void hangUp();
  }

  function closeEnd() {
    close();
    setHungUp(false);
    setAnswered(null);
    host.finish();
  }

  function callMeInstead() {
    if (call.step !== 'setup') void hangUp();
    setHungUp(false);
    host.requestCallback(null);
  }

  if (state === PHONE_CALL_STATE.finished) {
    return (
      <section className={styles.panel} aria-labelledby={`${ids}-end`} data-state={state}>
        <div role="status">
          <h3 id={`${ids}-end`} className={styles.status}>
            {phoneCallTexts.ended}
          </h3>
        </div>
        {answered && <RatingCard call={answered} onDone={() => setAnswered(null)} />}
        <Button onClick={closeEnd}>{phoneCallTexts.close}</Button>
      </section>
    );
  }

  if (state === PHONE_CALL_STATE.inProgress) {
    const statusText = statusOf(phase);
    return (
      <section className={styles.panel} aria-labelledby={`${ids}-status`} data-state={state}>
        <RemoteAudio stream={phase ? remoteStreamOf(phase) : null} />
        <p id={`${ids}-status`} className={styles.status} role="status">
          {statusText}
        </p>
        {phase?.status === 'waiting' && host.callBackOffered && (
          <div className={styles.instead}>
            <p>{callbackTexts.instead}</p>
            <Button variant="secondary" onClick={callMeInstead}>
              {callbackTexts.request}
            </Button>
          </div>
        )}
        <TextField
          label={phoneCallTexts.digitsLabel}
          hint={phoneCallTexts.digitsHint}
          inputMode="numeric"
          autoComplete="off"
          className={styles.digits}
          value={digits}
          disabled={!connected}
          onChange={(event) => {
            const added = addedDigits(digits, event.target.value);
            if (added && call.step === 'inCall') call.session.sendDigits(added);
          }}
        />
        <div className={styles.keypad} role="group" aria-label={phoneCallTexts.keypad}>
          {KEYPAD.map((key) => (
            <button
              key={key}
              type="button"
              className={key === '0' ? `${styles.key} ${styles.zero}` : styles.key}
              disabled={!connected}
              onClick={() => {
                if (call.step === 'inCall') call.session.sendDigits(key);
              }}
            >
              {key}
            </button>
          ))}
        </div>
        <Button variant="danger" fullWidth onClick={endCall}>
          {phoneCallTexts.hangUp}
        </Button>
      </section>
    );
  }

  return (
    <section className={styles.panel} aria-labelledby={`${ids}-ready`} data-state={state}>
      <p id={`${ids}-ready`} className={styles.intro}>
        {host.liveCallOffered ? phoneCallTexts.ready : phoneCallTexts.serviceOff}
      </p>
      {problem && <Alert tone="error">{problem}</Alert>}
      <div className={styles.actions}>
        {host.liveCallOffered && (
          <Button fullWidth onClick={() => void placeCall()} busy={preparing}>
            {phoneCallTexts.call}
          </Button>
        )}
        {host.callBackOffered && (
          <Button
            variant={host.liveCallOffered ? 'secondary' : 'primary'}
            fullWidth
            onClick={() => host.requestCallback(problem)}
          >
            {callbackTexts.request}
          </Button>
        )}
      </div>
    </section>
  );
}
