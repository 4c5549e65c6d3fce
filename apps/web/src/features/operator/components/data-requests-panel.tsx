import { useId, useState } from 'react';
import {
  dataRequestAnswerBodySchema,
  dataRequestExtendBodySchema,
  dataRequestKindLabels,
} from '@seguridad/contracts/http/data-requests';
import { dataRequestConsoleTexts as texts } from '@seguridad/contracts/messages/data-rights-console';
import { Button } from '../../../shared/ui/button';
import { Snackbar } from '../../../shared/ui/snackbar';
import {
  useAnswerDataRequest,
  useConsoleDataRequests,
  useExtendDataRequest,
  type ConsoleDataRequest,
} from '../api/data-requests';
import { formatDateTime } from '../format';
import { useNow } from '../use-now';
import { firstIssue, ReasonForm } from './reason-form';
import { LoadFailure } from './load-failure';
import { failureNotice, usePanelNotice, type Notify } from './settings-notice';
import settingsStyles from './settings.module.css';
import styles from './data-rights.module.css';

/** The answer's and the reason's longest, as the contract checks them. */
const ANSWER_MAX = dataRequestAnswerBodySchema.shape.answer.maxLength ?? undefined;
const REASON_MAX = dataRequestExtendBodySchema.shape.reason.maxLength ?? undefined;

function DeadlineBadge({ request, now }: { request: ConsoleDataRequest; now: number }) {
  if (request.status !== 'open') return null;
  if (Date.parse(request.due_at) <= now)
    return <span className={`${styles.badge} ${styles.badgeOverdue}`}>{texts.overdue}</span>;
  if (request.near_deadline)
    return <span className={`${styles.badge} ${styles.badgeNear}`}>{texts.nearDeadline}</span>;
  return null;
}

export function DataRequestItem({
  request,
  now,
  notify,
}: {
  request: ConsoleDataRequest;
  now: number;
  notify: Notify;
}) {
  const titleId = useId();
  const answer = useAnswerDataRequest();
  const extend = useExtendDataRequest();
  const [step, setStep] = useState<'answer' | 'extend' | null>(null);
  const kind = dataRequestKindLabels[request.kind];

  return (
    <li className={styles.request} aria-labelledby={titleId}>
      <header className={styles.requestHeader}>
        <h3 id={titleId} className={styles.requestTitle}>
          {kind} · {request.email}
        </h3>
        <span
          className={`${styles.badge} ${request.status === 'open' ? styles.badgeOpen : styles.badgeDone}`}
        >
          {texts.status[request.status]}
        </span>
        <DeadlineBadge request={request} now={now} />
        {request.extended && <span className={styles.badge}>{texts.extendedBadge}</span>}
      </header>
      <p className={styles.dates}>
        <time dateTime={request.created_at}>{texts.filedOn(formatDateTime(request.created_at))}</time>
        {' · '}
        {request.answered_at ? (
          <time dateTime={request.answered_at}>{texts.answeredOn(formatDateTime(request.answered_at))}</time>
        ) : (
          <time dateTime={request.due_at}>{texts.dueOn(formatDateTime(request.due_at))}</time>
        )}
      </p>
      <p className={styles.text}>{request.detail}</p>
      {request.answer && (
        <div className={styles.answer}>
          <h4 className={styles.answerHeading}>{texts.answerHeading}</h4>
          <p className={styles.text}>{request.answer}</p>
        </div>
      )}
      {request.status === 'open' &&
        (step === 'answer' ? (
          <ReasonForm
            label={texts.answerLabel}
            hint={texts.answerHint}
            submitLabel={texts.sendAnswer}
            cancelLabel={texts.cancel}
            maxLength={ANSWER_MAX}
            busy={answer.isPending}
            validate={(text) => firstIssue(dataRequestAnswerBodySchema.safeParse({ answer: text }))}
            onCancel={() => setStep(null)}
            onSubmit={(text) =>
              answer.mutate(
                { id: request.id, answer: text },
                {
                  onSuccess: (response) => {
                    setStep(null);
                    notify({ tone: 'success', text: response.message });
                  },
                  onError: (failure) => notify(failureNotice(texts.answerFailed, failure)),
                },
              )
            }
          />
        ) : step === 'extend' ? (
          <ReasonForm
            label={texts.extendLabel}
            hint={texts.extendHint}
            submitLabel={texts.confirmExtend}
            cancelLabel={texts.cancel}
            maxLength={REASON_MAX}
            busy={extend.isPending}
            validate={(reason) => firstIssue(dataRequestExtendBodySchema.safeParse({ reason }))}
            onCancel={() => setStep(null)}
            onSubmit={(reason) =>
              extend.mutate(
                { id: request.id, reason },
                {
                  onSuccess: (response) => {
                    setStep(null);
                    notify({ tone: 'success', text: response.message });
                  },
                  onError: (failure) => notify(failureNotice(texts.extendFailed, failure)),
                },
              )
            }
          />
        ) : (
          <div className={styles.formActions}>
            <Button variant="secondary" aria-describedby={titleId} onClick={() => setStep('answer')}>
              {texts.answer}
            </Button>
            {!request.extended && (
              <Button variant="ghost" aria-describedby={titleId} onClick={() => setStep('extend')}>
                {texts.extend}
              </Button>
            )}
          </div>
        ))}
    </li>
  );
}

/** The «Solicitudes» tab, for administrators: rights requests, open first by deadline (decision 034). */
export function DataRequestsPanel() {
  const headingId = useId();
  const requests = useConsoleDataRequests();
  const [notice, setNotice] = usePanelNotice();
  // A deadline that passes while the tab is open is flagged within the minute.
  const now = useNow(60_000);

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={settingsStyles.panelTitle}>
        {texts.title}
      </h2>
      <p className={styles.intro}>{texts.intro}</p>
      {requests.isError && <LoadFailure title={texts.loadFailed} retry={texts.retry} query={requests} />}
      {requests.isPending && <p role="status">{texts.loading}</p>}
      {requests.data?.requests.length === 0 && <p role="status">{texts.empty}</p>}
      {requests.data && requests.data.requests.length > 0 && (
        <ul className={styles.requests} aria-labelledby={headingId}>
          {requests.data.requests.map((request) => (
            <DataRequestItem key={request.id} request={request} now={now} notify={setNotice} />
          ))}
        </ul>
      )}
      <Snackbar message={notice} onClose={() => setNotice(null)} />
    </section>
  );
}
