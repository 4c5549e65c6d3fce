import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { WHEEL } from '@seguridad/contracts/constants';
import type { WheelSpinResponse } from '@seguridad/contracts/http/wheel';
import { wheelTexts } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import { ApiRequestError } from '../../shared/api/api-client';
import { useRedirectToLogin, useRequireSession } from '../../shared/auth/require-session';
import { Alert } from '../../shared/ui/alert';
import { Button, buttonClassName } from '../../shared/ui/button';
import { Dialog, DialogActions } from '../../shared/ui/dialog';
import { useWheelOptions, wheelOptionsQueryOptions } from './api/get-wheel-options';
import { useSpinWheel } from './api/spin-wheel';
import { PrizeWheel } from './prize-wheel';
import { rotationToSection } from './wheel-geometry';
import { playSpinSound } from './wheel-sound';
import styles from './wheel-page.module.css';

/**
 * idle → spinning (the wheel turns 5 s to the prize the server drew) → result (after 6 s the
 * dialog opens, the wheel is back at rest and the options reload) → idle.
 */
type SpinState =
  | { step: 'idle' }
  | { step: 'spinning'; result: WheelSpinResponse; rotation: number }
  | { step: 'result'; result: WheelSpinResponse };

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401;
}

/** The prize wheel (spec §2 Wheel, §4 Wheel): 10 sections, one button, the result dialogs. */
export function WheelPage() {
  const hasSession = useRequireSession();
  const redirectToLogin = useRedirectToLogin();
  const queryClient = useQueryClient();
  const options = useWheelOptions(hasSession);
  const spin = useSpinWheel();
  const [state, setState] = useState<SpinState>({ step: 'idle' });
  const [noAttemptsDismissed, setNoAttemptsDismissed] = useState(false);
  const [spinRefused, setSpinRefused] = useState(false);
  const [spinFailed, setSpinFailed] = useState(false);
  const resultTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(resultTimer.current), []);
  useEffect(() => {
    if (isUnauthorized(options.error)) redirectToLogin();
  }, [options.error, redirectToLogin]);

  const items = options.data?.items ?? [];
  const outOfAttempts = options.data?.status === 'no_attempts_left';
  const noAttemptsOpen =
    state.step === 'idle' && (spinRefused || (outOfAttempts && !noAttemptsDismissed && !spin.isPending));

  function showResult(result: WheelSpinResponse) {
    setState({ step: 'result', result });
    void queryClient.invalidateQueries({ queryKey: wheelOptionsQueryOptions.queryKey });
  }

  function startSpin() {
    if (outOfAttempts) {
      setSpinRefused(true);
      return;
    }
    setSpinFailed(false);
    playSpinSound();
    spin.mutate(undefined, {
      onSuccess: (result) => {
        const index = Math.max(
          0,
          items.findIndex((item) => item.id === result.items.id),
        );
        if (prefersReducedMotion()) {
          showResult(result);
          return;
        }
        setState({ step: 'spinning', result, rotation: rotationToSection(index) });
        resultTimer.current = window.setTimeout(() => showResult(result), WHEEL.resultDelayMs);
      },
      onError: (error) => {
        if (isUnauthorized(error)) redirectToLogin();
        else if (error instanceof ApiRequestError && error.status === 409) {
          setSpinRefused(true);
          void queryClient.invalidateQueries({ queryKey: wheelOptionsQueryOptions.queryKey });
        } else setSpinFailed(true);
      },
    });
  }

  function closeResult() {
    setState({ step: 'idle' });
    setNoAttemptsDismissed(false);
  }

  function closeNoAttempts() {
    setSpinRefused(false);
    setNoAttemptsDismissed(true);
  }

  const busy = spin.isPending || state.step === 'spinning';
  const result = state.step === 'result' ? state.result : undefined;
  const noMoreSpins = result?.items.status ?? false;
  const announcement =
    state.step === 'spinning' || spin.isPending
      ? wheelTexts.spinning
      : result
        ? wheelTexts.prizeWon[result.items.uid](result.items.amount)
        : '';

  return (
    <section className={styles.page} aria-labelledby="wheel-title">
      <h1 id="wheel-title" className={styles.title}>
        {wheelTexts.title}
      </h1>
      <p className={styles.intro}>{wheelTexts.intro}</p>

      {options.isError && !isUnauthorized(options.error) && (
        <Alert tone="warning">
          {wheelTexts.loadFailed}{' '}
          <Button variant="secondary" onClick={() => void options.refetch()}>
            {wheelTexts.retry}
          </Button>
        </Alert>
      )}
      {options.isPending && hasSession && (
        <p role="status" aria-busy="true" className={styles.muted}>
          {wheelTexts.loading}
        </p>
      )}

      {options.data && (
        <div className={styles.stage}>
          <PrizeWheel
            items={items}
            rotation={state.step === 'spinning' ? state.rotation : 0}
            animate={state.step === 'spinning'}
            winnerId={result?.items.id}
          />
          <div className={styles.panel}>
            <p className={styles.balance}>
              <strong>{wheelTexts.attemptsLeft(options.data.attempts_left)}</strong>
              <span>{wheelTexts.opportunities(options.data.opportunities)}</span>
            </p>
            {spinFailed && <Alert tone="warning">{wheelTexts.spinFailed}</Alert>}
            <Button className={styles.spinButton} onClick={startSpin} busy={busy}>
              {wheelTexts.spin}
            </Button>
          </div>
        </div>
      )}

      <p role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </p>

      <Dialog
        open={result !== undefined}
        onOpenChange={(open) => !open && closeResult()}
        title={wheelTexts.resultTitle}
        description={
          result && (
            <>
              {wheelTexts.prizeWon[result.items.uid](result.items.amount)}{' '}
              {wheelTexts.opportunities(result.offer.offer_data.amount)}.
            </>
          )
        }
      >
        {result && (
          <img className={styles.prizeImage} src={imageOf(result, items)} alt="" width={96} height={96} />
        )}
        <DialogActions>
          {noMoreSpins ? (
            <Link to={webPaths.home} className={buttonClassName('primary', true)}>
              {wheelTexts.goHome}
            </Link>
          ) : (
            <Button fullWidth onClick={closeResult}>
              {wheelTexts.spinAgain}
            </Button>
          )}
        </DialogActions>
      </Dialog>

      <Dialog
        open={noAttemptsOpen}
        onOpenChange={(open) => !open && closeNoAttempts()}
        title={wheelTexts.noAttemptsLeft}
        description={wheelTexts.noAttemptsLeftBody}
      >
        <DialogActions>
          <Link to={webPaths.home} className={buttonClassName('primary', true)}>
            {wheelTexts.goHome}
          </Link>
        </DialogActions>
      </Dialog>
    </section>
  );
}

function imageOf(result: WheelSpinResponse, items: { id: number; image_url: string }[]): string | undefined {
  return items.find((item) => item.id === result.items.id)?.image_url;
}
