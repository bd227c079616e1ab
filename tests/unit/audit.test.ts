import { describe, expect, it } from 'vitest';
import { auditMessage, auditScore } from '../../core/blog/audit.ts';

describe('Audit checklist: score = items checked (docs/requirements.md#audit-checklist)', () => {
  it('counts the checked items', () => {
    expect(auditScore([true, false, true, true, false, false, false, false, false, false])).toBe(3);
    expect(auditScore(Array(10).fill(true))).toBe(10);
  });

  it.each([
    [10, 'Excellent\u202F! Votre cabinet est bien organisé.'],
    [8, 'Excellent\u202F! Votre cabinet est bien organisé.'],
    [7, 'Bon niveau, quelques optimisations à prévoir.'],
    [6, 'Bon niveau, quelques optimisations à prévoir.'],
    [5, 'Organisation correcte, des améliorations sont nécessaires.'],
    [4, 'Organisation correcte, des améliorations sont nécessaires.'],
    [3, 'Beaucoup de marge de progression, Dentivo peut vous aider\u202F!'],
    [0, 'Beaucoup de marge de progression, Dentivo peut vous aider\u202F!'],
  ])('score %i gives « %s »', (score, message) => {
    expect(auditMessage(score, 'Dentivo')).toBe(message);
  });
});
