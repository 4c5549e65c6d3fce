import { SERVICE_TIME_ZONE } from '@seguridad/contracts/constants';

/** A moment as people in Chile read it: '23-11-2026, 13:05'. */
const formatter = new Intl.DateTimeFormat('es-CL', {
  timeZone: SERVICE_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function formatDateTime(iso: string): string {
  return formatter.format(new Date(iso));
}

/** A day as people in Chile read it: '27 de diciembre de 2026'. */
const dayFormatter = new Intl.DateTimeFormat('es-CL', { timeZone: SERVICE_TIME_ZONE, dateStyle: 'long' });

export function formatDay(iso: string): string {
  return dayFormatter.format(new Date(iso));
}
