/** Security headers for every answer (QUALITY.md, "Reliability and security"). */
export interface CspSources {
  /** Extra origins scripts may come from (consented trackers, configured). */
  scripts: string[];
  /** Extra origins the page may call (backend, webhook, trackers). */
  connect: string[];
  /** Origins allowed to frame the site. */
  frameAncestors: string[];
}

export function securityHeaders(sources: CspSources): Record<string, string> {
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${sources.scripts.join(' ')}`.trim(),
    "style-src 'self'",
    `img-src 'self' data: blob: ${sources.scripts.join(' ')}`.trim(),
    "media-src 'self' blob:",
    "font-src 'self'",
    `connect-src 'self' ${sources.connect.join(' ')}`.trim(),
    `frame-ancestors 'self' ${sources.frameAncestors.join(' ')}`.trim(),
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'microphone=(self), camera=(), geolocation=(), payment=()',
    'cross-origin-opener-policy': 'same-origin',
  };
}

/** The origin of each configured URL, for the CSP. */
export function origins(urls: readonly string[]): string[] {
  const result = new Set<string>();
  for (const url of urls) {
    try {
      if (/^https?:\/\//.test(url)) result.add(new URL(url).origin);
    } catch {
      // A malformed URL was already refused by the configuration schema.
    }
  }
  return [...result];
}
