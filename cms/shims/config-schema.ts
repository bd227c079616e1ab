/**
 * Decap's check of its configuration, after the first screen instead of before it. Decap compiles its
 * JSON Schema with Ajv in the browser at every opening of /admin: more than half a second of the start
 * on this machine, before the editor sees anything (docs/decisions/0066-admin-opens-with-what-it-uses.md).
 * Our configuration is generated from the schemas (core/content/cms-collections.ts), so the check can
 * wait for an idle moment; a mistake is still shown, in French, and logged with Decap's own words.
 * vite.admin.config.ts puts this module in the place of Decap's for `actions/config.js` only.
 */
import { showMessage } from '../problems.ts';

export function validateConfig(config: unknown): void {
  const later = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1000));
  later(() => {
    void import('decap-cms-core/dist/esm/constants/configSchema').then(({ validateConfig: check }) => {
      try {
        check(config);
      } catch (error) {
        console.error(error);
        showMessage(
          'Configuration de l’interface invalide',
          String((error as Error).message),
          'Prévenez l’équipe technique : les enregistrements peuvent échouer tant que ce n’est pas corrigé.',
        );
      }
    });
  });
}
