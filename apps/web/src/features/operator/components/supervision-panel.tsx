import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { operatorStateLabels, pauseReasonLabels } from '@seguridad/contracts/http/availability';
import { availabilityTexts } from '@seguridad/contracts/messages/availability';
import { channelLabels } from '@seguridad/contracts/http/reports';
import { type SupervisionSnapshot } from '@seguridad/contracts/http/supervision';
import { supervisionTexts as texts } from '@seguridad/contracts/messages/supervision';
import { reportTexts } from '@seguridad/contracts/messages/reports';
import { operatorEvents } from '@seguridad/contracts/realtime/operator';
import { operatorQueryKeys } from '../api/operator-query-keys';
import { useSupervision } from '../api/get-supervision';
import type { OperatorSocket } from '../operator-events';
import { formatSeconds, formatShare, waitLevel } from '../supervision-time';
import { useNow } from '../use-now';
import { formatWaitingTime } from '../waiting-time';
import { LoadFailure } from './load-failure';
import styles from './supervision.module.css';

/** Fetches the snapshot again whenever the server says something it shows changed. */
function useSupervisionSignal(socket: OperatorSocket | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const refetch = () => void queryClient.invalidateQueries({ queryKey: operatorQueryKeys.supervision });
    socket.on(operatorEvents.supervisionChanged, refetch);
    return () => {
      socket.off(operatorEvents.supervisionChanged, refetch);
    };
  }, [socket, queryClient]);
}

const levelText = (level: ReturnType<typeof waitLevel>, targets: SupervisionSnapshot['targets']) =>
  level === 'over-second'
    ? texts.overSecond(targets.second_seconds)
    : level === 'over-first'
      ? texts.overFirst(targets.first_seconds)
      : null;

function Figure({
  label,
  value,
  note,
  tone,
}: {
  label: string;
  value: string;
  note?: string | null;
  tone?: string;
}) {
  return (
    <div className={`${styles.figure} ${tone ? styles[tone] : ''}`}>
      <dt className={styles.figureLabel}>{label}</dt>
      <dd className={styles.figureValue}>
        {value}
        {note && <span className={styles.figureNote}>{note}</span>}
      </dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h3 id={id} className={styles.sectionTitle}>
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The Supervisión tab (decision 046): the centre now, refreshed by itself, waits ticking each second. */
export function SupervisionPanel({ socket }: { socket: OperatorSocket | null }) {
  const snapshot = useSupervision();
  useSupervisionSignal(socket);
  const now = useNow(1000);
  const titleId = useId();

  if (snapshot.isError && !snapshot.data) {
    return <LoadFailure title={texts.title} retry="Reintentar" query={snapshot} />;
  }
  const data = snapshot.data;
  if (!data) return <p aria-busy="true">{texts.title}…</p>;

  // The server's clock, as read here: waits do not jump when the two clocks disagree.
  const serverNow = now + (Date.parse(data.now) - snapshot.dataUpdatedAt);
  const waitedSeconds = (since: string) => Math.max(0, (serverNow - Date.parse(since)) / 1000);
  const oldest = data.waiting[0];
  const longest = oldest ? waitedSeconds(oldest.waiting_since) : null;
  const level = longest === null ? 'ok' : waitLevel(longest, data.targets);
  const countOf = (state: keyof typeof operatorStateLabels) =>
    data.operators.filter((member) => member.state === state).length;
  const { today, targets } = data;

  return (
    <div className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {texts.title}
      </h2>
      <dl className={styles.now} aria-label={reportTexts.supervisionTab}>
        <Figure
          label={texts.waitingNow}
          value={String(data.waiting_count)}
          tone={data.waiting_count > 0 ? 'busy' : undefined}
        />
        <Figure
          label={texts.longestWait}
          value={longest === null ? texts.noData : formatWaitingTime(oldest!.waiting_since, serverNow)}
          note={levelText(level, targets)}
          tone={level}
        />
        <Figure label={operatorStateLabels.available} value={String(countOf('available'))} />
        <Figure label={operatorStateLabels.in_call} value={String(countOf('in_call'))} />
        <Figure label={operatorStateLabels.paused} value={String(countOf('paused'))} />
        <Figure label={operatorStateLabels.offline} value={String(countOf('offline'))} />
      </dl>
      <Section title={`${texts.today} · ${today.day.split('-').reverse().join('-')}`}>
        <dl className={styles.today}>
          <Figure label={texts.offered} value={String(today.offered)} />
          <Figure label={texts.answered} value={String(today.answered)} />
          <Figure label={texts.abandoned} value={String(today.abandoned)} />
          <Figure label={texts.fellBack} value={String(today.fell_back)} />
          <Figure
            label={texts.serviceLevel(targets.first_seconds, targets.first_percent)}
            value={formatShare(today.service_level_first, texts.noData)}
            tone={
              today.service_level_first !== null && today.service_level_first * 100 < targets.first_percent
                ? 'below'
                : undefined
            }
          />
          <Figure
            label={texts.serviceLevel(targets.second_seconds, targets.second_percent)}
            value={formatShare(today.service_level_second, texts.noData)}
            tone={
              today.service_level_second !== null && today.service_level_second * 100 < targets.second_percent
                ? 'below'
                : undefined
            }
          />
          <Figure label={texts.avgAnswer} value={formatSeconds(today.avg_answer_seconds, texts.noData)} />
          <Figure
            label={`${texts.pending}: ${texts.pendingCallbacks}`}
            value={String(data.pending.callbacks)}
          />
          <Figure
            label={`${texts.pending}: ${texts.pendingVideoMails}`}
            value={String(data.pending.video_mails)}
          />
          <Figure
            label={`${texts.pending}: ${texts.pendingContacts}`}
            value={String(data.pending.contacts)}
          />
        </dl>
      </Section>
      <div className={styles.columns}>
        <Section title={`${texts.waitingCalls} (${data.waiting_count})`}>
          {data.waiting.length === 0 ? (
            <p className={styles.empty}>{texts.noWaiting}</p>
          ) : (
            <ul className={styles.list} aria-label={texts.waitingCalls}>
              {data.waiting.map((call) => {
                const callLevel = waitLevel(waitedSeconds(call.waiting_since), targets);
                return (
                  <li key={call.id} className={`${styles.row} ${styles[callLevel]}`}>
                    <span className={styles.rowMain}>
                      {call.speciality} · {channelLabels[call.channel]}
                      {call.offered_to && (
                        <span className={styles.rowNote}>{texts.offeredTo(call.offered_to)}</span>
                      )}
                    </span>
                    <span className={styles.rowTime}>
                      {formatWaitingTime(call.waiting_since, serverNow)}
                      {levelText(callLevel, targets) && (
                        <span className={styles.rowNote}>{levelText(callLevel, targets)}</span>
                      )}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </Section>
        <Section title={`${texts.inProgress} (${data.in_progress.length})`}>
          {data.in_progress.length === 0 ? (
            <p className={styles.empty}>{texts.noneInProgress}</p>
          ) : (
            <ul className={styles.list} aria-label={texts.inProgress}>
              {data.in_progress.map((call) => (
                <li key={call.id} className={styles.row}>
                  <span className={styles.rowMain}>
                    {call.operator || texts.noData}
                    <span className={styles.rowNote}>
                      {call.speciality} · {channelLabels[call.channel]}
                    </span>
                  </span>
                  <span className={styles.rowTime}>{formatWaitingTime(call.answered_at, serverNow)}</span>
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title={texts.operators}>
          {data.operators.length === 0 ? (
            <p className={styles.empty}>{texts.noOperators}</p>
          ) : (
            <ul className={styles.list} aria-label={texts.operators}>
              {data.operators.map((member) => (
                <li key={member.user_id} className={`${styles.row} ${styles[`state-${member.state}`]}`}>
                  <span className={styles.rowMain}>{member.name}</span>
                  <span className={styles.rowTime}>
                    {member.state === 'paused' && !member.reason
                      ? availabilityTexts.notTakingCalls
                      : operatorStateLabels[member.state]}
                    {member.reason && ` · ${pauseReasonLabels[member.reason]}`}
                    {member.since && (
                      <span className={styles.rowNote}>
                        {texts.since} {formatWaitingTime(member.since, serverNow)}
                      </span>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
    </div>
  );
}
