import { useId, useState } from 'react';
import { callTexts } from '@seguridad/contracts/messages';
import { silentCallTexts } from '@seguridad/contracts/messages/silent-call';
import { ApiRequestError } from '../../shared/api/api-client';
import { useCompanyKey } from '../../shared/api/company-key';
import { getAttachmentUrl } from '../../shared/call/call-api';
import type { SilentCallPanelHost } from '../../shared/call/call-panel-hosts';
import type { CallPhase } from '../../shared/call/call-state';
import { ChatPanel } from '../../shared/call/ui/chat-panel';
import { useCallSession } from '../../shared/call/use-call-session';
import { Alert } from '../../shared/ui/alert';
import { Button } from '../../shared/ui/button';
import { callOriginOf } from './call-launch';
import { RatingCard, type RatableCall } from './rating-prompt';
import { useCallerCall } from './use-caller-call';
import styles from './silent-call-panel.module.css';

export type SilentCallPanelProps = {
  host: SilentCallPanelHost;
  /** Where the call starts from, for the operator; this page when not given. */
  from?: string;
};

/** Why the call could not start; the contact form is offered beside it. */
function failureSentence(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return callTexts.silentCallFailed;
  const code = error.body?.error;
  if (code === 'no_operators') return silentCallTexts.noOperators;
  if (code === 'outside_hours') return silentCallTexts.outsideHours;
  if (code === 'video_call_off') return silentCallTexts.serviceOff;
  return callTexts.silentCallFailed;
}

function statusOf(phase: CallPhase | null): string {
  switch (phase?.status) {
    case 'connecting':
    case 'connected':
      return phase.status === 'connected' && phase.reconnecting
        ? callTexts.reconnecting
        : silentCallTexts.connected;
    case 'ended':
    case 'failed':
      return silentCallTexts.ended;
    default:
      return silentCallTexts.waiting;
  }
}

/**
 * «Llamada silenciosa (solo texto)» (decision 060): for someone who cannot speak. One press puts a
 * text-only call in the same queue as the others; no camera or microphone is asked for and nothing
 * on this side makes a sound. The chat is the call: the operator's quick questions are answered with
 * Sí / No, and what the person types reaches the operator as it is typed unless they turn it off.
 */
export function SilentCallPanel({ host, from }: SilentCallPanelProps) {
  const companyKey = useCompanyKey();
  const { call, start, hangUp, close } = useCallerCall();
  const snapshot = useCallSession(call.step === 'inCall' ? call.session : null);
  const [problem, setProblem] = useState<string | null>(null);
  const [answered, setAnswered] = useState<RatableCall | null>(null);
  const ids = useId();
  const phase = snapshot?.phase ?? null;
  const over = phase?.status === 'ended' || phase?.status === 'failed';
  if (call.step === 'inCall' && phase?.status === 'connected' && answered?.id !== call.call.id) {
    setAnswered({ id: call.call.id, token: call.call.token });
  }

  async function placeCall() {
    setProblem(null);
    const outcome = await start({
      speciality: null,
      from: from ?? callOriginOf(window.location.href),
      silent: true,
      takeLocalStream: () => null,
    });
    if (outcome.failed) setProblem(failureSentence(outcome.error));
  }

  function closeEnd() {
    close();
    setAnswered(null);
    host.finish();
  }

  if (call.step === 'inCall' && snapshot) {
    const { session } = call;
    const credentials = { callToken: call.call.token, companyKey };
    return (
      <section className={styles.call} aria-label={silentCallTexts.title} data-state={phase?.status}>
        <p className={styles.status} role="status">
          {statusOf(phase)}
        </p>
        <div className={styles.chat}>
          <ChatPanel
            entries={snapshot.chat}
            onSend={(text) => session.sendMessage(text)}
            onSendFile={(file) => session.sendFile(file)}
            getAttachmentUrl={(attachmentId) => getAttachmentUrl(attachmentId, credentials)}
            onDraftChange={(draft) => session.sendTyping(draft)}
            onAnswer={(questionId, answer) => session.answerQuickQuestion(questionId, answer)}
            disabled={over}
            headingLevel={3}
          />
        </div>
        {over ? (
          <div className={styles.end}>
            {answered && <RatingCard call={answered} onDone={() => setAnswered(null)} />}
            <Button onClick={closeEnd}>{callTexts.close}</Button>
          </div>
        ) : (
          <Button variant="danger" fullWidth onClick={() => void hangUp()}>
            {silentCallTexts.hangUp}
          </Button>
        )}
      </section>
    );
  }

  const starting = call.step === 'starting';
  return (
    <section className={styles.setup} aria-labelledby={`${ids}-intro`}>
      <p id={`${ids}-intro`} className={styles.intro}>
        {silentCallTexts.intro}
      </p>
      {problem && <Alert tone="error">{problem}</Alert>}
      <Button fullWidth busy={starting} onClick={() => void placeCall()}>
        {silentCallTexts.start}
      </Button>
      {problem && (
        <Button variant="secondary" fullWidth onClick={host.openContactForm}>
          {callTexts.writeContactForm}
        </Button>
      )}
    </section>
  );
}
