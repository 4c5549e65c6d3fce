/**
 * How long a call has waited, as a clock reads it: "0:07", "1:05", "1:02:03" past an hour.
 * A start in the future (the server's clock ahead of this one) reads as 0:00, never negative.
 */
export function formatWaitingTime(createdAt: string, now: number): string {
  const started = Date.parse(createdAt);
  const totalSeconds = Number.isNaN(started) ? 0 : Math.max(0, Math.floor((now - started) / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = String(totalSeconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** The sentence an item of the queue shows, e.g. "Esperando hace 1:05". */
export function waitingSentence(createdAt: string, now: number): string {
  return `Esperando hace ${formatWaitingTime(createdAt, now)}`;
}
