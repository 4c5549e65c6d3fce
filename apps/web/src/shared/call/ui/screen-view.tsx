import { useEffect, useRef } from 'react';
import styles from './screen-view.module.css';

type ScreenViewProps = {
  stream: MediaStream;
  /** The video's accessible name. */
  label: string;
  /** Once per stream, when its first frame is painted. */
  onFirstFrame?: () => void;
  className?: string;
};

type FrameCallbackVideo = HTMLVideoElement & {
  requestVideoFrameCallback?: (callback: () => void) => number;
  cancelVideoFrameCallback?: (handle: number) => void;
};

/**
 * A shared screen, shown whole (letterboxed, never cropped) so its text stays readable. It carries
 * no sound: the voice comes with the camera.
 */
export function ScreenView({ stream, label, onFirstFrame, className }: ScreenViewProps) {
  const video = useRef<HTMLVideoElement>(null);
  const firstFrame = useRef(onFirstFrame);
  useEffect(() => {
    firstFrame.current = onFirstFrame;
  });

  useEffect(() => {
    const element = video.current as FrameCallbackVideo | null;
    if (!element) return;
    element.srcObject = stream;
    element.muted = true;
    try {
      void Promise.resolve(element.play()).catch(() => undefined);
    } catch {
      // jsdom and old browsers: autoplay does it.
    }
    let done = false;
    const report = () => {
      if (done) return;
      done = true;
      firstFrame.current?.();
    };
    if (typeof element.requestVideoFrameCallback === 'function') {
      const handle = element.requestVideoFrameCallback(report);
      return () => element.cancelVideoFrameCallback?.(handle);
    }
    element.addEventListener('playing', report, { once: true });
    return () => element.removeEventListener('playing', report);
  }, [stream]);

  return (
    <video
      ref={video}
      className={[styles.screen, className].filter(Boolean).join(' ')}
      autoPlay
      playsInline
      muted
      aria-label={label}
    />
  );
}
