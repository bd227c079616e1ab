// The security headers for these pages (core/common/security-headers.ts): the Content-Security-Policy allows
// the trackers and the backend this build's configuration gives the pages. The embedded server sends
// them (server/headers.ts); a static host copies them into its own configuration (docs/deployment.md).
// `this.securityHeaders` comes from eleventy.config.js: a template imports no TypeScript of its own.

export const data = { permalink: '/security-headers.json', eleventyExcludeFromCollections: true };

export function render({ site }) {
  return JSON.stringify({ headers: this.securityHeaders(site.publicConfig) }, null, 2);
}
