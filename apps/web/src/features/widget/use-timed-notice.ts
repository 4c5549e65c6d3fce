import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import { DELAYS_MS } from '@seguridad/contracts/constants';
import { errorText } from '../../shared/api/api-client';

/**
 * After a successful send: the notice takes focus and stays `durationMs` (spec §9), then `onDone`
 * empties the form and closes the drawer. A panel that is no longer shown finishes at once.
 */
export function useTimedNotice(options: {
  sent: boolean;
  active: boolean;
  durationMs: number;
  noticeRef: RefObject<HTMLElement | null>;
  onDone: () => void;
}): void {
  const { sent, active, durationMs, noticeRef } = options;
  const finish = useEffectEvent(options.onDone);
  useEffect(() => {
    if (!sent) return;
    if (!active) {
      finish();
      return;
    }
    noticeRef.current?.focus();
    const timer = setTimeout(finish, durationMs);
    return () => clearTimeout(timer);
  }, [sent, active, durationMs, noticeRef]);
}

/**
 * A panel's send (contact, callback, video mail): submit, then either the failure (by default the
 * server's refusal as a line above the form) or the timed success notice, after which `onDone`
 * empties the form and closes the drawer. `send` resolves false when there was nothing to send.
 */
export function useSendWithNotice<Values, Failure = string>(options: {
  active: boolean;
  send: (values: Values) => Promise<unknown>;
  onDone: () => void;
  /** How long the success notice stays (spec §9); the contact form's by default. */
  durationMs?: number;
  describeFailure?: (error: unknown) => Failure;
}) {
  const [failure, setFailure] = useState<Failure | null>(null);
  const [sent, setSent] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);
  useTimedNotice({
    sent,
    active: options.active,
    durationMs: options.durationMs ?? DELAYS_MS.contactNotice,
    noticeRef,
    onDone: () => {
      setSent(false);
      setFailure(null);
      options.onDone();
    },
  });
  // Without describeFailure, Failure is its default, string: what errorText gives.
  const describe = options.describeFailure ?? (errorText as (error: unknown) => Failure);
  const submit = async (values: Values) => {
    setFailure(null);
    try {
      if ((await options.send(values)) === false) return;
      setSent(true);
    } catch (error) {
      setFailure(describe(error));
    }
  };
  return { sent, failure, noticeRef, submit };
}
