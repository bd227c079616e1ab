/**
 * Loopback ports of the tests that serve pages: the site's server (E2E_PORT, 4173 by default) and the
 * pages of "another site" that embed the widgets (tests/e2e/embed.spec.ts): one allowed by
 * EMBED_ORIGINS, one not; then the servers some tests start of their own, each a fixed step away.
 */

/**
 * Ports above 1024 that browsers and Node's fetch refuse to connect to (the Fetch standard's « bad
 * ports »): a test server there would never be reached, and its test would only time out.
 */
const REFUSED_BY_FETCH = new Set([
  1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

function fetchable(port: number, name: string): number {
  if (REFUSED_BY_FETCH.has(port))
    throw new Error(
      `Port ${port} (${name}, tiré de E2E_PORT=${process.env.E2E_PORT ?? 4173}) : fetch et les navigateurs refusent de s’y connecter. Choisissez un autre E2E_PORT.`,
    );
  return port;
}

export const e2ePort = fetchable(Number(process.env.E2E_PORT ?? 4173), 'site');
export const embedHostPort = fetchable(Number(process.env.E2E_EMBED_PORT ?? e2ePort + 7), 'site qui intègre');
export const foreignHostPort = fetchable(embedHostPort + 1, 'site non autorisé');
/** The origin the test server lets embed the widgets (its EMBED_ORIGINS). */
export const embedHostOrigin = `http://127.0.0.1:${embedHostPort}`;
/** `npm run dev` in a copy of the checkout, for the CMS test (tests/e2e/cms.spec.ts). */
export const cmsDevPort = fetchable(Number(process.env.E2E_CMS_PORT ?? e2ePort + 9), 'CMS');
/** The server whose inbox `npm run inbox` reads (tests/e2e/assistant-inbox.spec.ts). */
export const inboxServerPort = fetchable(e2ePort + 2, 'boîte de réception');
/** `npm start` refused or warned at start (tests/unit/security-cold-start.test.ts). */
export const startupPorts = [fetchable(e2ePort + 11, 'démarrage refusé'), fetchable(e2ePort + 12, 'démarrage averti')];
/** `npm run dev` in a copy of the checkout, for the teaching loop (tests/e2e/assistant-teaching.spec.ts). */
export const teachDevPort = fetchable(e2ePort + 14, 'apprentissage de DENTY');
/** The site built with a hostile article, served apart (tests/e2e/content-hostile.spec.ts). */
export const hostileSitePort = fetchable(e2ePort + 15, 'article hostile');
