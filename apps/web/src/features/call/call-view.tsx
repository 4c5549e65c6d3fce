import { useEffect, useRef, useState } from 'react';
import { callbackTexts, callTexts } from '@seguridad/contracts/messages';
import { useCompanyKey } from '../../shared/api/company-key';
import { getAttachmentUrl } from '../../shared/call/call-api';
import type { CallSession, CallSessionSnapshot } from '../../shared/call/call-session';
import { remoteStreamOf, screenStreamOf } from '../../shared/call/call-state';
import { CallStage } from '../../shared/call/ui/call-stage';
import { ChatPanel } from '../../shared/call/ui/chat-panel';
import { MediaControls } from '../../shared/call/ui/media-controls';
import { PushedVideoView } from '../../shared/call/ui/pushed-video-view';
import { RecordingNotice } from '../../shared/call/ui/recording-notice';
import { ScreenView } from '../../shared/call/ui/screen-view';
import { Button, buttonClassName } from '../../shared/ui/button';
import { QuickExitButton } from '../../shared/quick-exit/quick-exit-button';
import { reportRecordingNotice } from './api/report-recording-notice';
import { CallRatingForm } from './call-rating-form';
import { callStatusTexts } from './call-status';
import styles from './call-view.module.css';

type CallViewProps = {
  session: CallSession;
  /** The call's id, for its rating. */
  callId: number;
  /** The caller token, for the chat's attachment links. */
  callToken: string;
  snapshot: CallSessionSnapshot;
  /** Terminar Llamada. */
  onHangUp: () => void;
  /** Cerrar, once the call is over. */
  onClose: () => void;
  /** While waiting, when callbacks are on: hang up and leave a number instead (decision 018). */
  onRequestCallback?: () => void;
  /** The person began to rate the call: the end stays on screen until they close it (decision 044). */
  onRatingEngaged?: () => void;
};

/**
 * The caller's full-screen call view (spec §2, §4): the operator's video large with the citizen's
 * camera in a corner, the chat at the side (below on phones), microphone and camera switches and
 * the red Terminar Llamada. While waiting it tells the place in the queue; when the call is over it
 * shows the end, «¿Cómo fue tu atención?» if the call was answered (decision 044), and Cerrar.
 */
export function CallView({
  session,
  callId,
  callToken,
  snapshot,
  onHangUp,
  onClose,
  onRequestCallback,
  onRatingEngaged,
}: CallViewProps) {
  const companyKey = useCompanyKey();
  const { phase, localStream } = snapshot;
  const ended = phase.status === 'ended' || phase.status === 'failed';
  const texts = callStatusTexts(phase);
  // Connected without the operator's video, the stage itself says so; the header would repeat it.
  const headerText = remoteStreamOf(phase) ? texts.header : '';
  const screenStream = screenStreamOf(phase);
  const pushedVideo = ended ? null : snapshot.pushedVideo;
  const hasExtra = Boolean(screenStream || pushedVideo);
  const viewRef = useRef<HTMLElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const chatRef = useRef<HTMLDivElement>(null);
  const firstFrameMarked = useRef(false);
  // Only an answered call is rated: remembered from the render that saw it connected.
  const [answered, setAnswered] = useState(false);
  if (!answered && phase.status === 'connected') setAnswered(true);

  // The notice was rendered for this recording: that is what the consent record says was seen.
  const shownRecordingId = ended ? null : (snapshot.recording?.recordingId ?? null);
  useEffect(() => {
    if (shownRecordingId === null || !companyKey) return;
    reportRecordingNotice({ id: callId, token: callToken, companyKey }, shownRecordingId).catch(() => {
      // The record is the server's proof, not the citizen's business: the call goes on regardless.
    });
  }, [shownRecordingId, callId, callToken, companyKey]);

  // The view replaces the panel the person was on: focus starts at its title.
  useEffect(() => {
    titleRef.current?.focus({ preventScroll: true });
  }, []);

  // Terminar Llamada leaves with the end; focus moves to Cerrar unless the person is in the chat.
  useEffect(() => {
    if (!ended) return;
    const active = document.activeElement;
    if (active && chatRef.current?.contains(active)) return;
    closeRef.current?.focus({ preventScroll: true });
  }, [ended]);

  function onRemoteFirstFrame() {
    session.reportRemoteVideoReady();
    if (firstFrameMarked.current) return;
    firstFrameMarked.current = true;
    performance.mark('call:first-remote-frame');
  }

  return (
    <section
      ref={viewRef}
      className={[styles.view, hasExtra ? styles.viewWithScreen : ''].filter(Boolean).join(' ')}
      aria-label={callTexts.callInProgress}
    >
      <header className={styles.header}>
        <h2 ref={titleRef} tabIndex={-1} className={styles.title}>
          {callTexts.callWithCentral}
        </h2>
        {/* The call takes the whole window, the drawer's bar with it: Salida rápida stays here. */}
        <QuickExitButton className={styles.quickExit} />
        <div className={styles.status} role="status">
          {headerText && <p className={styles.connected}>{headerText}</p>}
          {texts.queue.map((line) => (
            <p key={line} className={styles.queueLine}>
              {line}
            </p>
          ))}
        </div>
        {phase.status === 'waiting' && onRequestCallback && (
          <div className={styles.callbackOffer}>
            <p className={styles.queueLine}>{callbackTexts.instead}</p>
            <Button variant="secondary" onClick={onRequestCallback}>
              {callbackTexts.request}
            </Button>
          </div>
        )}
        <RecordingNotice recording={!ended && snapshot.recording !== null} />
      </header>

      {/*
        A shared screen or a pushed video (spec §2) takes the large place and the operator's camera
        sits beside it.
      */}
      <div className={[styles.stage, hasExtra ? styles.withScreen : ''].filter(Boolean).join(' ')}>
        {hasExtra && (
          <div className={styles.extras}>
            {pushedVideo && (
              <section className={styles.screen} aria-label={callTexts.pushedVideo}>
                <PushedVideoView video={pushedVideo} label={callTexts.pushedVideo} />
              </section>
            )}
            {screenStream && (
              <section className={styles.screen} aria-label={callTexts.sharedScreen}>
                <ScreenView
                  stream={screenStream}
                  label={callTexts.sharedScreen}
                  onFirstFrame={() => session.reportScreenVideoReady()}
                />
              </section>
            )}
          </div>
        )}
        <div className={styles.camera}>
          <CallStage
            snapshot={snapshot}
            remoteLabel="Video de la operadora"
            localLabel="Tu cámara"
            statusText={texts.stage}
            onRemoteFirstFrame={onRemoteFirstFrame}
          />
        </div>
      </div>

      <div className={styles.controls}>
        {ended ? (
          <>
            {answered && phase.status === 'ended' && (
              <CallRatingForm
                call={{ id: callId, token: callToken, companyKey }}
                onEngaged={() => onRatingEngaged?.()}
                onDone={() => closeRef.current?.focus({ preventScroll: true })}
              />
            )}
            {/* A native button: focus moves to it by ref when the call ends. */}
            <button ref={closeRef} type="button" className={buttonClassName('primary')} onClick={onClose}>
              {callTexts.close}
            </button>
          </>
        ) : (
          <MediaControls
            microphoneEnabled={snapshot.microphoneEnabled}
            cameraEnabled={snapshot.cameraEnabled}
            microphoneAvailable={(localStream?.getAudioTracks().length ?? 0) > 0}
            cameraAvailable={(localStream?.getVideoTracks().length ?? 0) > 0}
            onMicrophoneChange={(enabled) => session.setMicrophoneEnabled(enabled)}
            onCameraChange={(enabled) => session.setCameraEnabled(enabled)}
          >
            <Button variant="danger" className={styles.hangUp} onClick={onHangUp}>
              {callTexts.endCall}
            </Button>
          </MediaControls>
        )}
      </div>

      <div ref={chatRef} className={styles.chat}>
        <ChatPanel
          entries={snapshot.chat}
          onSend={(text) => session.sendMessage(text)}
          onSendFile={(file) => session.sendFile(file)}
          onDraftChange={(draft) => session.sendTyping(draft)}
          onAnswer={(questionId, answer) => session.answerQuickQuestion(questionId, answer)}
          getAttachmentUrl={(attachmentId) => getAttachmentUrl(attachmentId, { callToken, companyKey })}
          disabled={ended}
          headingLevel={3}
        />
      </div>
    </section>
  );
}
