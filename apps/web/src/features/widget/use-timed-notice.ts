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
 * A form panel's send (contact, callback): the server's refusal as a line above the form, or the
 * timed success notice, after which `onDone` empties the form and closes the drawer.
 */
export function useSendWithNotice<Values>(options: {
  active: boolean;
  send: (values: Values) => Promise<unknown>;
  onDone: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);
  useTimedNotice({
    sent,
    active: options.active,
    durationMs: DELAYS_MS.contactNotice,
    noticeRef,
    onDone: () => {
      setSent(false);
      options.onDone();
    },
  });
  const submit = async (values: Values) => {
    setFailure(null);
    try {
      await options.send(values);
      setSent(true);
    } catch (error) {
      setFailure(errorText(error));
    }
  };
  return { sent, failure, noticeRef, submit };
}
