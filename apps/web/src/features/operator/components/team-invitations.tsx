import { useId } from 'react';
import type { Speciality } from '@seguridad/contracts/http/company';
import type { TeamInvitation } from '@seguridad/contracts/http/staff';
import { staffTexts, teamTexts } from '@seguridad/contracts/messages';
import { Button } from '../../../shared/ui/button';
import { useResendInvitation } from '../api/resend-invitation';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { formatDateTime } from '../format';
import { useNow } from '../use-now';
import { failureNotice, type Notify } from './settings-notice';
import { specialityNames } from './speciality-choices';
import settingsStyles from './settings.module.css';
import styles from './team.module.css';

/** Invitations neither accepted nor revoked: resend one (new link) or revoke it. */
export function TeamInvitations({
  invitations,
  specialities,
  notify,
}: {
  invitations: TeamInvitation[];
  specialities: Speciality[];
  notify: Notify;
}) {
  const titleId = useId();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  // An invitation that expires while the tab is open says so within the minute.
  const now = useNow(60_000);

  return (
    <section className={settingsStyles.card} aria-labelledby={titleId}>
      <h3 id={titleId} className={settingsStyles.cardTitle}>
        {teamTexts.pendingTitle}
      </h3>
      {invitations.length === 0 ? (
        <p className={settingsStyles.emptyList}>{teamTexts.pendingEmpty}</p>
      ) : (
        <ul className={styles.list}>
          {invitations.map((invitation) => {
            const expired = Date.parse(invitation.expires_at) <= now;
            const expiry = formatDateTime(invitation.expires_at);
            return (
              <li key={invitation.id} className={styles.row} aria-label={invitation.email}>
                <div className={styles.who}>
                  <div className={styles.name}>{invitation.email}</div>
                  <div className={styles.email}>
                    {staffTexts.roles[invitation.role]} ·{' '}
                    {specialityNames(specialities, invitation.speciality_ids)}
                  </div>
                  <div className={styles.email}>
                    {invitation.invited_by
                      ? teamTexts.invitedBy(invitation.invited_by)
                      : teamTexts.invitedBySystem}
                  </div>
                  <div className={expired ? `${styles.email} ${styles.expired}` : styles.email}>
                    {expired ? teamTexts.expired(expiry) : teamTexts.expires(expiry)}
                  </div>
                </div>
                <div className={styles.rowActions}>
                  <Button
                    variant="secondary"
                    busy={resend.isPending && resend.variables === invitation.id}
                    onClick={() =>
                      resend.mutate(invitation.id, {
                        onSuccess: () =>
                          notify({ tone: 'success', text: teamTexts.resent(invitation.email) }),
                        onError: (failure) => notify(failureNotice(teamTexts.resendFailed, failure)),
                      })
                    }
                  >
                    {teamTexts.resend}
                    <span className="visually-hidden"> {invitation.email}</span>
                  </Button>
                  <Button
                    variant="ghost"
                    busy={revoke.isPending && revoke.variables === invitation.id}
                    onClick={() =>
                      revoke.mutate(invitation.id, {
                        onSuccess: () =>
                          notify({ tone: 'success', text: teamTexts.revoked(invitation.email) }),
                        onError: (failure) => notify(failureNotice(teamTexts.revokeFailed, failure)),
                      })
                    }
                  >
                    {teamTexts.revoke}
                    <span className="visually-hidden"> {invitation.email}</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
