import { useEffect, useEffectEvent, useId, useRef, useState, useSyncExternalStore } from 'react';
import { DELAYS_MS } from '@seguridad/contracts/constants';
import { callTexts } from '@seguridad/contracts/messages';
import type { VideoCallPanelHost } from '../../shared/call/call-panel-hosts';
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

/** "General" when the company has no speciality of that name: it goes out as null (contract). */
const GENERAL = 0;

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

/**
 * The Videollamada panel (spec §2, §4): step 1 checks the camera and microphone and picks a
 * speciality; Llamar creates the call and step 2 is the full-screen call view. A call that cannot
 * start falls back to a derived video mail that says why. A private room link joins by itself as
 * soon as the camera works.
 */
function CallingPanel({ host, launch, from, onHungUp }: VideoCallPanelProps) {
  const [check] = useState(() => createDeviceCheck());
  const devices = useSyncExternalStore(check.subscribe, check.getSnapshot, check.getSnapshot);
  const { call, start, hangUp, close } = useCallerCall();
  const snapshot = useCallSession(call.step === 'inCall' ? call.session : null);
  const [speciality, setSpeciality] = useState(GENERAL);
  const [privateRoom, setPrivateRoom] = useState<string | null>(
    launch?.kind === 'privateRoom' ? launch.room : null,
  );
  /** A sentence that keeps the person on this panel (an invalid private room). */
  const [problem, setProblem] = useState<string | null>(
    launch?.kind === 'invalidPrivateRoom' ? callTexts.privateRoomInvalid : null,
  );
  const specialities = useSpecialities(host.active);
  const ids = useId();
  const problemRef = useRef<HTMLDivElement>(null);
  /** A private room is joined by itself once per link; after that only by pressing Llamar. */
  const autoJoined = useRef(false);

  const inCall = call.step === 'inCall';
  // The default label is General (spec §2); a company that has its own General gets no second one.
  const companySpecialities = specialities.data ?? [];
  const companyGeneral = companySpecialities.find((option) =>
    sameName(option.name, callTexts.defaultSpeciality),
  );
  const specialityOptions = companyGeneral
    ? companySpecialities
    : [{ id: GENERAL, name: callTexts.defaultSpeciality }, ...companySpecialities];
  const selectedSpeciality = speciality === GENERAL && companyGeneral ? companyGeneral.id : speciality;
  const cameraReady = devices.state.status === 'ready';
  const phase = snapshot?.phase ?? null;

  // A new link while the panel is mounted (a client-side navigation) starts over from it.
  const launchKey = callLaunchKey(launch);
  const applyLaunch = useEffectEvent(() => {
    if (call.step !== 'setup' || !launch) return;
    autoJoined.current = false;
    setSpeciality(GENERAL);
    setPrivateRoom(launch.kind === 'privateRoom' ? launch.room : null);
    setProblem(launch.kind === 'invalidPrivateRoom' ? callTexts.privateRoomInvalid : null);
  });
  useEffect(() => applyLaunch(), [launchKey]);

  // The camera is on while this panel is on screen and until the call takes the stream over.
  const previewWanted = host.active && !inCall;
  useEffect(() => {
    if (!previewWanted) {
      check.release();
      return;
    }
    if (check.getSnapshot().state.status === 'idle') void check.open();
  }, [previewWanted, check]);
  useEffect(() => () => check.release(), [check]);

  const setFullScreen = useEffectEvent((fullScreen: boolean) => host.setFullScreen(fullScreen));
  useEffect(() => setFullScreen(inCall), [inCall]);

  function resetToSetup() {
    setSpeciality(GENERAL);
    setPrivateRoom(null);
    setProblem(null);
  }

  async function placeCall() {
    if (call.step !== 'setup' || !cameraReady) return;
    setProblem(null);
    const outcome = await start({
      speciality: privateRoom || selectedSpeciality === GENERAL ? null : selectedSpeciality,
      privateRoom: privateRoom ?? undefined,
      from: from ?? callOriginOf(window.location.href),
      takeLocalStream: () => check.handOver(),
    });
    if (!outcome.failed) return;
    const failure = callStartFailure(outcome.error);
    if (failure.action === 'fallBack') {
      host.fallBackToVideoMail(failure.sentence);
      return;
    }
    setPrivateRoom(null);
    setProblem(failure.sentence);
  }

  // A private room link is an invitation: it joins as soon as the camera and microphone work.
  const autoJoin = useEffectEvent(() => void placeCall());
  const readyToJoinPrivately = privateRoom !== null && cameraReady && host.active && call.step === 'setup';
  useEffect(() => {
    if (!readyToJoinPrivately || autoJoined.current) return;
    autoJoined.current = true;
    autoJoin();
  }, [readyToJoinPrivately]);

  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  // Once the call is over the camera and microphone go off, even while the end view stays.
  const callOver = phase?.status === 'ended' || phase?.status === 'failed';
  const releaseMedia = useEffectEvent(() => {
    if (call.step !== 'inCall') return;
    stopStream(call.localStream);
    call.session.setCameraEnabled(false);
  });
  useEffect(() => {
    if (callOver) releaseMedia();
  }, [callOver]);

  // Only an answered call is rated: remembered from the render that saw it connected.
  const [answeredCall, setAnsweredCall] = useState<number | null>(null);
  if (call.step === 'inCall' && phase?.status === 'connected' && answeredCall !== call.call.id) {
    setAnsweredCall(call.call.id);
  }

  // Ended by the other side without chat: the end shows for 5 s, then the drawer closes (spec §4),
  // unless the person began to rate the call, which is not lost to the timer (decision 044).
  const [ratingHeldFor, setRatingHeldFor] = useState<number | null>(null);
  const ratingHeld = call.step === 'inCall' && ratingHeldFor === call.call.id;
  const closesByItself =
    phase?.status === 'ended' && phase.reason !== 'local_hangup' && !phase.chatOccurred && !ratingHeld;
  const closeAfterEnd = useEffectEvent(() => {
    close();
    resetToSetup();
    host.finish();
  });
  useEffect(() => {
    if (!closesByItself) return;
    const timer = setTimeout(closeAfterEnd, DELAYS_MS.endOfCallClose);
    return () => clearTimeout(timer);
  }, [closesByItself]);

  // The media never connected (decision 037): the video mail, with what the person typed kept.
  const noMedia = phase?.status === 'ended' && phase.reason === 'no_media';
  const fallBackAfterNoMedia = useEffectEvent(() => {
    const typed = snapshot ? typedInChat(snapshot.chat) : '';
    close();
    resetToSetup();
    host.fallBackToVideoMail(callTexts.noMediaCaller, typed);
  });
  useEffect(() => {
    if (noMedia) fallBackAfterNoMedia();
  }, [noMedia]);

  // The room refused us or could not be reached: as with a call that could not be created.
  const joinFailed = phase?.status === 'failed';
  const fallBackAfterJoin = useEffectEvent(() => {
    close();
    resetToSetup();
    host.fallBackToVideoMail(callTexts.callFailed);
  });
  useEffect(() => {
    if (joinFailed) fallBackAfterJoin();
  }, [joinFailed]);

  if (call.step === 'inCall' && snapshot) {
    return (
      <CallView
        session={call.session}
        callId={call.call.id}
        callToken={call.call.token}
        snapshot={snapshot}
        onHangUp={() => {
          const answered =
            answeredCall === call.call.id ? { id: call.call.id, token: call.call.token } : null;
          void hangUp();
          resetToSetup();
          if (onHungUp) onHungUp(answered);
          else host.backToList();
        }}
        onClose={() => {
          close();
          resetToSetup();
          host.finish();
        }}
        onRequestCallback={
          host.requestCallback
            ? () => {
                void hangUp();
                resetToSetup();
                host.requestCallback?.();
              }
            : undefined
        }
        onRatingEngaged={() => setRatingHeldFor(call.call.id)}
      />
    );
  }

  const starting = call.step === 'starting';
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
              onChange={(event) => setSpeciality(Number(event.target.value))}
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
          <Button onClick={() => void placeCall()} busy={starting} disabled={!cameraReady}>
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
