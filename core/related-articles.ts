/**
 * 'Vous aimerez aussi...' (SPEC.md section 5): rank the other posts by same category (+2) plus one
 * point per shared tag; ties and padding go to the newest, so the choice is the same at every build.
 */
export const RELATED_ARTICLES_COUNT = 2;

interface Rankable {
  slug: string;
  category: string;
  tags: readonly string[];
  publishDate: string;
}

export function relatedScore(a: Rankable, b: Rankable): number {
  const sameCategory = a.category === b.category ? 2 : 0;
  return sameCategory + b.tags.filter((tag) => a.tags.includes(tag)).length;
}

export function relatedArticles<P extends Rankable>(current: Rankable, posts: readonly P[], count = RELATED_ARTICLES_COUNT): P[] {
  // One pass keeping only the best `count`: the build ranks every article, so this stays linear.
  const best: { post: P; score: number }[] = [];
  const before = (a: { post: P; score: number }, b: { post: P; score: number }) =>
    b.score - a.score || b.post.publishDate.localeCompare(a.post.publishDate) || a.post.slug.localeCompare(b.post.slug);
  for (const post of posts) {
    if (post.slug === current.slug) continue;
    const entry = { post, score: relatedScore(current, post) };
    if (best.length === count && before(entry, best[count - 1]!) >= 0) continue;
    best.push(entry);
    best.sort(before);
    if (best.length > count) best.pop();
  }
  return best.map(({ post }) => post);
}
