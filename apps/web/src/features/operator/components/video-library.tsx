import { useId, useRef, useState, type FormEvent } from 'react';
import { CALL_VIDEO_MAX_BYTES, CALL_VIDEO_TITLE_MAX } from '@seguridad/contracts/http/call-videos';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { useDeleteCallVideo } from '../api/delete-call-video';
import { useCallVideos } from '../api/get-call-videos';
import { useUploadCallVideo } from '../api/upload-call-video';
import { formatBytes } from '../format';
import { videoLibraryTexts as texts } from '@seguridad/contracts/messages/console-ui';
import { failureNotice, type Notify } from './settings-notice';
import styles from './settings.module.css';

const VIDEO_TYPES = ['video/mp4', 'video/webm'];

/** The company's videos that operators push into calls: upload with progress, list, delete. */
export function VideoLibrary({ notify }: { notify: Notify }) {
  const titleId = useId();
  const progressId = useId();
  const form = useRef<HTMLFormElement>(null);
  const videos = useCallVideos();
  const upload = useUploadCallVideo();
  const remove = useDeleteCallVideo();
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<{ title?: string; video?: string }>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const title = String(data.get('title') ?? '').trim();
    const video = data.get('video');
    const captions = data.get('captions');
    const found: typeof errors = {};
    if (!title) found.title = texts.titleRequired;
    if (!(video instanceof File) || video.size === 0 || !VIDEO_TYPES.includes(video.type))
      found.video = texts.notAVideo;
    else if (video.size > CALL_VIDEO_MAX_BYTES) found.video = texts.tooLarge;
    setErrors(found);
    if (found.title || found.video || !(video instanceof File)) return;
    setProgress(0);
    upload.mutate(
      {
        title,
        video,
        captions: captions instanceof File && captions.size > 0 ? captions : null,
        onProgress: setProgress,
      },
      {
        onSuccess: () => {
          form.current?.reset();
          notify({ tone: 'success', text: texts.uploaded(title) });
        },
        onError: (failure) => notify(failureNotice(texts.uploadFailed, failure)),
        onSettled: () => setProgress(null),
      },
    );
  }

  const list = videos.data?.videos ?? [];
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.cardTitle}>
        {texts.title}
      </h3>
      <p className={styles.lead}>{texts.lead}</p>
      {list.length === 0 ? (
        <p className={styles.emptyList}>{texts.empty}</p>
      ) : (
        <ul className={styles.itemList}>
          {list.map((video) => (
            <li key={video.id} className={styles.item}>
              <span className={styles.itemText}>
                {video.title}{' '}
                <small>
                  ({formatBytes(video.bytes)}
                  {video.has_captions ? `, ${texts.withCaptions}` : ''})
                </small>
              </span>
              <Button
                variant="ghost"
                className={styles.removeButton}
                busy={remove.isPending && remove.variables === video.id}
                onClick={() =>
                  remove.mutate(video.id, {
                    onSuccess: () => notify({ tone: 'success', text: texts.removed(video.title) }),
                    onError: (failure) => notify(failureNotice(texts.removeFailed, failure)),
                  })
                }
              >
                {texts.remove}
                <span className="visually-hidden"> {video.title}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form ref={form} className={styles.uploadForm} onSubmit={onSubmit} noValidate>
        <TextField
          name="title"
          label={texts.videoTitle}
          autoComplete="off"
          maxLength={CALL_VIDEO_TITLE_MAX}
          error={errors.title}
        />
        <TextField
          name="video"
          type="file"
          label={texts.videoFile}
          accept=".mp4,.webm,video/mp4,video/webm"
          error={errors.video}
        />
        <TextField name="captions" type="file" label={texts.captionsFile} accept=".vtt,text/vtt" />
        {progress !== null && (
          <div className={styles.progressRow}>
            <span id={progressId}>{texts.uploading}</span>
            <progress aria-labelledby={progressId} max={1} value={progress} />
          </div>
        )}
        <Button type="submit" variant="secondary" busy={upload.isPending}>
          {texts.upload}
        </Button>
      </form>
    </section>
  );
}
