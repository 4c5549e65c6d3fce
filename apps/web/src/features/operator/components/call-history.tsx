import { useId } from 'react';
import type { CallRecord } from '@seguridad/contracts/http/calls';
import { errorText } from '../../../shared/api/api-client';
import { useCallHistory } from '../api/get-call-history';
import { useRecordings } from '../api/get-recordings';
import { RecordingPlayer } from './recording-player';
import { formatDateTime, formatDuration } from '../format';
import { operatorTexts } from '../operator-texts';
import styles from './calls.module.css';

/** The server sends the last 50; the console keeps it short. */
const SHOWN_CALLS = 10;

const statusLabels: Record<CallRecord['status'], string> = {
  waiting: 'En espera',
  active: 'En curso',
  ended: 'Atendida',
  abandoned: 'Abandonada',
};

/** Accepted, but the media never connected (decision 037): not an answered call. */
const NO_MEDIA_LABEL = 'Sin conexión';

function statusLabel(call: CallRecord): string {
  return call.end_reason === 'no_media' ? NO_MEDIA_LABEL : statusLabels[call.status];
}

function talkTime(call: CallRecord): string | null {
  if (call.end_reason === 'no_media') return null;
  if (!call.accepted_at || !call.ended_at) return null;
  return formatDuration(Date.parse(call.ended_at) - Date.parse(call.accepted_at));
}

/** The company's latest calls, newest first, with how each one ended. */
export function CallHistory({ enabled }: { enabled: boolean }) {
  const headingId = useId();
  const history = useCallHistory(enabled);
  const calls = history.data?.calls.slice(0, SHOWN_CALLS) ?? [];
  const recordings = useRecordings(enabled).data?.recordings ?? [];

  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId} className={styles.sectionTitle}>
        Últimas llamadas
      </h2>
      {history.isError && !history.data ? (
        <p className={styles.hint}>{errorText(history.error, operatorTexts.connectionProblem)}</p>
      ) : history.isPending ? (
        <p className={styles.hint}>Cargando…</p>
      ) : calls.length === 0 ? (
        <p className={styles.hint}>Todavía no hay llamadas.</p>
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
                <span className={styles.historySpeciality}>
                  {call.private ? 'Sala privada' : call.speciality}
                </span>
                <time className={styles.historyTime} dateTime={call.created_at}>
                  {formatDateTime(call.created_at)}
                </time>
                {duration && <span className={styles.historyDetail}>Duración {duration}</span>}
                {call.chat_messages > 0 && (
                  <span className={styles.historyDetail}>
                    {call.chat_messages === 1 ? '1 mensaje' : `${call.chat_messages} mensajes`}
                  </span>
                )}
                <RecordingPlayer
                  recordings={recordings.filter((recording) => recording.call_id === call.id)}
                />
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
