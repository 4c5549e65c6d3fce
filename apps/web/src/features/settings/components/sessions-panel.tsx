import { useState } from 'react';
import type { ActiveSession } from '@seguridad/contracts/http/settings';
import { settingsTexts } from '@seguridad/contracts/messages';
import { Button } from '../../../shared/ui/button';
import type { SnackbarMessage } from '../../../shared/ui/snackbar';
import { useSessions } from '../api/get-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { formatDateTime } from '../format-date';
import { settingsUiTexts as t } from '@seguridad/contracts/messages/settings-ui';
import styles from '../settings-page.module.css';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { SectionStatus } from './section-status';

type SessionsPanelProps = { onNotice: (tone: SnackbarMessage['tone'], text: string) => void };

/** Every live session, this one marked, and Cerrar for the others (as GitHub and Google show them). */
export function SessionsPanel({ onNotice }: SessionsPanelProps) {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const [closing, setClosing] = useState<ActiveSession | null>(null);

  async function close(session: ActiveSession) {
    try {
      const answer = await revoke.mutateAsync(session.id);
      onNotice('success', answer.message);
    } catch {
      onNotice('error', settingsTexts.failure);
    } finally {
      setClosing(null);
    }
  }

  const list = sessions.data?.sessions;
  return (
    <section className={styles.block} aria-labelledby="sessions-title" id="sesiones">
      <h3 id="sessions-title" className={styles.blockTitle}>
        {t.sessionsTitle}
      </h3>
      <p className={styles.hint}>{t.sessionsLead}</p>
      {!list ? (
        <SectionStatus failed={sessions.isError} />
      ) : (
        <ul className={styles.rows}>
          {list.map((session) => (
            <li key={session.id} className={styles.row}>
              <div className={styles.rowMain}>
                <p className={styles.actionLabel}>
                  {session.device}
                  {session.current && <span className={styles.badge}>{t.thisSession}</span>}
                </p>
                <p className={styles.hint}>
                  {[
                    session.place,
                    `${t.signedIn}: ${formatDateTime(session.created_at)}`,
                    `${t.lastActivity}: ${formatDateTime(session.last_used_at)}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              {!session.current && (
                <Button
                  variant="secondary"
                  aria-label={t.closeSessionLabel(session.device)}
                  onClick={() => setClosing(session)}
                >
                  {t.closeSession}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={closing !== null}
        title={closing ? t.closeSessionLabel(closing.device) : ''}
        description={t.sessionsLead}
        confirmLabel={t.closeSessionConfirm}
        busy={revoke.isPending}
        onConfirm={() => closing && void close(closing)}
        onCancel={() => setClosing(null)}
      />
    </section>
  );
}
