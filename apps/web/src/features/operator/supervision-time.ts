import type { SupervisionSnapshot } from '@seguridad/contracts/http/supervision';

type SupervisionTargets = SupervisionSnapshot['targets'];

/** How late the longest wait is against the company's two thresholds. */
export type WaitLevel = 'ok' | 'over-first' | 'over-second';

export function waitLevel(waitedSeconds: number, targets: SupervisionTargets): WaitLevel {
  if (waitedSeconds > targets.second_seconds) return 'over-second';
  if (waitedSeconds > targets.first_seconds) return 'over-first';
  return 'ok';
}

/** A share 0–1 as people read it ("93 %"), or a dash when there is nothing to measure. */
export function formatShare(share: number | null, dash: string): string {
  return share === null ? dash : `${Math.round(share * 100)} %`;
}

/** Seconds as "12 s", or "1 min 05 s" past a minute. */
export function formatSeconds(seconds: number | null, dash: string): string {
  if (seconds === null) return dash;
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}
