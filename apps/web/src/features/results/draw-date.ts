const dateTime = new Intl.DateTimeFormat('es-CL', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'America/Santiago',
});

/** The draw's dates as the results page writes them, in Chile's time whatever the visitor's. */
export function formatDrawDate(isoDate: string): string {
  return dateTime.format(new Date(isoDate));
}
