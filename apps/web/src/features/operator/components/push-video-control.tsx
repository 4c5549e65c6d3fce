import { useId, useState } from 'react';
import type { CallSession } from '../../../shared/call/call-session';
import type { PushedVideo } from '../../../shared/call/call-snapshot';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { useCallVideos } from '../api/get-call-videos';
import { videoLibraryTexts as texts } from '@seguridad/contracts/messages/console-ui';
import styles from './calls.module.css';

type PushVideoControlProps = {
  session: CallSession;
  pushedVideo: PushedVideo | null;
  /** Only once the citizen is there to see it. */
  disabled: boolean;
};

/** Plays a video of the company's library to the citizen (roomAdmin videoPlay), and stops it. */
export function PushVideoControl({ session, pushedVideo, disabled }: PushVideoControlProps) {
  const selectId = useId();
  const videos = useCallVideos();
  const list = videos.data?.videos ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const selected = chosen ?? list[0]?.id ?? null;

  async function send(videoID: number | null) {
    setBusy(true);
    setError(null);
    const reply = await (videoID === null ? session.stopVideo() : session.playVideo(videoID));
    setBusy(false);
    if (!reply.ok) setError(reply.error === 'video_not_found' ? reply.message : texts.playFailed);
  }

  if (list.length === 0 && !pushedVideo) return null;
  return (
    <div className={styles.pushVideo}>
      <p role="status" className={pushedVideo ? styles.screenStatus : 'visually-hidden'}>
        {pushedVideo ? texts.playing(pushedVideo.title) : ''}
      </p>
      <div className={styles.pushVideoRow}>
        {list.length > 0 && (
          <>
            <label htmlFor={selectId} className={styles.label}>
              {texts.pushLabel}
            </label>
            <select
              id={selectId}
              className={styles.videoSelect}
              value={selected ?? ''}
              onChange={(event) => setChosen(Number(event.target.value))}
            >
              {list.map((video) => (
                <option key={video.id} value={video.id}>
                  {video.title}
                </option>
              ))}
            </select>
            <Button
              variant="secondary"
              busy={busy}
              disabled={disabled || selected === null}
              onClick={() => void send(selected)}
            >
              {texts.play}
            </Button>
          </>
        )}
        {pushedVideo && (
          <Button variant="secondary" busy={busy} onClick={() => void send(null)}>
            {texts.stop}
          </Button>
        )}
      </div>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
