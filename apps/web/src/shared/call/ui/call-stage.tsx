import { useEffect, useRef, useState } from 'react';
import { callTexts } from '@seguridad/contracts/messages';
import type { CallSessionSnapshot } from '../call-session';
import { remoteStreamOf } from '../call-state';
import styles from './call-stage.module.css';

type CallStageProps = {
  snapshot: CallSessionSnapshot;
  /** The remote video's accessible name, e.g. 'Video de la operadora' / 'Video del ciudadano'. */
  remoteLabel: string;
  localLabel?: string;
  /** Shown over the stage while the call is not connected (waiting, connecting, ended…). */
  statusText: string;
  /** Once per remote stream, when its first frame is painted. */
  onRemoteFirstFrame?: () => void;
  className?: string;
};

type FrameCallbackVideo = HTMLVideoElement & {
  requestVideoFrameCallback?: (callback: () => void) => number;
  cancelVideoFrameCallback?: (handle: number) => void;
};

/** play() returns a promise in today's browsers; older ones (and jsdom) may return nothing or throw. */
function play(video: HTMLVideoElement): Promise<void> {
  try {
    return Promise.resolve(video.play());
  } catch (error) {
    return Promise.reject(error);
  }
}

function attach(video: HTMLVideoElement | null, stream: MediaStream | null): void {
  if (!video || video.srcObject === stream) return;
  video.srcObject = stream;
}

/**
 * The call's picture: the other side large, this side's camera small in a corner, the status over
 * it until media flows, and a banner while the connection is being restored.
 */
export function CallStage({
  snapshot,
  remoteLabel,
  localLabel = 'Tu cámara',
  statusText,
  onRemoteFirstFrame,
  className,
}: CallStageProps) {
  const remoteVideo = useRef<HTMLVideoElement>(null);
  const localVideo = useRef<HTMLVideoElement>(null);
  const onFirstFrame = useRef(onRemoteFirstFrame);
  const [soundBlocked, setSoundBlocked] = useState(false);
  const { phase, localStream, cameraEnabled } = snapshot;
  const remoteStream = remoteStreamOf(phase);

  useEffect(() => {
    onFirstFrame.current = onRemoteFirstFrame;
  });

  useEffect(() => {
    const video = remoteVideo.current as FrameCallbackVideo | null;
    attach(video, remoteStream);
    if (!video || !remoteStream) return;
    let done = false;
    const report = () => {
      if (done) return;
      done = true;
      onFirstFrame.current?.();
    };
    // Autoplay with sound needs a user gesture; Llamar / Aceptar usually was one, but not always.
    video.muted = false;
    play(video).catch((error: unknown) => {
      if ((error as { name?: string }).name !== 'NotAllowedError') return;
      video.muted = true;
      setSoundBlocked(true);
      void play(video).catch(() => undefined);
    });
    if (typeof video.requestVideoFrameCallback === 'function') {
      const handle = video.requestVideoFrameCallback(report);
      return () => video.cancelVideoFrameCallback?.(handle);
    }
    video.addEventListener('playing', report, { once: true });
    return () => video.removeEventListener('playing', report);
  }, [remoteStream]);

  useEffect(() => {
    const video = localVideo.current;
    attach(video, localStream);
    if (!video || !localStream) return;
    // React does not keep the `muted` attribute in sync; our own voice must never play back.
    video.muted = true;
    void play(video).catch(() => undefined);
  }, [localStream]);

  const enableSound = () => {
    const video = remoteVideo.current;
    if (!video) return;
    video.muted = false;
    void play(video).catch(() => undefined);
    setSoundBlocked(false);
  };

  const connected = phase.status === 'connected';
  const reconnecting = connected && phase.reconnecting;
  const showOverlay = !connected || !remoteStream;
  const showLocal = cameraEnabled && (localStream?.getVideoTracks().length ?? 0) > 0;

  return (
    <div className={[styles.stage, className].filter(Boolean).join(' ')}>
      <video ref={remoteVideo} className={styles.remote} autoPlay playsInline aria-label={remoteLabel} />
      {/* Live regions stay mounted: one inserted together with its text is often not read. */}
      <div className={showOverlay ? styles.overlay : 'visually-hidden'}>
        <p role="status" className={styles.status}>
          {showOverlay ? statusText : ''}
        </p>
      </div>
      <p role="status" className={reconnecting ? styles.banner : 'visually-hidden'}>
        {reconnecting ? callTexts.reconnecting : ''}
      </p>
      {soundBlocked && connected && (
        <button type="button" className={styles.soundButton} onClick={enableSound}>
          {callTexts.enableSound}
        </button>
      )}
      <div className={[styles.local, showLocal ? '' : styles.localHidden].filter(Boolean).join(' ')}>
        <video
          ref={localVideo}
          className={styles.localVideo}
          autoPlay
          playsInline
          muted
          aria-label={localLabel}
        />
      </div>
    </div>
  );
}
