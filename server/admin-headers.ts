/**
 * Headers of /admin, the CMS (docs/decisions/0029-cms-for-editors.md). Decap CMS compiles its
 * configuration checks at run time and styles itself inline, so its page needs `unsafe-eval` and inline
 * styles that the site's pages never get; it talks to the git host's API in production. It is never
 * indexed (X-Robots-Tag), never framed, and sends no referrer.
 */
import { origins } from '../core/common/security-headers.ts';

/** /admin and what lies under it, not a page whose address merely starts so (/administration-du-cabinet). */
export const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

export function adminHeaders(env: Record<string, string | undefined> = process.env) {
  const git = env.CMS_BACKEND === 'github' ? ['https://api.github.com', ...origins([env.CMS_AUTH_URL ?? ''])] : [];
  const csp = [
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${git.length ? 'https://avatars.githubusercontent.com' : ''}`.trim(),
    "font-src 'self' data:",
    // blob: Decap reads a picked image back from its object URL with fetch() to send it (AssetProxy.toBase64).
    `connect-src 'self' blob: ${git.join(' ')}`.trim(),
    "frame-src 'self' blob:",
    // blob: the iPhone photo reader (heic-to, cms/media.ts) decodes in a worker it makes from its own code.
    "worker-src 'self' blob:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-robots-tag': 'noindex, nofollow',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin-allow-popups',
  };
}
