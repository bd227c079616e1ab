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
  return posts
    .filter((post) => post.slug !== current.slug)
    .map((post) => ({ post, score: relatedScore(current, post) }))
    .sort((a, b) => b.score - a.score || b.post.publishDate.localeCompare(a.post.publishDate) || a.post.slug.localeCompare(b.post.slug))
    .slice(0, count)
    .map(({ post }) => post);
}
