import { type PublicDraw } from '@seguridad/contracts/http/promo';
import { promoTexts } from '@seguridad/contracts/messages';
import { formatDrawDate } from './draw-date';
import styles from './results-page.module.css';

/**
 * The proof of the draw (decision 015): what was committed before, what was revealed after.
 * `results-prefill.ts` builds the same markup without React; `results-prefill.test.tsx` keeps
 * the two alike.
 */
export function DrawProof({ draw }: { draw: PublicDraw | null }) {
  if (!draw) return <p className={styles.note}>{promoTexts.notPublished}</p>;
  return (
    <section className={styles.proof} aria-labelledby="proof-title" data-testid="draw-proof">
      <h2 id="proof-title">{promoTexts.proofTitle}</h2>
      <p>
        {draw.drawn_at
          ? promoTexts.drawnAt(formatDrawDate(draw.drawn_at))
          : promoTexts.scheduledFor(formatDrawDate(draw.scheduled_at))}
      </p>
      <p>{promoTexts.proofLead}</p>
      <dl className={styles.proofList}>
        <dt>{promoTexts.commitment}</dt>
        <dd>
          <code data-testid="proof-commitment">{draw.commitment}</code>
        </dd>
        <dt>{promoTexts.seed}</dt>
        <dd>{draw.seed ? <code data-testid="proof-seed">{draw.seed}</code> : promoTexts.seedHidden}</dd>
        <dt>{promoTexts.listHash}</dt>
        <dd>
          <code data-testid="proof-list-hash">{draw.list_hash}</code>
        </dd>
        <dt>{promoTexts.eligibleCount(draw.eligible_count)}</dt>
        <dd>
          <a href={draw.list_url} download>
            {promoTexts.downloadList}
          </a>
        </dd>
      </dl>
      <h3>{promoTexts.howToVerifyTitle}</h3>
      <ol className={styles.steps}>
        {promoTexts.howToVerify.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}
