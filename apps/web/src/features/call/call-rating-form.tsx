import { useId, useRef, useState, type FormEvent } from 'react';
import { RATING_COMMENT_MAX } from '@seguridad/contracts/http/ratings';
import { ratingTexts } from '@seguridad/contracts/messages';
import { errorText } from '../../shared/api/api-client';
import { Button } from '../../shared/ui/button';
import { rateCall } from './api/rate-call';
import styles from './call-rating-form.module.css';

const STARS = [1, 2, 3, 4, 5] as const;

type CallRatingFormProps = {
  call: { id: number; token: string; companyKey: string };
  /** The person started to rate (focus came into the form): the end view must not close by itself. */
  onEngaged: () => void;
  /** Skipped: focus goes back to the view's Cerrar. */
  onDone: () => void;
  /** Kept by the server: the thanks is on screen. */
  onSent?: () => void;
};

/**
 * «¿Cómo fue tu atención?» at the end of an answered call (decision 044): five radios in a
 * fieldset, an optional comment with its count, Enviar and Omitir. The server keeps it once.
 */
export function CallRatingForm({ call, onEngaged, onDone, onSent }: CallRatingFormProps) {
  const ids = useId();
  const [stars, setStars] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [state, setState] = useState<'editing' | 'sending' | 'sent' | 'skipped'>('editing');
  const [problem, setProblem] = useState<string | null>(null);
  const thanksRef = useRef<HTMLParagraphElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (stars === null) {
      setProblem(ratingTexts.starsRequired);
      return;
    }
    setState('sending');
    setProblem(null);
    try {
      await rateCall(call, { stars, comment });
      setState('sent');
      onSent?.();
      requestAnimationFrame(() => thanksRef.current?.focus());
    } catch (error) {
      setProblem(errorText(error, ratingTexts.sendFailed));
      setState('editing');
    }
  }

  if (state === 'skipped') return null;
  if (state === 'sent') {
    return (
      <p ref={thanksRef} tabIndex={-1} role="status" className={styles.thanks}>
        {ratingTexts.thanks}
      </p>
    );
  }
  return (
    <form
      aria-label={ratingTexts.question}
      className={styles.form}
      onSubmit={(event) => void onSubmit(event)}
      onFocus={onEngaged}
      noValidate
    >
      <fieldset className={styles.stars} aria-describedby={problem ? `${ids}-problem` : undefined}>
        <legend className={styles.question}>{ratingTexts.question}</legend>
        {STARS.map((value) => (
          <label key={value} className={styles.star}>
            <input
              type="radio"
              name={`${ids}-stars`}
              value={value}
              checked={stars === value}
              onChange={() => setStars(value)}
              aria-label={ratingTexts.star(value)}
            />
            <span aria-hidden="true" className={stars !== null && value <= stars ? styles.on : styles.off}>
              ★
            </span>
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${ids}-comment`} className={styles.commentLabel}>
        {ratingTexts.commentLabel}
      </label>
      <textarea
        id={`${ids}-comment`}
        className={styles.comment}
        value={comment}
        maxLength={RATING_COMMENT_MAX}
        rows={2}
        aria-describedby={`${ids}-count`}
        onChange={(event) => setComment(event.target.value)}
      />
      <p id={`${ids}-count`} className={styles.count}>
        {ratingTexts.commentCount(comment.length, RATING_COMMENT_MAX)}
      </p>
      {problem && (
        <p id={`${ids}-problem`} role="alert" className={styles.problem}>
          {problem}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" busy={state === 'sending'}>
          {ratingTexts.send}
        </Button>
        <Button
          variant="ghost"
          className={styles.skip}
          onClick={() => {
            setState('skipped');
            onDone();
          }}
        >
          {ratingTexts.skip}
        </Button>
      </div>
    </form>
  );
}
