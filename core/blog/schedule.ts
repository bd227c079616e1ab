/**
 * Scheduled articles (docs/requirements.md#blog-post-model): an article dated after today is written in
 * the repository but not published, neither its page nor any list, feed, sitemap or index, until a build
 * on or after its date. « Today » is the day in Paris, where the editors and the readers are.
 */
import { formatDateFr } from '../common/dates.ts';

const parisDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The day (AAAA-MM-JJ) it is in Paris at `now`: an article dated today is published from midnight there. */
export function parisDay(now: Date): string {
  return parisDayFormat.format(now);
}

/** Whether an article dated `publishDate` waits for a later build. */
export function isScheduled(post: { publishDate: string }, today: string): boolean {
  return post.publishDate > today;
}

function listInWords(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} et ${items.at(-1)}`;
}

/**
 * What the build says of the articles it left for later: « 1 article programmé, publié le 3 décembre 2026 »,
 * « 2 articles programmés, publiés le 3 et le 10 décembre 2026 » (each day once, in order). Empty if none.
 */
export function scheduledNotice(posts: readonly { publishDate: string }[]): string {
  if (!posts.length) return '';
  const days = [...new Set(posts.map((post) => post.publishDate))].sort();
  const one = posts.length === 1;
  const when = listInWords(days.map((day) => `le ${formatDateFr(day)}`));
  return `${posts.length} article${one ? '' : 's'} programmé${one ? '' : 's'}, publié${one ? '' : 's'} ${when}`;
}

export type ArticleState = 'draft' | 'scheduled' | 'published';

/**
 * Where an article stands today, in the words the CMS shows (its list, its top bar, its preview): a draft
 * is never published, a scheduled one waits for its day (`on`, as French writes it), any other is on the site.
 */
export function articleStatus(
  post: { draft?: unknown; publishDate?: unknown },
  today: string,
): { state: ArticleState; label: string; on?: string } {
  const day = typeof post.publishDate === 'string' ? post.publishDate : '';
  if (post.draft === true) return { state: 'draft', label: 'Brouillon' };
  if (day && isScheduled({ publishDate: day }, today)) {
    const on = formatDateFr(day);
    return { state: 'scheduled', label: `Programmé pour le ${on}`, on };
  }
  return { state: 'published', label: day ? `Publié le ${formatDateFr(day)}` : 'Publié' };
}
