/** The cabinet audit checklist of the blog (docs/requirements.md#audit-checklist): score = items checked. */
export const AUDIT_ITEM_COUNT = 10;

export function auditScore(checked: readonly boolean[]): number {
  return checked.filter(Boolean).length;
}

/**
 * The four score messages of docs/requirements.md#audit-checklist, with the product name filled in. The narrow no-break
 * space before « ! » is written here, so that build-time and browser renders are the same text.
 */
export function auditMessage(score: number, productName: string): string {
  if (score >= 8) return 'Excellent\u202F! Votre cabinet est bien organisé.';
  if (score >= 6) return 'Bon niveau, quelques optimisations à prévoir.';
  if (score >= 4) return 'Organisation correcte, des améliorations sont nécessaires.';
  return `Beaucoup de marge de progression, ${productName} peut vous aider\u202F!`;
}
