import { useState } from 'react';
import { type ConsentRecord } from '@seguridad/contracts/http/consents';
import { consentMessages as t } from '@seguridad/contracts/messages/consents';
import { errorText } from '../../../shared/api/api-client';
import { Button } from '../../../shared/ui/button';
import type { SnackbarMessage } from '../../../shared/ui/snackbar';
import { useConsents } from '../api/get-consents';
import { useWithdrawConsent } from '../api/withdraw-consent';
import { formatDateTime } from '../format-date';
import styles from '../settings-page.module.css';
import { SectionStatus } from './section-status';

type ConsentsPanelProps = { onNotice: (tone: SnackbarMessage['tone'], text: string) => void };

/**
 * «Consentimientos» (decision 049): each consent given, with its text's version, when, and its
 * state; «Retirar» for those the person can withdraw, which stops what depended on them.
 */
export function ConsentsPanel({ onNotice }: ConsentsPanelProps) {
  const consents = useConsents();
  const withdraw = useWithdrawConsent();
  const [withdrawing, setWithdrawing] = useState<number | null>(null);

  async function withdrawOne(consent: ConsentRecord) {
    if (withdrawing !== null) return;
    setWithdrawing(consent.id);
    try {
      onNotice('success', (await withdraw.mutateAsync(consent.id)).message);
    } catch (error) {
      onNotice('error', errorText(error));
    } finally {
      setWithdrawing(null);
    }
  }

  const list = consents.data;
  return (
    <section className={styles.block} aria-labelledby="consents-title">
      <h3 id="consents-title" className={styles.blockTitle}>
        {t.title}
      </h3>
      <p className={styles.hint}>{t.intro}</p>
      {!list ? (
        <SectionStatus failed={consents.isError} />
      ) : list.length === 0 ? (
        <p className={styles.hint}>{t.empty}</p>
      ) : (
        <ul className={styles.rows} aria-label={t.title}>
          {[...list].reverse().map((consent) => (
            <li key={consent.id} className={styles.row} aria-labelledby={`consent-${consent.id}`}>
              <div className={styles.rowMain}>
                <p id={`consent-${consent.id}`} className={styles.actionLabel}>
                  {consent.title}
                  <span className={styles.badge}>{consent.withdrawn_at ? t.withdrawn : t.active}</span>
                </p>
                <p className={styles.hint}>«{consent.text}»</p>
                <p className={styles.hint}>
                  {t.version(consent.version)} · {t.grantedOn(formatDateTime(consent.granted_at))}
                  {consent.withdrawn_at && <> · {t.withdrawnOn(formatDateTime(consent.withdrawn_at))}</>}
                </p>
                {consent.withdrawable && !consent.withdrawn_at && consent.withdrawal && (
                  <p className={styles.hint}>{consent.withdrawal}</p>
                )}
              </div>
              {consent.withdrawable && !consent.withdrawn_at && (
                <Button
                  variant="secondary"
                  busy={withdrawing === consent.id}
                  aria-describedby={`consent-${consent.id}`}
                  onClick={() => void withdrawOne(consent)}
                >
                  {withdrawing === consent.id ? t.withdrawing : t.withdraw}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
