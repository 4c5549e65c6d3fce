import { useEffect, useId } from 'react';
import { availabilityTexts } from '@seguridad/contracts/messages/availability';
import { phoneCallTexts } from '@seguridad/contracts/messages';
import { silentCallTexts } from '@seguridad/contracts/messages/silent-call';
import { Button } from '../../../shared/ui/button';
import type { ConsoleQueuedCall } from '../call-queue';
import { waitingSentence } from '../waiting-time';
import { offerSecondsLeft } from './call-queue-list';
import styles from './offer-bar.module.css';

function kindLabel(call: ConsoleQueuedCall): string {
  if (call.kind === 'phone') return `${phoneCallTexts.consoleTitle} · ${call.speciality}`;
  if (call.kind === 'text') return `${silentCallTexts.consoleTitle} · ${call.speciality}`;
  return call.speciality;
}

/**
 * The tab's title says it while the browser tab is in the background, and a desktop notification
 * (when the operator allowed them) reaches a console hidden behind other windows.
 */
function useOfferInBackground(call: ConsoleQueuedCall) {
  useEffect(() => {
    const title = document.title;
    document.title = `● ${availabilityTexts.offeredToYou} · ${title}`;
    let notice: Notification | undefined;
    if (document.hidden && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
      notice = new Notification(availabilityTexts.offeredToYou, {
        body: kindLabel(call),
        tag: `offer-${call.id}`,
      });
      notice.onclick = () => window.focus();
    }
    return () => {
      document.title = title;
      notice?.close();
    };
  }, [call]);
}

/**
 * An offer made to this operator (decision 043), in the same place whatever view is open: what it
 * is, how long the citizen has waited, the seconds left, and Aceptar / Dejar pasar. The sound and
 * the announcement for screen readers are the queue's own.
 */
export function OfferBar({
  call,
  now,
  accepting,
  onAccept,
  onDecline,
}: {
  call: ConsoleQueuedCall;
  now: number;
  accepting: boolean;
  onAccept: () => void;
  onDecline: () => void;
}) {
  const titleId = useId();
  useOfferInBackground(call);
  const secondsLeft = offerSecondsLeft(call, now);
  const askNotifications = typeof Notification !== 'undefined' && Notification.permission === 'default';
  return (
    <section className={styles.bar} aria-labelledby={titleId} data-testid="offer-bar">
      <div className={styles.text}>
        <h2 id={titleId} className={styles.title}>
          {availabilityTexts.offeredToYou}
          {call.kind === 'text' && <span className={styles.flag}>{silentCallTexts.flag}</span>}
        </h2>
        <p className={styles.what}>{kindLabel(call)}</p>
        <p className={styles.meta}>
          <time dateTime={call.created_at}>{waitingSentence(call.created_at, now)}</time> ·{' '}
          <span className={styles.countdown}>{availabilityTexts.offerCountdown(secondsLeft)}</span>
        </p>
      </div>
      <div className={styles.actions}>
        <Button onClick={onAccept} busy={accepting} aria-describedby={titleId}>
          Aceptar
        </Button>
        <Button variant="secondary" onClick={onDecline} disabled={accepting} aria-describedby={titleId}>
          {availabilityTexts.decline}
        </Button>
        {askNotifications && (
          <Button variant="ghost" onClick={() => void Notification.requestPermission()}>
            {availabilityTexts.allowDesktopNotices}
          </Button>
        )}
      </div>
    </section>
  );
}
