import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DELAYS_MS } from '@seguridad/contracts/constants';
import { accountTexts, settingsTexts } from '@seguridad/contracts/messages';
import { settingsSectionPaths, webPaths } from '@seguridad/contracts/web-paths';
import { clearSessionToken } from '../../../shared/api/session-token';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { Snackbar } from '../../../shared/ui/snackbar';
import { useUserInfo } from '../api/get-user-info';
import {
  useRequestAccountReset,
  useRequestPasswordChange,
  useRevokeAllAccess,
} from '../api/security-actions';
import { settingsUiTexts as t } from '@seguridad/contracts/messages/settings-ui';
import { useLeaveOnPurpose } from '../leaving-context';
import { useNotice } from '../use-notice';
import styles from '../settings-page.module.css';
import { CameraSharingPanel } from './camera-sharing-panel';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { SectionFrame } from './section-frame';
import { SecurityLogPanel } from './security-log-panel';
import { SessionsPanel } from './sessions-panel';

type Action = 'revokeAll' | 'changePassword' | 'resetAccount';

const actions: { id: Action; label: string; button: string; text: string; danger: boolean }[] = [
  { id: 'revokeAll', label: t.revokeAll, button: t.revokeAllButton, text: t.revokeAllText, danger: true },
  {
    id: 'changePassword',
    label: t.changePassword,
    button: t.changePasswordButton,
    text: t.changePasswordText,
    danger: false,
  },
  {
    id: 'resetAccount',
    label: t.resetAccount,
    button: t.resetAccountButton,
    text: t.resetAccountText,
    danger: true,
  },
];

/**
 * Spec §2 Security: the three actions, each behind a confirmation; then who sees the cameras, the
 * open sessions and the security log, and the way to two-step verification.
 */
export function SecuritySection() {
  const navigate = useNavigate();
  const userInfo = useUserInfo();
  const revokeAll = useRevokeAllAccess();
  const changePassword = useRequestPasswordChange();
  const resetAccount = useRequestAccountReset();
  const { notice, show, clear } = useNotice();
  const [confirming, setConfirming] = useState<Action | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  const leaveOnPurpose = useLeaveOnPurpose();

  // Spec §4: after closing every session (or resetting the account), /login after 3 s.
  useEffect(() => {
    if (!signedOut) return;
    const timer = window.setTimeout(
      () => void navigate(webPaths.login, { replace: true }),
      DELAYS_MS.postSecurityActionRedirect,
    );
    return () => window.clearTimeout(timer);
  }, [signedOut, navigate]);

  const busy = revokeAll.isPending || changePassword.isPending || resetAccount.isPending;

  async function run(action: Action) {
    try {
      if (action === 'revokeAll') {
        leaveOnPurpose();
        await revokeAll.mutateAsync();
        clearSessionToken();
        setSignedOut(true);
        show('success', accountTexts.sessionsRevoked);
      } else if (action === 'changePassword') {
        const email = userInfo.data?.user.email;
        if (!email) throw new Error('no e-mail yet');
        await changePassword.mutateAsync(email);
        show('success', accountTexts.confirmationMailSent);
      } else {
        leaveOnPurpose();
        await resetAccount.mutateAsync();
        clearSessionToken();
        setSignedOut(true);
        show('success', accountTexts.resetAccountMailSent);
      }
    } catch {
      show('error', settingsTexts.failure);
    } finally {
      setConfirming(null);
    }
  }

  const chosen = actions.find((action) => action.id === confirming);
  return (
    <SectionFrame title={settingsTexts.securityTitle} lead={t.securityLead}>
      <section className={styles.block} aria-labelledby="security-actions-title">
        <h3 id="security-actions-title" className={styles.blockTitle}>
          {t.actionsTitle}
        </h3>
        <ul className={styles.actionList}>
          {actions.map((action) => (
            <li key={action.id} className={styles.actionItem}>
              <div>
                <p className={styles.actionLabel} id={`action-${action.id}`}>
                  {action.label}
                </p>
                <p className={styles.hint}>{action.text}</p>
              </div>
              <Button
                variant={action.danger ? 'danger' : 'secondary'}
                disabled={signedOut}
                aria-describedby={`action-${action.id}`}
                onClick={() => setConfirming(action.id)}
              >
                {action.button}
              </Button>
            </li>
          ))}
          <li className={styles.actionItem}>
            <div>
              <p className={styles.actionLabel} id="action-two-factor">
                {settingsTexts.twoFactorTitle}
              </p>
              <p className={styles.hint}>{t.twoFactorLinkText}</p>
            </div>
            <Link
              className={buttonClassName('secondary')}
              to={settingsSectionPaths.twoFactor}
              aria-describedby="action-two-factor"
            >
              {t.twoFactorConfigure}
            </Link>
          </li>
        </ul>
      </section>
      {!signedOut && (
        <>
          <CameraSharingPanel
            onFailure={() => show('error', settingsTexts.failure)}
            onSaved={(text) => show('success', text)}
          />
          <SessionsPanel onNotice={show} />
          <SecurityLogPanel />
        </>
      )}
      <ConfirmDialog
        open={chosen !== undefined}
        title={chosen?.label ?? ''}
        description={chosen?.text ?? ''}
        confirmLabel={t.confirm}
        danger={chosen?.danger ?? false}
        busy={busy}
        onConfirm={() => chosen && void run(chosen.id)}
        onCancel={() => setConfirming(null)}
      />
      <Snackbar message={notice} onClose={notice?.tone === 'error' ? clear : undefined} />
    </SectionFrame>
  );
}
