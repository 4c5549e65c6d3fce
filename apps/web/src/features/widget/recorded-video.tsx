import { widgetTexts } from '@seguridad/contracts/messages';
import { useEffect, useRef, useState } from 'react';
import { formatClock } from './video-mail-flow';
import { MAX_RECORDING_MS } from './video-recorder';
import styles from './video-mail-panel.module.css';

export function useObjectUrl(blob: Blob | null | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

export function RecordedVideo({ url, posterUrl }: { url: string; posterUrl: string | undefined }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    // Chrome's WebM has no duration until seeked (FIELD-NOTES): seek to the end once so the
    // controls show a timeline, then rewind.
    const onDurationKnown = () => {
      if (!Number.isFinite(video.duration)) return;
      video.removeEventListener('durationchange', onDurationKnown);
      video.currentTime = 0;
    };
    const onMetadata = () => {
      if (Number.isFinite(video.duration)) return;
      video.addEventListener('durationchange', onDurationKnown);
      video.currentTime = Number.MAX_SAFE_INTEGER;
    };
    video.addEventListener('loadedmetadata', onMetadata);
    return () => {
      video.removeEventListener('loadedmetadata', onMetadata);
      video.removeEventListener('durationchange', onDurationKnown);
    };
  }, [url]);
  return (
    <video
      ref={videoRef}
      className={styles.video}
      src={url}
      poster={posterUrl}
      controls
      playsInline
      preload="auto"
      aria-label={widgetTexts.recordedVideo}
    />
  );
}

export function RecordingTimer({ startedAt }: { startedAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className={styles.timer} role="timer" aria-label={widgetTexts.recordingTime}>
      <span className={styles.recordingDot} aria-hidden="true" />
      <span>
        {formatClock(now - startedAt)} / {formatClock(MAX_RECORDING_MS)}
      </span>
    </p>
  );
}
