/**
 * The four quick options of the assistant's welcome (docs/requirements.md#assistant-quick-options): shown
 * by the drawer, and offered again by DENTY when a visitor only says hello.
 */
export const quickOptions = (product: string): string[] => [
  `Qu’est-ce que ${product}\u202F?`,
  'À qui s’adresse la plateforme\u202F?',
  'Explorer les fonctionnalités actuelles',
  `Comment ${product} peut m’aider\u202F?`,
];
