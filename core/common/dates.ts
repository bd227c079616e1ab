/** Dates in fr-FR (docs/requirements.md#ui-constants), independent of the machine's time zone. */
const longDate = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const localDate = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' });
const time = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', hour12: false });

/** As French writes a date: « 1er » for the first, and no-break spaces inside, so that it never breaks. */
const frenchDay = (text: string) => text.replace(/^1 /, '1er ').replace(/ /g, '\u00A0');

/** "2026-03-12" → "12 mars 2026", "2026-12-01" → "1er décembre 2026". */
export function formatDateFr(isoDate: string): string {
  return frenchDay(longDate.format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`)));
}

/** The day of a moment where the visitor is, as formatDateFr writes it. */
export function formatLocalDateFr(date: Date): string {
  return frenchDay(localDate.format(date));
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

/** The day (AAAA-MM-JJ) `count` days after `day` (before it when negative), counted at noon UTC. */
export function addDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + count * 86_400_000).toISOString().slice(0, 10);
}
