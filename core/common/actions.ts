/**
 * The words of an action a visitor meets in several places, written once: the specification's own
 * (docs/requirements.md#consent-banner, docs/requirements.md#idea-card), so that one action never reads
 * three ways. Widgets read them here; the links and buttons of every built page are held to them by
 * tests/unit/page-typography.test.ts.
 */
export const ACTIONS = {
  /** Every cookie button that refuses what is optional: the banner, the customise panel, /gestion-cookies. */
  rejectCookies: 'Refuser',
  /** Every cookie button that accepts everything. */
  acceptCookies: 'Tout accepter',
  /** Every button or link to the tester programme. */
  joinTesters: 'Rejoindre les testeurs',
} as const;

/** Other wordings of the same actions, which no link or button may use. */
export const RETIRED_WORDINGS = [
  'Refuser tous',
  'Accepter tous',
  'Tout refuser',
  'Devenir testeur',
  'Demander à devenir testeur',
  'demandez à devenir testeur',
] as const;
