import { SERVICE_TIME_ZONE } from '@seguridad/contracts/constants';

/** Chile's time zone: the trail's days, like every date a person reads, are Chile's, not the server's. */
export const CHILE_TIME_ZONE = SERVICE_TIME_ZONE;

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: CHILE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Chile's wall-clock reading of an instant, as YYYY-MM-DD HH:MM:SS. */
export function chileDateTime(instant: Date): string {
  const get = (type: string) => parts.formatToParts(instant).find((part) => part.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

/** Milliseconds Chile's clock is ahead of UTC at an instant (negative: -3 or -4 hours). */
function chileOffsetMs(instant: number): number {
  const wall = chileDateTime(new Date(instant));
  const asUtc = Date.parse(`${wall.replace(' ', 'T')}Z`);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The first instant of a Chilean calendar day (YYYY-MM-DD). Chile moves its clocks at midnight, so
 * on the day summer time starts the day begins at 01:00: the result is then that instant.
 */
export function startOfChileDay(day: string): Date {
  const wallMidnight = Date.parse(`${day}T00:00:00Z`);
  let guess = wallMidnight - chileOffsetMs(wallMidnight);
  // A second pass lands on the right side of a clock change that falls between the two readings.
  guess = wallMidnight - chileOffsetMs(guess);
  // Midnight did not exist (the clock jumped to 01:00): the guess fell on the previous day.
  if (chileDateTime(new Date(guess)).slice(0, 10) < day) guess += 60 * 60 * 1000;
  return new Date(guess);
}

/** The day after a YYYY-MM-DD day. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
