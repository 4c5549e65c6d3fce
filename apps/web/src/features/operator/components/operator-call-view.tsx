import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { callTexts, phoneCallTexts, widgetTexts } from '@seguridad/contracts/messages';
import { DEFAULT_QUICK_QUESTIONS, silentCallTexts } from '@seguridad/contracts/messages/silent-call';
import { useCompanySettings } from '../api/get-company-settings';
import { availabilityTexts } from '@seguridad/contracts/messages/availability';
import { getAttachmentUrl } from '../../../shared/call/call-api';
import type { CallSession, CallSessionSnapshot } from '../../../shared/call/call-session';
import type { CallPhase } from '../../../shared/call/call-state';
import { CallStage } from '../../../shared/call/ui/call-stage';
import { ChatPanel } from '../../../shared/call/ui/chat-panel';
import { MediaControls } from '../../../shared/call/ui/media-controls';
import { ScreenView } from '../../../shared/call/ui/screen-view';
import { PushVideoControl } from './push-video-control';
import { RecordingControl } from './recording-control';
import { useCallRecording } from '../use-call-recording';
import { isCancelled, openScreenStream } from '../../../shared/media/screen';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { consoleCallTexts } from '@seguridad/contracts/messages/console-ui';
import type { OperatorCall } from '../use-operator-call';
import styles from './calls.module.css';

/** What the stage says while there is no picture to show (and the status line says always). */
export function operatorStatusText(phase: CallPhase, isPhone = false): string {
  switch (phase.status) {
    case 'idle':
    case 'joining':
      return consoleCallTexts.joining;
    case 'waiting':
      return consoleCallTexts.waitingForCitizen;
    case 'connecting':
      return consoleCallTexts.connecting;
    case 'connected':
      return phase.reconnecting ? callTexts.reconnecting : callTexts.connected;
    case 'ended':
      return isPhone ? phoneCallTexts.ended : callTexts.ended;
    case 'failed':
      return phase.message;
  }
}

type OperatorCallViewProps = {
  operatorCall: OperatorCall;
  snapshot: CallSessionSnapshot;
  /** A waiting call is offered to this operator now (decision 043): said on the call's end. */
  offeredToMe?: boolean;
};

/**
 * A silent call's side of the console (decision 060): no stage, no media controls; the quick
 * questions of the company, one tap each, and Terminar.
 */
function SilentCallTools({
  session,
  over,
  onHangUp,
}: {
  session: CallSession;
  over: boolean;
  onHangUp: () => void;
}) {
  const headingId = useId();
  const questions = useCompanySettings().data?.company.quick_questions ?? DEFAULT_QUICK_QUESTIONS;
  return (
    <div className={styles.silentCall}>
      <p className={styles.silentHint}>{silentCallTexts.consoleHint}</p>
      {!over && (
        <section aria-labelledby={headingId} className={styles.quickQuestions}>
          <h3 id={headingId} className={styles.quickQuestionsTitle}>
            {silentCallTexts.quickQuestionsTitle}
          </h3>
          <p className={styles.from}>{silentCallTexts.quickQuestionsHint}</p>
          <ul className={styles.quickQuestionList}>
            {questions.map((question) => (
              <li key={question}>
                <Button variant="secondary" onClick={() => session.sendQuickQuestion(question)}>
                  {question}
                </Button>
              </li>
            ))}
          </ul>
          <Button variant="danger" className={styles.hangUp} aria-label="Terminar llamada" onClick={onHangUp}>
            Terminar
          </Button>
        </section>
      )}
    </div>
  );
}

/** The call in the console: the citizen's video large, the chat beside it (below it on a phone). */
export function OperatorCallView({ operatorCall, snapshot, offeredToMe = false }: OperatorCallViewProps) {
  const headingId = useId();
  const overBox = useRef<HTMLDivElement>(null);
  const { state, hangUp, backToQueue, retryCamera, retryingCamera } = operatorCall;
  const inCall = state.step === 'in-call' ? state : null;
  const session = inCall?.session ?? null;
  const { phase } = snapshot;
  const over = phase.status === 'ended' || phase.status === 'failed';
  const [shareError, setShareError] = useState<string | null>(null);
  const screen = snapshot.localScreenStream;
  const recording = useCallRecording(session);

  const toggleScreenShare = useCallback(async () => {
    if (!session) return;
    setShareError(null);
    if (session.getSnapshot().localScreenStream) {
      session.stopScreenShare();
      return;
    }
    try {
      session.startScreenShare(await openScreenStream());
    } catch (error) {
      if (!isCancelled(error)) setShareError(consoleCallTexts.shareFailed);
    }
  }, [session]);

  // The call is over: the keyboard lands on the way back.
  useEffect(() => {
    if (over) overBox.current?.querySelector('button')?.focus();
  }, [over]);

  const onRemoteFirstFrame = useCallback(() => {
    performance.mark('call:first-remote-frame');
    session?.reportRemoteVideoReady();
  }, [session]);

  const fetchAttachmentUrl = useCallback(
    (attachmentId: number) => getAttachmentUrl(attachmentId, { operator: true }),
    [],
  );

  if (!inCall || !session) return null;
  const { call } = inCall;
  const isPhone = call.kind === 'phone';
  const isSilent = call.kind === 'text';
  const statusText = operatorStatusText(phase, isPhone);
  const hasAudio = (snapshot.localStream?.getAudioTracks().length ?? 0) > 0;
  const hasVideo = (snapshot.localStream?.getVideoTracks().length ?? 0) > 0;

  return (
    <section aria-labelledby={headingId} className={styles.callView}>
      <header className={styles.callHeader}>
        <div className={styles.callTitleBlock}>
          <h2 id={headingId} className={styles.sectionTitle}>
            {isSilent && <span className={styles.silentFlag}>{silentCallTexts.flag}</span>}
            {call.private
              ? 'Sala privada'
              : isPhone
                ? phoneCallTexts.consoleTitle
                : isSilent
                  ? `${silentCallTexts.consoleTitle} · ${call.speciality}`
                  : `Llamada · ${call.speciality}`}
          </h2>
          {!call.private && (
            <p className={styles.from}>
              <span className={styles.label}>Desde:</span> {call.from || consoleCallTexts.unknownOrigin}
            </p>
          )}
        </div>
        {/* Not a live region: the stage announces the same changes. Once over, the stage says it. */}
        {!over && <p className={styles.callStatus}>{statusText}</p>}
      </header>

      {inCall.cameraFailed && !over && (
        <Alert tone="warning" className={styles.callAlert}>
          <p>{widgetTexts.cameraFailureHelp}</p>
          <Button variant="secondary" onClick={() => void retryCamera()} busy={retryingCamera}>
            Reintentar cámara
          </Button>
        </Alert>
      )}

      <div className={styles.callGrid}>
        {isSilent ? (
          <div className={styles.stageArea}>
            <SilentCallTools session={session} over={over} onHangUp={() => void hangUp()} />
            {over && (
              <div ref={overBox} className={styles.callOver}>
                {phase.status === 'failed' && <Alert tone="error">{phase.message}</Alert>}
                {phase.status === 'ended' && phase.reason === 'quick_exit' && (
                  <Alert tone="warning">{silentCallTexts.quickExitByCitizen}</Alert>
                )}
                {offeredToMe && <Alert tone="info">{availabilityTexts.offeredAfterCall}</Alert>}
                <Button onClick={backToQueue}>Volver a la fila</Button>
              </div>
            )}
          </div>
        ) : (
          <div className={styles.stageArea}>
            {isPhone && (
              // The keys the citizen pressed: sent as DTMF too, which a browser cannot decode.
              <p role="status" className={styles.keypadDigits}>
                {snapshot.digits
                  ? phoneCallTexts.consoleDigits(snapshot.digits)
                  : phoneCallTexts.consoleNoDigits}
              </p>
            )}
            {/* A phone call has no picture: a short strip holds its audio and the status. */}
            <div className={isPhone ? `${styles.stageBox} ${styles.phoneStage}` : styles.stageBox}>
              <CallStage
                snapshot={snapshot}
                remoteLabel={isPhone ? phoneCallTexts.remoteAudioConsole : consoleCallTexts.remoteVideo}
                localLabel={consoleCallTexts.localVideo}
                statusText={statusText}
                onRemoteFirstFrame={onRemoteFirstFrame}
              />
            </div>
            {!over && (
              <MediaControls
                className={styles.callControls}
                microphoneEnabled={snapshot.microphoneEnabled}
                cameraEnabled={snapshot.cameraEnabled}
                microphoneAvailable={hasAudio}
                cameraAvailable={hasVideo}
                onMicrophoneChange={(enabled) => session.setMicrophoneEnabled(enabled)}
                onCameraChange={(enabled) => session.setCameraEnabled(enabled)}
              >
                {!isPhone && (
                  <Button
                    variant="secondary"
                    aria-pressed={screen !== null}
                    disabled={phase.status !== 'connected'}
                    onClick={() => void toggleScreenShare()}
                  >
                    {screen ? consoleCallTexts.stopSharing : consoleCallTexts.shareScreen}
                  </Button>
                )}
                <Button
                  variant="danger"
                  className={styles.hangUp}
                  aria-label="Terminar llamada"
                  // The recording's last chunk goes up before the call (and its recording) ends.
                  onClick={() => void recording.stop().then(hangUp)}
                >
                  Terminar
                </Button>
              </MediaControls>
            )}
            {/* Mounted always: a live region inserted together with its text is often not read. */}
            <p role="status" className={screen && !over ? styles.screenStatus : 'visually-hidden'}>
              {screen && !over
                ? snapshot.screenSeenByPeer
                  ? consoleCallTexts.screenSeen
                  : consoleCallTexts.sharingScreen
                : ''}
            </p>
            {screen && !over && (
              <div className={styles.screenPreview}>
                <ScreenView stream={screen} label={consoleCallTexts.screenPreview} />
              </div>
            )}
            {shareError && !over && <Alert tone="error">{shareError}</Alert>}
            {!over && !isPhone && (
              <RecordingControl recording={recording} disabled={phase.status !== 'connected'} />
            )}
            {!over && !isPhone && (
              <PushVideoControl
                session={session}
                pushedVideo={snapshot.pushedVideo}
                disabled={phase.status !== 'connected'}
              />
            )}
            {over && (
              <div ref={overBox} className={styles.callOver}>
                {phase.status === 'failed' && <Alert tone="error">{phase.message}</Alert>}
                {phase.status === 'ended' && phase.reason === 'no_media' && (
                  <Alert tone="warning">{callTexts.noMediaOperator}</Alert>
                )}
                {phase.status === 'ended' && phase.reason === 'quick_exit' && (
                  <Alert tone="warning">{silentCallTexts.quickExitByCitizen}</Alert>
                )}
                {offeredToMe && <Alert tone="info">{availabilityTexts.offeredAfterCall}</Alert>}
                <Button onClick={backToQueue}>Volver a la fila</Button>
              </div>
            )}
          </div>
        )}
        <div className={styles.chatArea}>
          <ChatPanel
            entries={snapshot.chat}
            onSend={(text) => session.sendMessage(text)}
            onSendFile={(file) => session.sendFile(file)}
            getAttachmentUrl={fetchAttachmentUrl}
            disabled={over}
            peerTyping={over ? undefined : snapshot.peerTyping}
          />
        </div>
      </div>
    </section>
  );
}
