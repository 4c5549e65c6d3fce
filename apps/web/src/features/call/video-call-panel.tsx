import { useEffect, useEffectEvent, useId, useRef, useState, useSyncExternalStore } from 'react';
import { DELAYS_MS } from '@seguridad/contracts/constants';
import { callTexts } from '@seguridad/contracts/messages';
import type { VideoCallPanelHost } from '../../shared/call/call-panel-hosts';
import {
  closesByItself,
  createCallerLifecycle,
  GENERAL_SPECIALITY,
  type CallerCommand,
  type CallerEvent,
  type CallerLaunch,
} from '../../shared/call/caller-lifecycle';
import { useCallSession } from '../../shared/call/use-call-session';
import { Alert } from '../../shared/ui/alert';
import { Button } from '../../shared/ui/button';
import { useSpecialities } from './api/get-specialities';
import { callStartFailure } from './call-failure';
import { callLaunchKey, callOriginOf, type CallLaunch } from './call-launch';
import { CallView } from './call-view';
import { stopStream } from '../../shared/media/camera';
import { createDeviceCheck } from './device-check';
import { DevicePreview } from './device-preview';
import { useCallerCall } from './use-caller-call';
import styles from './video-call-panel.module.css';
import { SelectField } from '../../shared/ui/select-field';
import { browserCapabilities } from '../../shared/media/browser-capabilities';
import { VIDEO_MAIL_MESSAGE_MAX } from '@seguridad/contracts/constants';
import type { ChatEntry } from '../../shared/call/call-session';
import type { RatableCall } from './rating-prompt';

export type { VideoCallPanelHost };

export type VideoCallPanelProps = {
  host: VideoCallPanelHost;
  /** The page link that opened the panel, if any (ShareLink, autovideo, privatevideo). */
  launch: CallLaunch | null;
  /** Where the call starts from, for the operator; this page when not given. */
  from?: string;
  /**
   * After Terminar Llamada (spec §4: "returns to Home"); back to the drawer's entries when not
   * given. An answered call comes with it, for «¿Cómo fue tu atención?» (decision 044).
   */
  onHungUp?: (answered: RatableCall | null) => void;
};

/** What the caller typed in the call's chat, oldest first, as the start of a video mail's message. */
export function typedInChat(entries: readonly ChatEntry[]): string {
  return entries
    .filter((entry) => entry.mine && !entry.isFile && entry.message.trim())
    .map((entry) => entry.message.trim())
    .join('\n')
    .slice(0, VIDEO_MAIL_MESSAGE_MAX);
}

/**
 * A browser without WebRTC or a camera API (decision 037): nothing is queued; it is told so and
 * offered what works in it instead.
 */
function CannotCall({ host, canRecord }: { host: VideoCallPanelHost; canRecord: boolean }) {
  const sentence = canRecord ? callTexts.cannotCall : callTexts.cannotCallNorRecord;
  return (
    <div className={styles.layout}>
      <section className={styles.column}>
        <Alert tone="warning" className={styles.notice}>
          {sentence}
        </Alert>
        <div className={styles.actions}>
          {canRecord && (
            <Button onClick={() => host.fallBackToVideoMail(sentence)}>{callTexts.leaveVideoMail}</Button>
          )}
          {host.requestCallback && (
            <Button variant="secondary" onClick={host.requestCallback}>
              {callTexts.askCallback}
            </Button>
          )}
          <Button variant="secondary" onClick={host.openContactForm}>
            {callTexts.writeContactForm}
          </Button>
        </div>
      </section>
    </div>
  );
}

/** The panel, or what to do instead in a browser that cannot call. */
export function VideoCallPanel(props: VideoCallPanelProps) {
  const [capabilities] = useState(() => browserCapabilities());
  if (!capabilities.call) return <CannotCall host={props.host} canRecord={capabilities.record} />;
  return <CallingPanel {...props} />;
}

function sameName(a: string, b: string): boolean {
  return a.trim().localeCompare(b.trim(), 'es', { sensitivity: 'base' }) === 0;
}

/** The page link as the lifecycle reads it. */
function lifecycleLaunch(launch: CallLaunch | null): CallerLaunch | null {
  if (!launch) return null;
  return {
    key: callLaunchKey(launch),
    privateRoom: launch.kind === 'privateRoom' ? launch.room : null,
    privateRoomInvalid: launch.kind === 'invalidPrivateRoom',
  };
}

/**
 * The Videollamada panel (spec §2, §4): step 1 checks the camera and microphone and picks a
 * speciality; Llamar creates the call and step 2 is the full-screen call view. A call that cannot
 * start falls back to a derived video mail that says why. A private room link joins by itself as
 * soon as the camera works. When each of these happens is the lifecycle's (caller-lifecycle.ts);
 * the panel reports what it renders with and performs what the lifecycle asks.
 */
function CallingPanel({ host, launch, from, onHungUp }: VideoCallPanelProps) {
  const [check] = useState(() => createDeviceCheck());
  const devices = useSyncExternalStore(check.subscribe, check.getSnapshot, check.getSnapshot);
  const { call, start, hangUp, close } = useCallerCall();
  const snapshot = useCallSession(call.step === 'inCall' ? call.session : null);
  const [lifecycle] = useState(() => createCallerLifecycle(lifecycleLaunch(launch)));
  const lifecycleState = useSyncExternalStore(
    lifecycle.subscribe,
    lifecycle.getSnapshot,
    lifecycle.getSnapshot,
  );
  const { privateRoom, problem } = lifecycleState;
  const specialities = useSpecialities(host.active);
  const ids = useId();
  const problemRef = useRef<HTMLDivElement>(null);

  // The default label is General (spec §2); a company that has its own General gets no second one.
  const companySpecialities = specialities.data ?? [];
  const companyGeneral = companySpecialities.find((option) =>
    sameName(option.name, callTexts.defaultSpeciality),
  );
  const specialityOptions = companyGeneral
    ? companySpecialities
    : [{ id: GENERAL_SPECIALITY, name: callTexts.defaultSpeciality }, ...companySpecialities];
  const selectedOf = (speciality: number) =>
    speciality === GENERAL_SPECIALITY && companyGeneral ? companyGeneral.id : speciality;
  const selectedSpeciality = selectedOf(lifecycleState.speciality);
  const cameraReady = devices.state.status === 'ready';
  const phase = snapshot?.phase ?? null;

  async function placeCall(command: Extract<CallerCommand, { type: 'startCall' }>) {
    const selected = selectedOf(command.speciality);
    const outcome = await start({
      speciality: command.privateRoom || selected === GENERAL_SPECIALITY ? null : selected,
      privateRoom: command.privateRoom ?? undefined,
      from: from ?? callOriginOf(window.location.href),
      takeLocalStream: () => check.handOver(),
    });
    if (!outcome.failed) return;
    const failure = callStartFailure(outcome.error);
    send({ type: 'startRefused', fallBack: failure.action === 'fallBack', sentence: failure.sentence });
  }

  function perform(command: CallerCommand) {
    switch (command.type) {
      case 'openDevices':
        if (check.getSnapshot().state.status === 'idle') void check.open();
        break;
      case 'releaseDevices':
        check.release();
        break;
      case 'setFullScreen':
        host.setFullScreen(command.fullScreen);
        break;
      case 'startCall':
        void placeCall(command);
        break;
      case 'releaseMedia':
        if (call.step !== 'inCall') break;
        stopStream(call.localStream);
        call.session.setCameraEnabled(false);
        break;
      case 'hangUp':
        void hangUp();
        break;
      case 'closeCall':
        close();
        break;
      case 'fallBackToVideoMail':
        if (command.withTyped)
          host.fallBackToVideoMail(command.reason, snapshot ? typedInChat(snapshot.chat) : '');
        else host.fallBackToVideoMail(command.reason);
        break;
      case 'finish':
        host.finish();
        break;
      case 'leaveAfterHangUp': {
        const answered =
          command.answered && call.step === 'inCall' ? { id: call.call.id, token: call.call.token } : null;
        if (onHungUp) onHungUp(answered);
        else host.backToList();
        break;
      }
      case 'requestCallback':
        host.requestCallback?.();
        break;
    }
  }

  function send(event: CallerEvent) {
    lifecycle.send(event).forEach(perform);
  }

  // What this render shows with goes to the lifecycle, once per change.
  const launchKey = callLaunchKey(launch);
  const reportSurroundings = useEffectEvent(() =>
    send({
      type: 'observed',
      surroundings: {
        active: host.active,
        cameraReady,
        callStep: call.step,
        phase,
        launch: lifecycleLaunch(launch),
      },
    }),
  );
  useEffect(() => reportSurroundings(), [host.active, cameraReady, call.step, phase, launchKey]);

  // Ended by the other side without chat: the end shows for 5 s, then the drawer closes (spec §4),
  // unless the person began to rate the call, which is not lost to the timer (decision 044).
  const endClosesByItself = closesByItself(lifecycleState);
  const closeAfterEnd = useEffectEvent(() => send({ type: 'closeTimerFired' }));
  useEffect(() => {
    if (!endClosesByItself) return;
    const timer = setTimeout(closeAfterEnd, DELAYS_MS.endOfCallClose);
    return () => clearTimeout(timer);
  }, [endClosesByItself]);

  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  // The camera goes off with the panel; a StrictMode re-mount asks for it again.
  useEffect(
    () => () => {
      check.release();
      lifecycle.send({ type: 'detached' });
    },
    [check, lifecycle],
  );

  if (call.step === 'inCall' && snapshot) {
    return (
      <CallView
        session={call.session}
        callId={call.call.id}
        callToken={call.call.token}
        snapshot={snapshot}
        onHangUp={() => send({ type: 'hangUpPressed' })}
        onClose={() => send({ type: 'closePressed' })}
        onRequestCallback={host.requestCallback ? () => send({ type: 'callbackPressed' }) : undefined}
        onRatingEngaged={() => send({ type: 'ratingEngaged' })}
      />
    );
  }

  const starting = lifecycleState.stage === 'starting';
  return (
    <div className={styles.layout}>
      <section className={styles.column} aria-labelledby={`${ids}-devices`}>
        <h3 id={`${ids}-devices`} className={styles.stepTitle}>
          {callTexts.devicesStepTitle}
        </h3>
        <DevicePreview
          devices={devices}
          onRetry={() => void check.open()}
          onSelectCamera={(deviceId) => void check.selectCamera(deviceId)}
          onSelectMicrophone={(deviceId) => void check.selectMicrophone(deviceId)}
        />
      </section>

      <section className={styles.column} aria-labelledby={`${ids}-call`}>
        <h3 id={`${ids}-call`} className={styles.stepTitle}>
          {callTexts.callStepTitle}
        </h3>
        {privateRoom ? (
          <p className={styles.intro}>{callTexts.privateRoomIntro}</p>
        ) : (
          <>
            <p className={styles.intro}>{callTexts.callIntro}</p>
            <SelectField
              label="Especialidad"
              className={styles.select}
              value={String(selectedSpeciality)}
              disabled={starting}
              onChange={(event) => send({ type: 'specialityChosen', speciality: Number(event.target.value) })}
            >
              {specialityOptions.map((option) => (
                <option key={option.id} value={String(option.id)}>
                  {option.name}
                </option>
              ))}
            </SelectField>
          </>
        )}

        {problem && (
          <Alert tone="error" focusable ref={problemRef} className={styles.notice}>
            {problem}
          </Alert>
        )}

        <div className={styles.actions}>
          <Button onClick={() => send({ type: 'callPressed' })} busy={starting} disabled={!cameraReady}>
            {callTexts.call}
          </Button>
          {problem && (
            <Button variant="secondary" onClick={() => host.fallBackToVideoMail(problem)}>
              {callTexts.leaveVideoMail}
            </Button>
          )}
        </div>
        {!cameraReady && devices.state.status !== 'failed' && (
          <p className={styles.hint}>{callTexts.callWhenReady}</p>
        )}
      </section>
    </div>
  );
}
