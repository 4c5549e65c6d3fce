import { ratingTexts } from '@seguridad/contracts/messages';
import { useRatings } from '../api/get-ratings';
import { formatDateTime } from '../format';
import styles from './rating-summary.module.css';

/** The latest comments the summary shows; the rest stay on the server. */
const SHOWN_COMMENTS = 3;

/**
 * «¿Cómo fue tu atención?» as the console sees it (decision 044): the average and count, and the
 * latest comments, always as text.
 */
export function RatingSummary({ enabled }: { enabled: boolean }) {
  const ratings = useRatings(enabled).data;
  if (!ratings) return null;
  const comments = ratings.ratings.filter((rating) => rating.comment !== '').slice(0, SHOWN_COMMENTS);
  return (
    <section aria-label={ratingTexts.consoleTitle} className={styles.summary}>
      <p className={styles.average}>{ratingTexts.consoleSummary(ratings.average, ratings.count)}</p>
      {comments.length > 0 && (
        <>
          <h3 className={styles.title}>{ratingTexts.consoleLatest}</h3>
          <ul className={styles.comments}>
            {comments.map((rating) => (
              <li key={rating.call_id}>
                <span className={styles.stars}>{ratingTexts.consoleStars(rating.stars)}</span>{' '}
                <time dateTime={rating.created_at} className={styles.time}>
                  {formatDateTime(rating.created_at)}
                </time>
                <p className={styles.comment}>{rating.comment}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
