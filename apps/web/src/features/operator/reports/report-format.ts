import { SERVICE_TIME_ZONE } from '@seguridad/contracts/constants';
import type { ReportPreset } from '@seguridad/contracts/http/reports';

const DAY_MS = 86_400_000;

/** The Chile calendar day (YYYY-MM-DD) of an instant, with Chile's daylight-saving changes. */
export function chileDay(instant: number): string {
  return new Date(instant).toLocaleDateString('sv-SE', { timeZone: SERVICE_TIME_ZONE });
}

/** A calendar day moved by whole days; noon UTC keeps the arithmetic clear of any clock change. */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The days a preset covers, both included, counted in Chile's days (`custom` keeps what it has). */
export function presetRange(
  preset: Exclude<ReportPreset, 'custom'>,
  now: number = Date.now(),
): { from: string; to: string } {
  const today = chileDay(now);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const yesterday = shiftDay(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case 'last7':
      return { from: shiftDay(today, -6), to: today };
    case 'last30':
      return { from: shiftDay(today, -29), to: today };
  }
}

/** '2026-11-27' → '27-11-2026', as people in Chile write a date. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}-${month}-${year}`;
}

const integerFormat = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('es-CL', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export const EMPTY_VALUE = '—';

export function formatCount(value: number): string {
  return integerFormat.format(value);
}

/** A share 0–1 as a percentage with one decimal and a decimal comma: 0.92 → '92,0 %'. */
export function formatShare(share: number | null): string {
  return share === null ? EMPTY_VALUE : `${oneDecimal.format(share * 100)} %`;
}

/** An average of stars, e.g. 4.25 → '4,3'. */
export function formatAverage(value: number | null): string {
  return value === null ? EMPTY_VALUE : oneDecimal.format(value);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Seconds as people read a wait: '8 s', '1 min 05 s', '2 h 03 min', '3 d 04 h'. */
export function formatSeconds(seconds: number | null): string {
  if (seconds === null) return EMPTY_VALUE;
  const total = Math.round(seconds);
  if (total < 60) return `${total} s`;
  if (total < 3600) return `${Math.floor(total / 60)} min ${pad(total % 60)} s`;
  const minutes = Math.round(total / 60);
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ${pad(minutes % 60)} min`;
  const hours = Math.round(minutes / 60);
  return `${Math.floor(hours / 24)} d ${pad(hours % 24)} h`;
}

/** Whether a service level reached its target (percent 1–100); null when nothing was offered. */
export function meetsTarget(share: number | null, percent: number): boolean | null {
  // The epsilon absorbs floating-point noise only (0.29 × 100 is 28.999…), never a real shortfall.
  return share === null ? null : share * 100 + 1e-9 >= percent;
}
