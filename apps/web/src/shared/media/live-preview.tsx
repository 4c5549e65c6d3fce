import { sharedUiTexts } from '@seguridad/contracts/messages';
import { useEffect, useRef } from 'react';

/** The person's own camera, live and mirrored by the caller's CSS class, never heard. */
export function LivePreview({ stream, className }: { stream: MediaStream; className?: string }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.srcObject = stream;
    void video.play().catch(() => undefined);
    return () => {
      video.srcObject = null;
    };
  }, [stream]);
  return (
    <video
      ref={videoRef}
      className={className}
      muted
      autoPlay
      playsInline
      aria-label={sharedUiTexts.cameraPreview}
    />
  );
}
