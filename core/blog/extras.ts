/**
 * Which of the shared blocks follow a given article (docs/requirements.md#blog-article). The same
 * few hundred words under every article tell its reader nothing new: each block goes where it answers
 * what that reader asks next.
 *
 * - the tester programme (promo) only when the article has no product section, whose call to action
 *   already leads there: one invitation, never two;
 * - the five questions and the trust points (class 1 device, HDS hosting, GDPR) on the categories that
 *   deal with rules and data;
 * - the practice audit checklist on the categories about running the practice.
 */
import type { Category } from './post.ts';

export interface ExtrasRules {
  trustCategories: readonly Category[];
  auditCategories: readonly Category[];
}

export interface ArticleExtrasShown {
  promo: boolean;
  trust: boolean;
  audit: boolean;
}

export function articleExtrasFor(
  post: { category: Category; productSection?: unknown },
  rules: ExtrasRules,
): ArticleExtrasShown {
  return {
    promo: !post.productSection,
    trust: rules.trustCategories.includes(post.category),
    audit: rules.auditCategories.includes(post.category),
  };
}
