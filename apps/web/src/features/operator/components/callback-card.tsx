import { useEffect, useId, useRef, useState } from 'react';
import { CALLBACK_ASAP, CALLBACK_NOTE_MAX, type InboxCallback } from '@seguridad/contracts/http/callbacks';
import { formatPhone } from '@seguridad/contracts/helpers/phone';
import { callbackSlotEnd } from '@seguridad/contracts/helpers/working-hours';
import { callbackTexts } from '@seguridad/contracts/messages';
import { errorText } from '../../../shared/api/api-client';
import { Button } from '../../../shared/ui/button';
import { useMarkInboxItemHandled } from '../api/mark-inbox-item-handled';
import { useSendCallLink } from '../api/call-links';
import { CALL_LINK_CHANNELS } from '@seguridad/contracts/http/call-links';
import { callLinkTexts } from '@seguridad/contracts/messages/call-links';
import { formatDateTime } from '../format';
import styles from './inbox.module.css';

type CallbackCardProps = {
  callback: InboxCallback;
  /** Called as the operator marks it: the item stays in view, even in the list of pending ones. */
  keepInView: (id: number) => void;
};

/** When the citizen wants the call, as the console reads it. */
export function preferredTimeText(preferredTime: string): string {
  return preferredTime === CALLBACK_ASAP
    ? callbackTexts.asap
    : callbackTexts.slot(preferredTime, callbackSlotEnd(preferredTime));
}

/**
 * Instead of calling back by phone, a video call (decision 061): the one-time link goes by SMS or
 * WhatsApp to the number the citizen left; its private room appears with the operator's others.
 */
function CallLinkToCallback({ phone, describedBy }: { phone: string; describedBy: string }) {
  const send = useSendCallLink();
  return (
    <div className={styles.callbackLink} role="group" aria-label={callLinkTexts.title}>
      <span className={styles.noteLabel}>{callLinkTexts.title}:</span>
      {CALL_LINK_CHANNELS.map((channel) => (
        <Button
          key={channel}
          variant="ghost"
          busy={send.isPending && send.variables?.channel === channel}
          disabled={send.isPending || send.isSuccess}
          aria-describedby={describedBy}
          onClick={() => send.mutate({ phone, channel })}
        >
          {callLinkTexts.channels[channel]}
        </Button>
      ))}
      <p role="status" className={styles.meta}>
        {send.isSuccess ? callLinkTexts.sent : ''}
      </p>
      {send.isError && (
        <p role="alert" className={styles.markError}>
          {errorText(send.error, callLinkTexts.sendFailed)}
        </p>
      )}
    </div>
  );
}

/**
 * One callback request (decision 018): the number to call and when, then the operator marks it
 * done with an optional note. The note is rendered as text.
 */
export function CallbackCard({ callback, keepInView }: CallbackCardProps) {
  const titleId = useId();
  const noteId = useId();
  const markDone = useMarkInboxItemHandled('callback');
  const [note, setNote] = useState('');
  const statusRef = useRef<HTMLParagraphElement>(null);
  const [focusStatus, setFocusStatus] = useState(false);
  const handledAt = callback.handled_at;

  useEffect(() => {
    if (!handledAt || !focusStatus) return;
    statusRef.current?.focus();
    setFocusStatus(false);
  }, [handledAt, focusStatus]);

  const phone = formatPhone(callback.phone);
  return (
    <article
      className={`${styles.card} ${handledAt ? styles.handled : styles.pending}`}
      aria-labelledby={titleId}
    >
      <div className={styles.body}>
        <header className={styles.header}>
          <h3 id={titleId} className={styles.name}>
            <a href={`tel:${callback.phone}`} className={styles.phone}>
              {phone}
            </a>
          </h3>
          <span className={`${styles.badge} ${handledAt ? styles.badgeHandled : styles.badgePending}`}>
            {handledAt ? callbackTexts.done : 'Pendiente'}
          </span>
        </header>
        <p className={styles.meta}>
          <time dateTime={callback.created_at}>{formatDateTime(callback.created_at)}</time>
        </p>
        <p className={styles.message}>
          <strong>{callbackTexts.preferred}</strong> {preferredTimeText(callback.preferred_time)}
        </p>
        <footer className={styles.footer}>
          {handledAt ? (
            <p ref={statusRef} tabIndex={-1} className={styles.handledNote}>
              <span aria-hidden="true" className={styles.check}>
                ✓
              </span>
              {callbackTexts.done} · <time dateTime={handledAt}>{formatDateTime(handledAt)}</time>
              {callback.note && (
                <>
                  {' '}
                  · {callbackTexts.handledNote} {callback.note}
                </>
              )}
            </p>
          ) : (
            <form
              className={styles.callbackForm}
              onSubmit={(event) => {
                event.preventDefault();
                keepInView(callback.id);
                setFocusStatus(true);
                markDone.mutate({ id: callback.id, note: note.trim() });
              }}
            >
              <label htmlFor={noteId} className={styles.noteLabel}>
                {callbackTexts.noteLabel}
              </label>
              <textarea
                id={noteId}
                className={styles.note}
                rows={2}
                maxLength={CALLBACK_NOTE_MAX}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
              <Button type="submit" variant="secondary" busy={markDone.isPending} aria-describedby={titleId}>
                {callbackTexts.markDone}
              </Button>
            </form>
          )}
          {!handledAt && <CallLinkToCallback phone={callback.phone} describedBy={titleId} />}
          {markDone.error && (
            <p role="alert" className={styles.markError}>
              {errorText(markDone.error, callbackTexts.markFailed)}
            </p>
          )}
        </footer>
      </div>
    </article>
  );
}
