import { useEffect, useRef } from 'react';
import type { PushedVideo } from '../call-snapshot';
import styles from './pushed-video-view.module.css';

type PushedVideoViewProps = {
  video: PushedVideo;
  label: string;
  now?: () => number;
};

/**
 * The video the operator pushed, with the browser's own controls and its captions (shown by
 * default). It starts where it is in the call, so a citizen who joins late or comes back after a
 * reconnect sees what the operator is showing now, not the beginning.
 */
export function PushedVideoView({ video, label, now = Date.now }: PushedVideoViewProps) {
  const element = useRef<HTMLVideoElement>(null);
  const clock = useRef(now);

  useEffect(() => {
    const player = element.current;
    if (!player) return;
    const seek = () => {
      const offset = (clock.current() - video.startedAtLocal) / 1000;
      if (Number.isFinite(player.duration) && offset >= player.duration) return;
      if (offset > 0.5) player.currentTime = offset;
      try {
        void Promise.resolve(player.play()).catch(() => undefined);
      } catch {
        // jsdom and old browsers: autoplay does it.
      }
    };
    if (player.readyState >= 1) seek();
    else player.addEventListener('loadedmetadata', seek, { once: true });
    return () => player.removeEventListener('loadedmetadata', seek);
  }, [video.url, video.startedAtLocal]);

  return (
    <video
      key={`${video.videoID}-${video.startedAt}`}
      ref={element}
      className={styles.video}
      src={video.url}
      controls
      autoPlay
      playsInline
      aria-label={label}
    >
      {video.captionsUrl && (
        <track kind="captions" src={video.captionsUrl} srcLang="es" label="Español" default />
      )}
    </video>
  );
}
