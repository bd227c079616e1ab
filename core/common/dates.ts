/** Dates in fr-FR (docs/requirements.md#ui-constants), independent of the machine's time zone. */
const longDate = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const time = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', hour12: false });

/** "2026-03-12" → "12 mars 2026". */
export function formatDateFr(isoDate: string): string {
  return longDate.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}

/** A message time as HH:mm in the visitor's own time zone. */
export function formatTimeHHmm(date: Date): string {
  return time.format(date);
}
