import { useEffect, useState } from 'react';
import { DELAYS_MS } from '@seguridad/contracts/constants';
import { ratingTexts } from '@seguridad/contracts/messages';
import { useCompanyKey } from '../../shared/api/company-key';
import { CallRatingForm } from './call-rating-form';
import styles from './rating-card.module.css';

/** An answered call the citizen may still rate: its id and the caller token that proves it. */
export type RatableCall = { id: number; token: string };

/**
 * «¿Cómo fue tu atención?» after the citizen pressed Terminar Llamada (decision 044): the call view
 * is gone at once (spec §4), so the question waits in a card at the bottom of the page until it is
 * sent (the thanks shows for 3 s) or skipped. Nothing closes it by a timer while unanswered.
 */
export function RatingPrompt({ call, onDone }: { call: RatableCall; onDone: () => void }) {
  const companyKey = useCompanyKey();
  const [sent, setSent] = useState(false);
  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(onDone, DELAYS_MS.alertHide);
    return () => clearTimeout(timer);
  }, [sent, onDone]);

  return (
    <section aria-label={ratingTexts.question} className={`${styles.card} ${styles.prompt}`}>
      <CallRatingForm
        call={{ ...call, companyKey }}
        onEngaged={() => {}}
        onSent={() => setSent(true)}
        onDone={onDone}
      />
    </section>
  );
}

/** The rating inside a panel that stays on screen (the phone call's «Fin de la llamada»). */
export function RatingCard({ call, onDone }: { call: RatableCall; onDone: () => void }) {
  const companyKey = useCompanyKey();
  return (
    <div className={styles.card}>
      <CallRatingForm call={{ ...call, companyKey }} onEngaged={() => {}} onDone={onDone} />
    </div>
  );
}
