/**
 * 'Vous aimerez aussi...' (docs/requirements.md#related-articles): rank the other posts by same category (+2) plus one
 * point per shared tag; ties and padding go to the newest, so the choice is the same at every build.
 */
export const RELATED_ARTICLES_COUNT = 2;

interface Rankable {
  slug: string;
  category: string;
  tags: readonly string[];
  publishDate: string;
}

/** The score of any post against `current`: +2 for the same category, +1 per shared tag. */
function scorer(current: Rankable): (post: Rankable) => number {
  const { category } = current;
  const tags = new Set(current.tags);
  return (post) => {
    let score = post.category === category ? 2 : 0;
    for (const tag of post.tags) if (tags.has(tag)) score += 1;
    return score;
  };
}

export function relatedScore(a: Rankable, b: Rankable): number {
  return scorer(a)(b);
}

/** Higher score first, then the newest, then the slug: the same choice at every build. */
function ranksBefore(score: number, post: Rankable, otherScore: number, other: Rankable): boolean {
  if (score !== otherScore) return score > otherScore;
  if (post.publishDate !== other.publishDate) return post.publishDate > other.publishDate;
  return post.slug < other.slug;
}

export function relatedArticles<P extends Rankable>(
  current: Rankable,
  posts: readonly P[],
  count = RELATED_ARTICLES_COUNT,
): P[] {
  // The build ranks every article against every other: one tight pass each (no allocation per post,
  // plain string order for the ISO dates and slugs), keeping only the best `count` in order.
  // `current` is read once: a template hands it over through Eleventy's data proxies, slow to read.
  const { slug } = current;
  const scoreOf = scorer(current);
  const best: P[] = [];
  const scores: number[] = [];
  for (const post of posts) {
    if (post.slug === slug) continue;
    const score = scoreOf(post);
    let at = best.length;
    while (at > 0 && ranksBefore(score, post, scores[at - 1]!, best[at - 1]!)) at -= 1;
    if (at >= count) continue;
    best.splice(at, 0, post);
    scores.splice(at, 0, score);
    if (best.length > count) {
      best.pop();
      scores.pop();
    }
  }
  return best;
}

/**
 * `relatedArticles` for every article of a build, the same choice without ranking every post against
 * every other (quadratic: minutes at 10,000 articles). Only posts that share a tag can score above
 * the category's +2: the lists of posts by tag, each in rank order, are read side by side in that order,
 * so each post met is counted once, and the reading stops as soon as no post still unread can enter
 * the choice. The best posts with no shared tag are the newest of its category, then of the blog.
 */
function append<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function relatedArticlesFinder<P extends Rankable>(
  posts: readonly P[],
  count = RELATED_ARTICLES_COUNT,
): (current: Rankable) => P[] {
  // Rank: the tie order of `ranksBefore` (newest, then slug), once.
  const order = posts
    .map((post, index) => ({ index, date: post.publishDate, slug: post.slug }))
    .sort((a, b) => (a.date !== b.date ? (a.date > b.date ? -1 : 1) : a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0))
    .map((entry) => entry.index);
  const rank = new Int32Array(posts.length);
  order.forEach((index, position) => (rank[index] = position));
  const bySlug = new Map(posts.map((post, index) => [post.slug, index]));
  const byTag = new Map<string, number[]>();
  const byCategory = new Map<string, number[]>();
  for (const index of order) {
    const post = posts[index]!;
    // One entry per occurrence: the score counts a post's tag each time it appears.
    for (const tag of post.tags) append(byTag, tag, index);
    append(byCategory, post.category, index);
  }
  // The most times one post appears in a tag's list (a tag written twice counts twice).
  const repeats = new Map<string, number>();
  for (const [tag, list] of byTag) {
    let most = 1;
    for (let at = 1, run = 1; at < list.length; at++)
      most = Math.max(most, (run = list[at] === list[at - 1] ? run + 1 : 1));
    repeats.set(tag, most);
  }
  const scoreOf = new Int32Array(posts.length).fill(-1);
  const categoryIds = new Map([...byCategory.keys()].map((name, id) => [name, id]));
  const categoryOf = Int32Array.from(posts, (post) => categoryIds.get(post.category)!);

  return (current) => {
    const { slug, category } = current;
    const self = bySlug.get(slug);
    if (self === undefined) return relatedArticles(current, posts, count);
    const own = categoryIds.get(category) ?? -1;
    // The best `count` so far: score, then rank (newest, then slug).
    const best: number[] = [];
    const bestScores: number[] = [];
    const consider = (index: number, value: number) => {
      let at = best.length;
      while (
        at > 0 &&
        (value > bestScores[at - 1]! || (value === bestScores[at - 1]! && rank[index]! < rank[best[at - 1]!]!))
      )
        at -= 1;
      if (at >= count) return;
      best.splice(at, 0, index);
      bestScores.splice(at, 0, value);
      if (best.length > count) {
        best.pop();
        bestScores.pop();
      }
    };

    const tags = [...new Set(current.tags)].filter((tag) => byTag.has(tag));
    const lists = tags.map((tag) => byTag.get(tag)!);
    const heads = lists.map(() => 0);
    // What a post not read yet could still score: its tags in the lists not read to the end, +2.
    let reachable = 2 + tags.reduce((total, tag) => total + repeats.get(tag)!, 0);
    const met: number[] = [];
    for (;;) {
      // The next post in rank order among the lists' heads, and how many times the lists name it.
      let next = -1;
      for (let list = 0; list < lists.length; list++) {
        const head = heads[list]!;
        if (head < lists[list]!.length && (next < 0 || rank[lists[list]![head]!]! < rank[next]!))
          next = lists[list]![head]!;
      }
      if (next < 0) break;
      let shared = 0;
      for (let list = 0; list < lists.length; list++) {
        const entries = lists[list]!;
        let head = heads[list]!;
        while (head < entries.length && entries[head] === next) {
          shared += 1;
          head += 1;
        }
        if (head === entries.length && heads[list]! < entries.length) reachable -= repeats.get(tags[list]!)!;
        heads[list] = head;
      }
      if (next === self) continue;
      const value = shared + (categoryOf[next] === own ? 2 : 0);
      scoreOf[next] = value;
      met.push(next);
      consider(next, value);
      // Every post still unread comes later in rank order: it must score more to enter.
      if (best.length === count && bestScores[count - 1]! >= reachable) break;
    }
    // Posts that share no tag score 2 (same category) or 0. A post the reading did not reach holds a
    // shared tag, but then the choice already scores more than 2 (it stopped early) or it was read.
    const untouched = (list: readonly number[], keep: (index: number) => boolean, value: number) => {
      let found = 0;
      for (const index of list) {
        if (found >= count) break;
        if (index === self || scoreOf[index] !== -1 || !keep(index)) continue;
        consider(index, value);
        found++;
      }
    };
    untouched(byCategory.get(category) ?? [], () => true, 2);
    untouched(order, (index) => categoryOf[index] !== own, 0);
    for (const index of met) scoreOf[index] = -1;
    return best.map((index) => posts[index]!);
  };
}
