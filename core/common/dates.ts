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

/** "45 secondes", "2 minutes": how long to wait, as a refusal for too many requests says it (typeset). */
export function retryDelayText(seconds: number): string {
  if (seconds < 60) return `${seconds}\u00A0seconde${seconds > 1 ? 's' : ''}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes}\u00A0minute${minutes > 1 ? 's' : ''}`;
}
