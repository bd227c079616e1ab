/**
 * Loopback ports of the browser tests: the site's server (E2E_PORT, 4173 by default) and the pages of
 * "another site" that embed the widgets (tests/e2e/embed.spec.ts): one allowed by EMBED_ORIGINS, one not.
 */
export const e2ePort = Number(process.env.E2E_PORT ?? 4173);
export const embedHostPort = Number(process.env.E2E_EMBED_PORT ?? e2ePort + 7);
export const foreignHostPort = embedHostPort + 1;
/** The origin the test server lets embed the widgets (its EMBED_ORIGINS). */
export const embedHostOrigin = `http://127.0.0.1:${embedHostPort}`;
/** `npm run dev` in a copy of the checkout, for the CMS test (tests/e2e/cms.spec.ts). */
export const cmsDevPort = Number(process.env.E2E_CMS_PORT ?? e2ePort + 9);
