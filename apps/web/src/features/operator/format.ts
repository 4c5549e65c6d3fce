import { SERVICE_TIME_ZONE } from '@seguridad/contracts/constants';

/** Dates as the call centre reads them: Chilean Spanish, 24-hour clock, the service's time zone. */
const dateTimeFormat = new Intl.DateTimeFormat('es-CL', {
  timeZone: SERVICE_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** Whole seconds, as the browser's player counts them (rounded down), but never 0 for a real video. */
function wholeSeconds(durationMs: number): number {
  return durationMs > 0 ? Math.max(1, Math.floor(durationMs / 1000)) : 0;
}

/** `m:ss` as the player reads it, e.g. 65 400 ms → "1:05". */
export function formatDuration(durationMs: number): string {
  const totalSeconds = wholeSeconds(durationMs);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** The same duration for the `dateTime` attribute of `<time>` (ISO 8601), e.g. "PT1M5S". */
export function isoDuration(durationMs: number): string {
  const totalSeconds = wholeSeconds(durationMs);
  return `PT${Math.floor(totalSeconds / 60)}M${totalSeconds % 60}S`;
}

/** A file size as people read it: `820 KB`, `12,5 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString('es-CL', { maximumFractionDigits: 1 })} MB`;
}
