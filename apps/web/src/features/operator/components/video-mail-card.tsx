import type { InboxVideoMail } from '@seguridad/contracts/http/operator';
import { errorText } from '../../../shared/api/api-client';
import { operatorTexts } from '@seguridad/contracts/messages/console-ui';
import { useMarkInboxItemHandled } from '../api/mark-inbox-item-handled';
import { formatDuration, isoDuration } from '../format';
import { useStableSignedUrl } from '../use-stable-signed-url';
import { HoldControl } from './hold-control';
import { InboxItemCard } from './inbox-item-card';
import styles from './inbox.module.css';

type VideoMailCardProps = {
  mail: InboxVideoMail;
  /** Called as the operator marks it: the item stays in view, even in the list of pending ones. */
  keepInView: (id: number) => void;
  /** Supervisors and administrators may put it on legal hold. */
  canHold: boolean;
};

export function VideoMailCard({ mail, keepInView, canHold }: VideoMailCardProps) {
  const markHandled = useMarkInboxItemHandled('videoMail');
  const video = useStableSignedUrl(mail.video_url);
  const thumbnail = useStableSignedUrl(mail.thumbnail_url);

  return (
    <InboxItemCard
      name={mail.name}
      email={mail.email}
      phone={mail.phone}
      message={mail.message}
      createdAt={mail.created_at}
      handledAt={mail.handled_at}
      badges={
        mail.is_derived ? (
          <span className={`${styles.badge} ${styles.badgeDerived}`}>Derivado de videollamada</span>
        ) : null
      }
      details={
        mail.duration_ms !== null && (
          <>
            <span aria-hidden="true"> · </span>
            <span>
              Duración{' '}
              <time dateTime={isoDuration(mail.duration_ms)}>{formatDuration(mail.duration_ms)}</time>
            </span>
          </>
        )
      }
      media={
        <video
          className={styles.video}
          controls
          // Nothing of the video is fetched before a press on play: its first fetch is the
          // operator's opening in the audit trail (decision 042), which a preload would fake.
          preload="none"
          poster={thumbnail.url}
          src={video.url}
          aria-label={`Video mail de ${mail.name}`}
          // An expired signature answers 403: take the latest signed URL and let the person retry.
          onError={video.renew}
        />
      }
      actions={<HoldControl subject="video_mail" id={mail.id} enabled={canHold} />}
      marking={markHandled.isPending}
      markError={markHandled.error ? errorText(markHandled.error, operatorTexts.markHandledFailed) : null}
      onMark={() => {
        keepInView(mail.id);
        markHandled.mutate({ id: mail.id });
      }}
    />
  );
}
