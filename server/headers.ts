/**
 * The security headers the server sends with every answer (docs/requirements.md#security): those the
 * build wrote beside the pages it serves (core/site/security-headers.ts), so that the policy allows
 * what those pages were built to load whatever this process's environment says. Without that file (a
 * build from before it existed, a test's bare folder), the same headers from this server's configuration.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toPublicConfig, type SiteConfig } from '../core/site/config.ts';
import { SECURITY_HEADERS_FILE, securityHeaders } from '../core/site/security-headers.ts';

export function siteHeaders(siteDir: string, config: SiteConfig): Record<string, string> {
  const file = join(siteDir, SECURITY_HEADERS_FILE);
  if (!existsSync(file)) return securityHeaders(toPublicConfig(config));
  return (JSON.parse(readFileSync(file, 'utf8')) as { headers: Record<string, string> }).headers;
}
