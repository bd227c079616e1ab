/**
 * Decap's check of its configuration, after the first screen instead of before it. Decap compiles its
 * JSON Schema with Ajv in the browser at every opening of /admin: more than half a second of the start
 * on this machine, before the editor sees anything (docs/decisions/0066-admin-opens-with-what-it-uses.md).
 * Our configuration is generated from the schemas (core/content/cms-collections.ts), so the check can
 * wait for an idle moment; a mistake is still shown, in French, and logged with Decap's own words.
 * vite.admin.config.ts puts this module in the place of Decap's for `actions/config.js` only.
 */
import { showMessage } from '../problems.ts';

/**
 * Decap's start leaves idle moments between its own steps, before the first screen: the check waits a
 * few seconds (the first screen is drawn within them), then for an idle moment.
 */
const AFTER_START_MS = 5000;

export function validateConfig(config: unknown): void {
  const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 0));
  setTimeout(() => idle(check), AFTER_START_MS);
  function check() {
    void import('decap-cms-core/dist/esm/constants/configSchema').then(({ validateConfig: decapCheck }) => {
      try {
        decapCheck(config);
        // What tests/e2e/cms.spec.ts waits for: the check ran, and passed.
        document.documentElement.dataset.cmsConfig = 'valide';
      } catch (error) {
        console.error(error);
        showMessage(
          'Configuration de l’interface invalide',
          String((error as Error).message),
          'Prévenez l’équipe technique : les enregistrements peuvent échouer tant que ce n’est pas corrigé.',
        );
      }
    });
  }
}
