/**
 * One address per page (docs/requirements.md#seo): `/agenda/`, `/agenda/index.html` and `/index.html`
 * answer a 301 to `/agenda` and `/`, the canonical addresses of the sitemap and the canonical links,
 * keeping the query string. Static hosts get the same rules from docs/deployment.md.
 */

/** The canonical path for a variant, or undefined when the path is already canonical. */
export function canonicalRedirect(pathname: string): string | undefined {
  let path = pathname;
  if (path.endsWith('/index.html')) path = path.slice(0, -'index.html'.length);
  if (path.length > 1) path = path.replace(/\/+$/, '');
  // Never "//host": a protocol-relative Location would send the visitor to another site.
  path = `/${path.replace(/^\/+/, '')}`;
  return path === pathname ? undefined : path;
}
