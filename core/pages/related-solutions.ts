/**
 * The related-solutions block (docs/requirements.md#related-solutions): at most 4 links from the page's cluster, never the
 * page itself, filled from the other clusters (in their declared order) when the cluster is short.
 * A link the page already offers elsewhere (its "Pour aller plus loin" links) is not offered twice.
 */
import type { Cluster } from './page.ts';
import type { Section } from './sections.ts';

export const RELATED_SOLUTIONS_MAX = 4;

export function relatedSolutions<L extends { href: string }>(
  clusters: Partial<Record<Cluster, readonly L[]>>,
  current: { path: string; cluster?: Cluster; sections?: readonly Section[] },
  max = RELATED_SOLUTIONS_MAX,
): L[] {
  const alreadyLinked = (current.sections ?? []).flatMap((section) =>
    section.type === 'links' ? section.links.map((link) => link.href) : [],
  );
  const own = current.cluster ? (clusters[current.cluster] ?? []) : [];
  const others = (Object.keys(clusters) as Cluster[])
    .filter((name) => name !== current.cluster)
    .flatMap((name) => clusters[name] ?? []);
  const chosen: L[] = [];
  const seen = new Set([current.path, ...alreadyLinked]);
  for (const link of [...own, ...others]) {
    if (chosen.length === max) break;
    if (seen.has(link.href)) continue;
    seen.add(link.href);
    chosen.push(link);
  }
  return chosen;
}
