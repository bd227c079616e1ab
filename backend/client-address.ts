/**
 * Who a request comes from, for the per-client limits (docs/decisions/0039-client-address-behind-proxies.md).
 *
 * Proxies (nginx, Caddy, Traefik, Supabase's gateway) append the address that connected to them to
 * X-Forwarded-For; whatever the client wrote itself stays on the left. So the client is found by counting
 * trusted hops from the right, as Express's numeric `trust proxy` does: with N proxies in front, the
 * client is the N-th address from the right of [X-Forwarded-For…, socket address]. A client that writes
 * its own X-Forwarded-For only adds entries on the left, which are never read.
 *
 * Written on plain strings, so the embedded server (socket address known) and the edge functions (behind
 * Supabase's gateway) share it.
 */

/** The addresses of an X-Forwarded-For value (several header lines arrive joined by commas), left to right. */
export function forwardedAddresses(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * The client of a request that went through `hops` trusted proxies. `peer` is the socket's address (the
 * last proxy's, or the client's when there is none). With fewer addresses than hops, the furthest one.
 */
export function clientBehindProxies(forwarded: readonly string[], peer: string, hops: number): string {
  const chain = [peer, ...[...forwarded].reverse()];
  return chain[Math.min(Math.max(0, Math.floor(hops)), chain.length - 1)]!;
}

/**
 * The key a client is counted under: the address without port or brackets; IPv4-mapped IPv6 as IPv4; an
 * IPv6 address by its /64 (one subscriber holds a whole /64, so counting single addresses would let one
 * visitor rotate through 2^64 keys); anything else (a proxy's odd entry) cut to 64 characters.
 */
export function rateLimitKey(address: string): string {
  let value = address.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(value)) value = value.replace(/:\d+$/, '');
  value = value.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(value);
  if (mapped) return mapped[1]!;
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(value)) return value;
  const groups = ipv6Groups(value);
  if (groups) return `${groups.slice(0, 4).join(':')}::/64`;
  return value.slice(0, 64) || 'inconnu';
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros, or undefined. */
function ipv6Groups(value: string): string[] | undefined {
  if (!/^[0-9a-f:.]+$/.test(value) || !value.includes(':')) return undefined;
  const halves = value.split('::');
  if (halves.length > 2) return undefined;
  const part = (text: string) => (text ? text.split(':') : []);
  const head = part(halves[0]!);
  const tail = halves.length === 2 ? part(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return undefined;
  return groups.map((group) => group.replace(/^0+(?=.)/, ''));
}

/**
 * TRUST_PROXY: how many reverse proxies stand in front of the server. Empty or 0: none, X-Forwarded-For
 * is ignored. `true` and other words are refused: a count cannot be guessed from them.
 */
export function parseTrustProxy(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return 0;
  if (!/^\d{1,2}$/.test(raw.trim())) return undefined;
  return Number(raw.trim());
}

/**
 * The caller of an edge function: Supabase's gateway appends the address that connected to it to
 * X-Forwarded-For, so the client is the rightmost address (`hops` = 1, the default; the TRUST_PROXY secret
 * adds hops when another proxy stands in front). There is no socket address to fall back to.
 */
export function forwardedClient(request: Request, hops = 1): string {
  const forwarded = forwardedAddresses(request.headers.get('x-forwarded-for'));
  if (forwarded.length === 0) return 'inconnu';
  return rateLimitKey(clientBehindProxies(forwarded.slice(0, -1), forwarded.at(-1)!, hops - 1));
}
