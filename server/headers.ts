/**
 * Security headers for every answer (docs/requirements.md#security): the criteria of the MDN HTTP
 * Observatory (a CSP without unsafe-inline or unsafe-eval for scripts, frame-ancestors, nosniff,
 * Referrer-Policy, Permissions-Policy, COOP, CORP, HSTS over HTTPS). The page headers themselves come from
 * the build (core/common/security-headers.ts); this file adds what depends on the answer (images, resource
 * policy, HSTS) and what a static host must copy (docs/security.md; `npm run headers` prints it).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, toPublicConfig, type SiteConfig } from '../core/common/config.ts';
import { SECURITY_HEADERS_FILE, securityHeaders } from '../core/common/security-headers.ts';

/**
 * The page headers the build wrote beside the pages it serves, so that the policy allows what those pages
 * were built to load whatever this process's environment says. Without that file (a build from before it
 * existed, a test's bare folder), the same headers from this server's configuration.
 */
export function siteHeaders(siteDir: string, config: SiteConfig): Record<string, string> {
  const file = join(siteDir, SECURITY_HEADERS_FILE);
  if (!existsSync(file)) return securityHeaders(toPublicConfig(config));
  return (JSON.parse(readFileSync(file, 'utf8')) as { headers: Record<string, string> }).headers;
}

/**
 * The policy of our images opened on their own: the product mock-ups are SVG documents styled by their own
 * <style> element, which the page policy (style-src 'self') would block, leaving black boxes. Their styles
 * may apply; nothing may run (no script source, sandboxed) or be fetched but from this site.
 */
export const IMAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; font-src 'self'; sandbox";

/**
 * Cross-Origin-Resource-Policy: pages and API answers stay with this origin; files that other sites load
 * without CORS (embed.js, images, fonts and styles of the embedded widgets, voice notes) may be loaded anywhere.
 */
export function resourcePolicy(contentType: string | null): 'same-origin' | 'cross-origin' {
  return !contentType || /^(text\/html|application\/json)\b/i.test(contentType) ? 'same-origin' : 'cross-origin';
}

/** HSTS of two years, the floor of the Observatory being six months; subdomains are left to their owners. */
export const DEFAULT_HSTS = 'max-age=63072000';

/** HSTS="max-age=63072000; includeSubDomains; preload", or "off"; empty means DEFAULT_HSTS. */
export function hstsFromEnv(env: Record<string, string | undefined>): string | undefined {
  const raw = env.HSTS?.trim();
  if (!raw) return DEFAULT_HSTS;
  if (raw === 'off' || raw === '0') return undefined;
  if (!/^max-age=\d{1,9}(?:\s*;\s*includeSubDomains)?(?:\s*;\s*preload)?$/i.test(raw))
    throw new ConfigError(
      `Configuration invalide :\n- HSTS (variable d’environnement) : « ${raw} » n’est pas de la forme max-age=63072000[; includeSubDomains][; preload], ni off`,
    );
  return raw;
}

/**
 * Whether the visitor's connection is HTTPS: the request itself, or a proxy that terminated TLS and says
 * so (X-Forwarded-Proto, Forwarded: proto=https). Browsers ignore HSTS received over plain HTTP (RFC 6797,
 * section 8.1), so a client that writes these headers itself gains nothing.
 */
export function servedOverHttps(url: string, header: (name: string) => string | undefined): boolean {
  if (url.startsWith('https:')) return true;
  const proto = header('x-forwarded-proto')?.split(',').at(-1)?.trim().toLowerCase();
  if (proto === 'https') return true;
  return /(?:^|[;,\s])proto="?https"?(?:$|[;,\s])/i.test(header('forwarded') ?? '');
}

/** One rule of a static host's configuration: the paths it covers and every header they must carry. */
export interface HostRule {
  /** Netlify-style paths (`/images/*`). */
  paths: string[];
  /** A regular expression for nginx's `location ~`, or undefined for the server block itself. */
  nginx?: string;
  headers: Record<string, string>;
}

/**
 * What a static host must send to match this server (docs/security.md): the page headers everywhere,
 * HSTS (the host serves HTTPS), for images and the embed's files the policies this server gives them,
 * and no caching of the not-found page.
 */
export function staticHostRules(config: SiteConfig, hsts: string | undefined = DEFAULT_HSTS): HostRule[] {
  const base = {
    ...securityHeaders(toPublicConfig(config)),
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
  };
  return [
    { paths: ['/*'], headers: { ...base, 'cross-origin-resource-policy': 'same-origin' } },
    {
      paths: ['/images/*', '/favicon.svg', '/placeholder.svg'],
      nginx: '\\.(svg|png|jpg|webp|avif|ico)$',
      headers: { ...base, 'content-security-policy': IMAGE_CSP, 'cross-origin-resource-policy': 'cross-origin' },
    },
    // The not-found page stands for any missing address, an article not yet published among them: never
    // kept, so that the article is reachable once it appears (docs/decisions/0070-missing-article-temporary-redirect.md).
    {
      paths: ['/404.html'],
      nginx: '^/404\\.html$',
      headers: { ...base, 'cross-origin-resource-policy': 'same-origin', 'cache-control': 'no-store' },
    },
    {
      paths: ['/assets/*', '/embed.js', '/embed/*'],
      nginx: '^/(assets/|embed/|embed\\.js$)',
      headers: { ...base, 'cross-origin-resource-policy': 'cross-origin' },
    },
  ];
}

const headerName = (name: string) =>
  name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());

/**
 * A `_headers` file, for Netlify (a later matching rule replaces a header of an earlier one) or Cloudflare
 * Pages (`cloudflare`: it would join both values with a comma, and a browser enforces both policies, so
 * the more specific rules first drop the page's with `! Name`).
 */
export function headersFile(rules: HostRule[], host: 'netlify' | 'cloudflare'): string {
  const lines: string[] = [`# Généré par \`npm run headers -- ${host}\` à partir de server/headers.ts.`];
  for (const [index, rule] of rules.entries())
    for (const path of rule.paths) {
      lines.push(path);
      const headers = index > 0 ? specific(rule.headers, rules[0]!.headers) : rule.headers;
      if (index > 0 && host === 'cloudflare')
        for (const name of Object.keys(headers)) if (name in rules[0]!.headers) lines.push(`  ! ${headerName(name)}`);
      for (const [name, value] of Object.entries(headers)) lines.push(`  ${headerName(name)}: ${value}`);
    }
  return `${lines.join('\n')}\n`;
}

/** The headers of a specific rule that differ from the site-wide ones (the rest comes from `/*`). */
function specific(headers: Record<string, string>, base: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name, value]) => base[name] !== value));
}

/**
 * nginx: to include in the `server { listen 443 ssl; … }` block that serves _site. A location with its own
 * add_header inherits none of the server's, so each repeats every header; `always` keeps them on 404s.
 * Dotfiles are not served, /.well-known/ excepted.
 */
export function nginxHeaders(rules: HostRule[]): string {
  const block = (headers: Record<string, string>, indent: string) =>
    Object.entries(headers).map(([name, value]) => `${indent}add_header ${headerName(name)} "${value}" always;`);
  const lines = ['# Généré par `npm run headers -- nginx` à partir de server/headers.ts.'];
  for (const rule of rules) {
    if (!rule.nginx) lines.push(...block(rule.headers, ''));
    else lines.push(`location ~* ${rule.nginx} {`, ...block(rule.headers, '  '), '}');
  }
  lines.push('location ~ /\\.(?!well-known/) {', '  return 404;', '}');
  return `${lines.join('\n')}\n`;
}
