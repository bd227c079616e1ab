/**
 * The security headers of every answer (docs/requirements.md#security), derived from the public
 * configuration the pages are built with: the Content-Security-Policy allows exactly the trackers that
 * configuration installs (core/consent/trackers.ts) and the backend its widgets call. The build writes
 * them beside the pages (SECURITY_HEADERS_FILE); the embedded server sends those, and a static host
 * copies them, so that the policy can never block what the pages were built to load.
 */
import { base64, sha256 } from './sha256.ts';
import type { PublicConfig } from './config.ts';
import { installedTrackers } from '../consent/trackers.ts';
import { prePaintScript } from '../blog/listing.ts';

/** Written by the build at the root of _site/ (site/pages/generated/security-headers.11ty.js). */
export const SECURITY_HEADERS_FILE = 'security-headers.json';

/** The origin of each absolute http(s) URL (relative and empty ones are the site itself). */
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

/** 'sha256-…' of an inline script's text, as a CSP source. */
export function scriptHash(text: string): string {
  return `'sha256-${base64(sha256(text))}'`;
}

/**
 * The site's only inline script, the blog lists' pre-paint step (core/blog/listing.ts): its text is fixed,
 * so the policy allows it by its hash rather than with 'unsafe-inline'.
 */
const INLINE_SCRIPTS = [prePaintScript()];

/** Script URLs become their origin; wildcard and WebSocket sources stay as written. */
const sources = (list: readonly string[]) => [
  ...new Set(list.flatMap((item) => (item.includes('*') || item.startsWith('wss:') ? [item] : origins([item])))),
];

export function contentSecurityPolicy(config: PublicConfig): string {
  const { tracking } = config;
  const trackers = installedTrackers(tracking);
  const pick = (kind: 'scripts' | 'connect' | 'images') => trackers.flatMap((tracker) => tracker.sources[kind] ?? []);
  const scripts = sources([...trackers.map((tracker) => tracking[tracker.script]), ...pick('scripts')]);
  const images = sources([...scripts, ...pick('images')]);
  const backend = origins([config.supabaseUrl, config.assistantWebhookUrl]);
  const connect = [
    ...new Set([
      ...backend,
      ...origins([tracking.alertWebhookUrl, tracking.alertEmailEndpoint]),
      ...sources(pick('connect')),
    ]),
  ];
  const list = (items: string[]) => (items.length ? ` ${items.join(' ')}` : '');
  return [
    "default-src 'self'",
    `script-src 'self'${list([...INLINE_SCRIPTS.map(scriptHash), ...scripts])}`,
    "style-src 'self'",
    `img-src 'self' data: blob:${list(images)}`,
    // The assistant's voice notes play from the object storage.
    `media-src 'self' blob:${list(backend)}`,
    "font-src 'self'",
    `connect-src 'self'${list(connect)}`,
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export function securityHeaders(config: PublicConfig): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(config),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'microphone=(self), camera=(), geolocation=(), payment=()',
    'cross-origin-opener-policy': 'same-origin',
  };
}
