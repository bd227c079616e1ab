/**
 * The dev CMS answers only its own editor (docs/decisions/0029-cms-for-editors.md, « Who may write »).
 * Its API writes the checkout's files, so a request must come from the /admin page of this server, in
 * the editor's own browser:
 *   - a peer on this machine (loopback), unless CMS_REMOTE=1 opens it to the network on purpose: with
 *     HOST=0.0.0.0 a neighbour of the network could otherwise send `Host: localhost`;
 *   - a Host from the allow-list (loopback names, and HOST when it names this machine), so that a page
 *     of another site whose name was rebound to 127.0.0.1 (DNS rebinding) is refused;
 *   - same-origin: an Origin equal to that Host, and `Sec-Fetch-Site: same-origin` when the browser
 *     sends it, so that a form or script of another site is refused;
 *   - a JSON body (a plain HTML form cannot send one);
 *   - the per-run secret that only the /admin page receives (in a <meta>), sent back in a header.
 * The admin page itself is served only to an allowed Host, so that a rebound name cannot read the secret.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { peerAddress } from './rate-limit.ts';

/** The header the admin sends the secret in (cms/local-access.ts). */
export const CMS_TOKEN_HEADER = 'x-cms-token';

export interface CmsAccess {
  /** The per-run secret (`npm run dev` makes one per run; a new one on each start otherwise). */
  token: string;
  /** Host names the API answers (without port). */
  hosts: ReadonlySet<string>;
  /** CMS_REMOTE=1: another machine may use the CMS (its Host must still be one of `hosts`). */
  remote: boolean;
}

export const newCmsToken = () => randomBytes(32).toString('base64url');

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/** Loopback names, and HOST when it names one interface (not « every interface »). */
export function cmsAccess(env: Record<string, string | undefined>): CmsAccess {
  const host = env.HOST?.trim().toLowerCase();
  const extra = host && !['0.0.0.0', '::', '[::]'].includes(host) ? [host.includes(':') ? `[${host}]` : host] : [];
  return {
    token: env.CMS_TOKEN || newCmsToken(),
    hosts: new Set([...LOOPBACK, ...extra]),
    remote: env.CMS_REMOTE === '1',
  };
}

/** The socket's peer is this machine (IPv4 loopback, IPv6 ::1, or IPv4 mapped into IPv6). */
const fromThisMachine = (c: Context) => /^(?:127\.|::1$|::ffff:127\.)/.test(peerAddress(c));
const NOT_HERE =
  'Adresse refusée : l’interface d’administration ne répond qu’à cette machine (CMS_REMOTE=1 pour l’ouvrir au réseau).';

/** The Host header's name, without its port, or undefined when it is not a plain host[:port]. */
function hostName(host: string | undefined): string | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i.exec(host ?? '');
  return match?.[1]!.toLowerCase();
}

const sameSecret = (given: string | undefined, token: string) =>
  given !== undefined &&
  given.length === token.length &&
  timingSafeEqual(Buffer.from(given, 'utf8'), Buffer.from(token, 'utf8'));

const refuse = (c: Context, status: 403 | 415, error: string) => c.json({ error }, status);

/** Every path under /admin: only an allowed Host (the page carries the secret). */
export function adminHostOnly(access: CmsAccess): MiddlewareHandler {
  return async (c, next) => {
    if (!access.remote && !fromThisMachine(c)) return c.text(NOT_HERE, 403);
    const name = hostName(c.req.header('host'));
    if (!name || !access.hosts.has(name))
      return c.text(
        'Adresse refusée : l’interface d’administration ne répond qu’à localhost (ou au nom donné par HOST).',
        403,
      );
    await next();
  };
}

/** The API: same origin, JSON, and the secret, besides the Host of adminHostOnly. */
export function cmsApiGuard(access: CmsAccess): MiddlewareHandler {
  return async (c, next) => {
    if (!access.remote && !fromThisMachine(c)) return refuse(c, 403, NOT_HERE);
    const host = c.req.header('host') ?? '';
    const name = hostName(host);
    if (!name || !access.hosts.has(name))
      return refuse(c, 403, 'Adresse refusée : l’interface d’administration ne répond qu’à localhost.');
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    let sameOrigin: boolean;
    try {
      sameOrigin = origin !== undefined && new URL(origin).host.toLowerCase() === host.toLowerCase();
    } catch {
      sameOrigin = false;
    }
    if (!sameOrigin || (site !== undefined && site !== 'same-origin'))
      return refuse(c, 403, 'Requête refusée : seule la page /admin de ce serveur peut modifier le contenu.');
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json') return refuse(c, 415, 'Requête refusée : le contenu doit être envoyé en JSON.');
    if (!sameSecret(c.req.header(CMS_TOKEN_HEADER), access.token))
      return refuse(
        c,
        403,
        'Session de l’interface expirée (le serveur a redémarré) : rechargez la page, vos modifications non publiées sont conservées.',
      );
    await next();
  };
}

/** The admin page with the secret, for cms/local-access.ts to send back. */
export function withCmsToken(html: string, token: string): string {
  return html.replace('</head>', `<meta name="cms-token" content="${token}">\n</head>`);
}
