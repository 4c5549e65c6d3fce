import { useEffect, useEffectEvent, type RefObject } from 'react';

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
