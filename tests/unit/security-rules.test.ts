/** The pure rules behind the server's defences (issue 15): who the client is, encodings, form bytes, limits. */
import { describe, expect, it } from 'vitest';
import {
  clientBehindProxies,
  forwardedAddresses,
  forwardedClient,
  parseTrustProxy,
  rateLimitKey,
} from '../../backend/client-address.ts';
import { RateLimiter } from '../../backend/rate-limit.ts';
import { etagMatches, negotiateEncoding } from '../../server/static.ts';
import { parseUrlEncoded, readFormBody } from '../../server/form-body.ts';
import { emailWithinLimits, parseSubmission } from '../../core/contact/schema.ts';
import {
  DEFAULT_HSTS,
  IMAGE_CSP,
  headersFile,
  hstsFromEnv,
  nginxHeaders,
  resourcePolicy,
  servedOverHttps,
  staticHostRules,
} from '../../server/headers.ts';
import { loadConfig, toPublicConfig } from '../../core/common/config.ts';
import { contentSecurityPolicy } from '../../core/common/security-headers.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { trustProxyFromEnv } from '../../server/rate-limit.ts';

describe('Le client derrière des proxys (TRUST_PROXY=N, compté depuis la droite)', () => {
  const forwarded = forwardedAddresses('198.51.100.7, 203.0.113.50');
  it('sans proxy : la socket, quoi que dise X-Forwarded-For', () => {
    expect(clientBehindProxies(forwarded, '10.0.0.1', 0)).toBe('10.0.0.1');
  });
  it('un proxy : l’adresse qu’il a ajoutée, jamais celle écrite par le client', () => {
    expect(clientBehindProxies(forwarded, '10.0.0.1', 1)).toBe('203.0.113.50');
  });
  it('deux proxys : la deuxième en partant de la droite', () => {
    expect(clientBehindProxies(forwarded, '10.0.0.1', 2)).toBe('198.51.100.7');
  });
  it('moins d’adresses que de proxys : la plus éloignée', () => {
    expect(clientBehindProxies([], '10.0.0.1', 3)).toBe('10.0.0.1');
    expect(clientBehindProxies(forwarded, '10.0.0.1', 9)).toBe('198.51.100.7');
  });
  it('plusieurs lignes X-Forwarded-For arrivent jointes par des virgules', () => {
    const request = new Request('https://x.supabase.co/functions/v1/f', {
      headers: [
        ['x-forwarded-for', '6.6.6.6'],
        ['x-forwarded-for', '203.0.113.8'],
      ],
    });
    expect(forwardedClient(request)).toBe('203.0.113.8');
  });
  it('edge function : l’adresse ajoutée par la passerelle de Supabase (la plus à droite)', () => {
    const request = (value?: string) =>
      new Request('https://x.supabase.co/functions/v1/f', { headers: value ? { 'x-forwarded-for': value } : {} });
    expect(forwardedClient(request('1.1.1.1, 2.2.2.2, 203.0.113.9'))).toBe('203.0.113.9');
    expect(forwardedClient(request('1.1.1.1, 203.0.113.9'), 2)).toBe('1.1.1.1');
    expect(forwardedClient(request())).toBe('inconnu');
  });
  it('TRUST_PROXY : vide ou 0 = aucun, un nombre = autant de proxys, un mot = erreur de configuration', () => {
    expect(parseTrustProxy(undefined)).toBe(0);
    expect(parseTrustProxy('')).toBe(0);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy(' 2 ')).toBe(2);
    expect(parseTrustProxy('true')).toBeUndefined();
    expect(parseTrustProxy('-1')).toBeUndefined();
    expect(() => trustProxyFromEnv({ TRUST_PROXY: 'oui' })).toThrow(/TRUST_PROXY.*oui/);
  });
});

describe('La clé de comptage d’un client', () => {
  it('sans port ni crochets ; IPv4 dans IPv6 lue en IPv4', () => {
    expect(rateLimitKey('203.0.113.5:4444')).toBe('203.0.113.5');
    expect(rateLimitKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(rateLimitKey('[2001:db8::1]:443')).toBe('2001:db8:0:0::/64');
  });
  it('une adresse IPv6 par son /64, quelle que soit son écriture', () => {
    expect(rateLimitKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('2001:DB8:1:2::99')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
  it('une entrée étrange d’un proxy : coupée à 64 caractères', () => {
    expect(rateLimitKey('x'.repeat(500))).toHaveLength(64);
    expect(rateLimitKey('unknown')).toBe('unknown');
  });
});

describe('Le seau à jetons, avec un coût', () => {
  it('compte des octets : refuse ce qui dépasse, sans rien retirer du seau', () => {
    let now = 0;
    const bytes = new RateLimiter({ limit: 1000, windowMs: 1000, now: () => now });
    expect(bytes.hit('a', 600).allowed).toBe(true);
    const refused = bytes.hit('a', 600);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(bytes.hit('a', 400).allowed).toBe(true);
    now = 1000;
    expect(bytes.hit('a', 1000).allowed).toBe(true);
  });
  it('retryAfter dit l’attente sans compter', () => {
    let now = 0;
    const failures = new RateLimiter({ limit: 2, windowMs: 60_000, now: () => now });
    expect(failures.retryAfter('a')).toBe(0);
    failures.hit('a');
    failures.hit('a');
    expect(failures.retryAfter('a')).toBe(30);
    expect(failures.retryAfter('a')).toBe(30);
    now = 30_000;
    expect(failures.retryAfter('a')).toBe(0);
  });
});

describe('Négociation de l’encodage (RFC 9110, 12.5.3)', () => {
  const all = ['br', 'gzip', 'identity'] as const;
  it.each([
    ['br;q=0', 'identity'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip, br', 'br'],
    ['gzip;q=1, br;q=0.9', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['', 'identity'],
    ['deflate', 'identity'],
    ['BR', 'br'],
    ['br;q=abc', 'br'],
  ] as const)('« %s » → %s', (accept, expected) => {
    expect(negotiateEncoding(accept, all)).toBe(expected);
  });
  it('seulement ce qui existe', () => {
    expect(negotiateEncoding('br, gzip', ['identity'])).toBe('identity');
  });
  it('If-None-Match : listes, ETag faibles et *', () => {
    expect(etagMatches('"a", "b"', '"b"')).toBe(true);
    expect(etagMatches('W/"b"', '"b"')).toBe(true);
    expect(etagMatches('*', '"b"')).toBe(true);
    expect(etagMatches('"c"', '"b"')).toBe(false);
    expect(etagMatches(undefined, '"b"')).toBe(false);
  });
});

describe('Corps de formulaire lus strictement', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it('décode %XX et + comme un navigateur', () => {
    const body = parseUrlEncoded(bytes('fullName=%C3%89lo%C3%AFse+Dupr%C3%A9&a=1&a=2&vide=&seul'));
    expect(body.ok).toBe(true);
    expect(body.fields.get('fullName')).toEqual(['Éloïse Dupré']);
    expect(body.fields.get('a')).toEqual(['1', '2']);
    expect(body.fields.get('vide')).toEqual(['']);
    expect(body.fields.get('seul')).toEqual(['']);
  });
  it('refuse un octet qui n’est pas de l’UTF-8, échappé ou brut, et garde le reste lisible', () => {
    for (const body of [
      bytes('fullName=Jean%C3%28'),
      bytes('fullName=%FF'),
      bytes('fullName=%C0%AF'),
      bytes('fullName=%ED%A0%80'),
      Uint8Array.from([...bytes('fullName=Jean'), 0xc3]),
    ]) {
      const parsed = parseUrlEncoded(body);
      expect(parsed.ok).toBe(false);
      expect(parsed.fields.get('fullName')?.[0]).toMatch(/^(Jean)?\uFFFD/);
    }
  });
  it('un % sans deux chiffres hexadécimaux reste tel quel', () => {
    expect(parseUrlEncoded(bytes('a=100%25+%zz%')).fields.get('a')).toEqual(['100% %zz%']);
  });
  it('multipart : refusé si un octet n’est pas de l’UTF-8 ; un autre type ne donne aucun champ', async () => {
    const body = Uint8Array.from([
      ...bytes('--B\r\nContent-Disposition: form-data; name="a"\r\n\r\n'),
      0xff,
      ...bytes('\r\n--B--\r\n'),
    ]);
    expect((await readFormBody(body, 'multipart/form-data; boundary=B')).ok).toBe(false);
    expect((await readFormBody(bytes('a=1'), 'text/plain')).fields.size).toBe(0);
  });
});

describe('Adresse e-mail dans les limites des serveurs de messagerie (RFC 5321, 4.5.3.1)', () => {
  it('partie locale de 64 octets au plus, 254 en tout', () => {
    expect(emailWithinLimits(`${'a'.repeat(64)}@cabinet.fr`)).toBe(true);
    expect(emailWithinLimits(`${'a'.repeat(65)}@cabinet.fr`)).toBe(false);
    expect(emailWithinLimits(`${'é'.repeat(33)}@cabinet.fr`)).toBe(false);
    expect(emailWithinLimits(`a@${'b'.repeat(250)}.fr`)).toBe(false);
  });
  it('refusée par le contrat de l’appel 3, avec le message de la spécification', () => {
    const result = parseSubmission({
      type: 'contact',
      fullName: 'Jean Dupont',
      email: `${'a'.repeat(65)}@cabinet.fr`,
      subject: 'demo',
      message: 'Bonjour, une démonstration svp.',
      created_at: new Date().toISOString(),
    });
    expect(result).toEqual({ ok: false, fields: { email: 'Adresse email invalide' } });
  });
});

describe('HSTS, CORP et parties multipart', () => {
  it('HSTS : deux ans par défaut, off pour couper, une valeur mal formée arrête le serveur', () => {
    expect(hstsFromEnv({})).toBe(DEFAULT_HSTS);
    expect(hstsFromEnv({ HSTS: 'off' })).toBeUndefined();
    expect(hstsFromEnv({ HSTS: 'max-age=31536000; includeSubDomains; preload' })).toBe(
      'max-age=31536000; includeSubDomains; preload',
    );
    expect(() => hstsFromEnv({ HSTS: 'max-age=beaucoup' })).toThrow(/HSTS/);
  });
  it('HTTPS : l’URL, ou ce que dit le dernier proxy', () => {
    const none = () => undefined;
    expect(servedOverHttps('https://www.dentivo.fr/', none)).toBe(true);
    expect(servedOverHttps('http://127.0.0.1/', none)).toBe(false);
    expect(
      servedOverHttps('http://127.0.0.1/', (name) => (name === 'x-forwarded-proto' ? 'http, https' : undefined)),
    ).toBe(true);
    expect(
      servedOverHttps('http://127.0.0.1/', (name) => (name === 'x-forwarded-proto' ? 'https, http' : undefined)),
    ).toBe(false);
  });
  it('CORP : les pages et le JSON au site, le reste chargeable ailleurs', () => {
    expect(resourcePolicy('text/html; charset=utf-8')).toBe('same-origin');
    expect(resourcePolicy('application/json')).toBe('same-origin');
    expect(resourcePolicy('image/svg+xml')).toBe('cross-origin');
    expect(resourcePolicy(null)).toBe('same-origin');
  });
});

describe('Ce qu’un hébergeur statique doit recopier (npm run headers)', () => {
  const config = loadConfig(
    JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'content', 'site.json'), 'utf8')),
    { SUPABASE_URL: 'https://projet.supabase.co', GA_ID: 'G-TEST' },
  );
  const rules = staticHostRules(config);
  const csp = contentSecurityPolicy(toPublicConfig(config));
  it('les mêmes politiques que le serveur, calculées de la même configuration', () => {
    expect(csp).toContain("connect-src 'self' https://projet.supabase.co");
    expect(csp).toContain('https://www.googletagmanager.com');
    for (const file of [headersFile(rules, 'netlify'), headersFile(rules, 'cloudflare'), nginxHeaders(rules)]) {
      expect(file).toContain(csp);
      expect(file).toContain(IMAGE_CSP);
      expect(file).toMatch(/Strict-Transport-Security:? "?max-age=63072000/);
    }
  });
  it('Cloudflare : la politique des pages retirée avant celle des images ; nginx : always et pas de fichiers cachés', () => {
    expect(headersFile(rules, 'cloudflare')).toContain('/images/*\n  ! Content-Security-Policy\n');
    expect(headersFile(rules, 'netlify')).not.toContain('!');
    const nginx = nginxHeaders(rules);
    expect(
      nginx
        .split('\n')
        .filter((line) => line.includes('add_header'))
        .every((line) => line.endsWith(' always;')),
    ).toBe(true);
    expect(nginx).toContain('location ~ /\\.(?!well-known/)');
  });
  it('la page introuvable n’est jamais gardée : un article publié plus tard y répondra', () => {
    expect(headersFile(rules, 'netlify')).toMatch(/\/404\.html\n(?: {2}.+\n)*? {2}Cache-Control: no-store\n/);
    expect(nginxHeaders(rules)).toMatch(
      /location ~\* \^\/404\\\.html\$ \{\n(?: {2}.+\n)*? {2}add_header Cache-Control "no-store" always;/,
    );
  });
});

describe('SHA-256 of core/ (the policy’s script hashes, without Node)', () => {
  it('gives Node’s digest for every length around a block and any UTF-8', async () => {
    const { createHash } = await import('node:crypto');
    const { base64, sha256 } = await import('../../core/common/sha256.ts');
    const texts = [
      '',
      'abc',
      '😀 sécurité',
      ...Array.from({ length: 140 }, (_, n) => 'é'.repeat(n % 7) + 'x'.repeat(n)),
    ];
    for (const text of texts)
      expect(base64(sha256(text))).toBe(createHash('sha256').update(text, 'utf8').digest('base64'));
  });
});
