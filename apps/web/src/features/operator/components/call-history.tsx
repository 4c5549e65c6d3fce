import { useId } from 'react';
import type { CallRecord } from '@seguridad/contracts/http/calls';
import { QUICK_EXIT } from '@seguridad/contracts/constants';
import { callHistoryTexts } from '@seguridad/contracts/messages/console';
import { ratingTexts } from '@seguridad/contracts/messages';
import { errorText } from '../../../shared/api/api-client';
import { useCallHistory } from '../api/get-call-history';
import { useRecordings } from '../api/get-recordings';
import { HoldControl } from './hold-control';
import { RatingSummary } from './rating-summary';
import { RecordingPlayer } from './recording-player';
import { formatDateTime, formatDuration } from '../format';
import { operatorTexts } from '@seguridad/contracts/messages/console-ui';
import styles from './calls.module.css';

/** The server sends the last 50; the console keeps it short. */
const SHOWN_CALLS = 10;

function statusLabel(call: CallRecord): string {
  // Accepted, but the media never connected (decision 037): not an answered call.
  if (call.end_reason === 'no_media') return callHistoryTexts.noMedia;
  // The citizen left with Salida rápida (decision 060): said as such, whether answered or not.
  if (call.end_reason === QUICK_EXIT.endReason) return callHistoryTexts.quickExit;
  return callHistoryTexts.status[call.status];
}

function talkTime(call: CallRecord): string | null {
  if (call.end_reason === 'no_media') return null;
  if (!call.accepted_at || !call.ended_at) return null;
  return formatDuration(Date.parse(call.ended_at) - Date.parse(call.accepted_at));
}

/** The company's latest calls, newest first, with how each one ended. */
export function CallHistory({ enabled, canHold }: { enabled: boolean; canHold: boolean }) {
  const headingId = useId();
  const history = useCallHistory(enabled);
  const calls = history.data?.calls.slice(0, SHOWN_CALLS) ?? [];
  const recordings = useRecordings(enabled).data?.recordings ?? [];

  // The ratings are a region of their own after the list: «Últimas llamadas» holds calls only.
  return (
    <>
      <section aria-labelledby={headingId} className={styles.section}>
        <h2 id={headingId} className={styles.sectionTitle}>
          {callHistoryTexts.title}
        </h2>
        {history.isError && !history.data ? (
          <p className={styles.hint}>{errorText(history.error, operatorTexts.connectionProblem)}</p>
        ) : history.isPending ? (
          <p className={styles.hint}>{callHistoryTexts.loading}</p>
        ) : calls.length === 0 ? (
          <p className={styles.hint}>{callHistoryTexts.empty}</p>
        ) : (
          <ol className={styles.history}>
            {calls.map((call) => {
              const duration = talkTime(call);
              return (
                <li key={call.id} className={styles.historyItem}>
                  <span
                    className={`${styles.status} ${styles[`status-${call.end_reason === 'no_media' ? 'abandoned' : call.status}`]}`}
                  >
                    {statusLabel(call)}
                  </span>
                  <span className={styles.historyChannel} data-channel={call.kind}>
                    {callHistoryTexts.channel[call.kind]}
                  </span>
                  <span className={styles.historySpeciality}>
                    {call.private ? callHistoryTexts.privateRoom : call.speciality}
                  </span>
                  <time className={styles.historyTime} dateTime={call.created_at}>
                    {formatDateTime(call.created_at)}
                  </time>
                  {duration && (
                    <span className={styles.historyDetail}>{callHistoryTexts.duration(duration)}</span>
                  )}
                  {call.chat_messages > 0 && (
                    <span className={styles.historyDetail}>
                      {callHistoryTexts.messages(call.chat_messages)}
                    </span>
                  )}
                  {call.rating !== null && (
                    <span className={styles.historyDetail}>{ratingTexts.consoleStars(call.rating)}</span>
                  )}
                  <RecordingPlayer
                    recordings={recordings.filter((recording) => recording.call_id === call.id)}
                  />
                  <HoldControl subject="call" id={call.id} enabled={canHold && enabled} />
                </li>
              );
            })}
          </ol>
        )}
      </section>
      <RatingSummary enabled={enabled} />
    </>
  );
}
