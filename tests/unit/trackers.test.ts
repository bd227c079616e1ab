/**
 * The trackers, in one catalogue (core/consent/trackers.ts), and the security headers derived from the
 * configuration the pages are built with (docs/requirements.md#trackers, #security): the build writes
 * them beside the pages, and the server sends those, whatever its own environment says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, toPublicConfig } from '../../core/common/config.ts';
import { TRACKERS, TRACKER_COOKIES, cookieNames, installedTrackers } from '../../core/consent/trackers.ts';
import {
  SECURITY_HEADERS_FILE,
  contentSecurityPolicy,
  scriptHash,
  securityHeaders,
} from '../../core/common/security-headers.ts';
import { prePaintScript } from '../../core/blog/listing.ts';
import type { PublicConfig } from '../../core/common/config.ts';
import { createApp } from '../../server/app.ts';
import type { Store } from '../../server/database.ts';
import { openTestStore } from '../support/backend.ts';
import { siteDir as builtSite } from '../support/site.ts';

const root = join(import.meta.dirname, '..', '..');
const siteJson = JSON.parse(readFileSync(join(root, 'content/site.json'), 'utf8'));
const fakeIds = Object.fromEntries(
  readFileSync(join(root, 'tests/fixtures/trackers/tracking.env'), 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => line.split('=', 2) as [string, string]),
);
const configWith = (env: Record<string, string> = {}) => loadConfig(siteJson, env);
/** A directive of a policy, as a list of sources. */
const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((part) => part.startsWith(`${name} `))!
    .split(' ')
    .slice(1);

describe('Un traceur sans identifiant n’est pas installé', () => {
  it('sans identifiant, la politique n’autorise que le site lui-même', () => {
    const policy = contentSecurityPolicy(toPublicConfig(configWith()));
    expect(installedTrackers(toPublicConfig(configWith()).tracking)).toEqual([]);
    // Besides the site, only the blog lists' inline script, by the hash of its exact text.
    expect(directive(policy, 'script-src')).toEqual(["'self'", scriptHash(prePaintScript())]);
    expect(directive(policy, 'connect-src')).toEqual(["'self'"]);
  });

  for (const tracker of TRACKERS) {
    it(`${tracker.name} configuré seul : son script et ses destinations, rien de plus`, () => {
      const tracking = { ...toPublicConfig(configWith()).tracking, [tracker.id]: 'TEST-1' };
      const policy = contentSecurityPolicy({ ...toPublicConfig(configWith()), tracking });
      const scripts = directive(policy, 'script-src');
      expect(scripts).toContain(new URL(tracking[tracker.script]).origin);
      for (const source of tracker.sources.scripts ?? []) expect(scripts).toContain(source);
      for (const source of tracker.sources.connect ?? []) expect(directive(policy, 'connect-src')).toContain(source);
      for (const source of tracker.sources.images ?? []) expect(directive(policy, 'img-src')).toContain(source);
      // Every other tracker's own destinations stay closed.
      const others = TRACKERS.filter((other) => other.name !== tracker.name && other.script !== tracker.script);
      for (const other of others) expect(scripts).not.toContain(new URL(tracking[other.script]).origin);
    });
  }
});

describe('Cookies des traceurs, par catégorie', () => {
  it('la mesure d’audience : Google Analytics et l’enregistrement de session', () => {
    const cookies = '_ga=1; _ga_TEST000001=2; _gid=3; _hjSessionUser_1=4; cookie-consent=5; _fbp=6';
    expect(cookieNames(cookies, TRACKER_COOKIES.analytics)).toEqual([
      '_ga',
      '_ga_TEST000001',
      '_gid',
      '_hjSessionUser_1',
    ]);
  });

  it('le marketing : les pixels et Google Ads, et Microsoft Ads laissé par d’autres outils', () => {
    const cookies = '_fbp=1; _fbc=2; _gcl_au=3; _ttp=4; li_fat_id=5; _twclid=6; _uetsid=7; _ga=8; session=9';
    expect(cookieNames(cookies, TRACKER_COOKIES.marketing)).toEqual([
      '_fbp',
      '_fbc',
      '_gcl_au',
      '_ttp',
      'li_fat_id',
      '_twclid',
      '_uetsid',
    ]);
  });
});

describe('La politique de sécurité suit les pages construites, pas l’environnement du serveur', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore();
  });
  afterAll(() => store.close());

  it('la construction écrit à côté des pages les en-têtes de la configuration qu’elles portent', () => {
    // The test build (npm run build:test): its pages carry the fake IDs, and so does its policy.
    const page = readFileSync(join(builtSite, 'index.html'), 'utf8');
    const carried = JSON.parse(
      page.match(/<script type="application\/json" data-dentivo-config>(.*?)<\/script>/s)![1]!,
    ) as PublicConfig;
    const written = JSON.parse(readFileSync(join(builtSite, SECURITY_HEADERS_FILE), 'utf8')).headers;
    expect(carried.tracking.gaId).toBe(fakeIds.GA_ID);
    expect(written).toEqual(securityHeaders(carried));
  });

  it('le serveur envoie les en-têtes de la construction, même lancé sans identifiants', async () => {
    const built = toPublicConfig(configWith(fakeIds));
    const siteDir = mkdtempSync(join(tmpdir(), 'dentivo-headers-'));
    writeFileSync(join(siteDir, SECURITY_HEADERS_FILE), JSON.stringify({ headers: securityHeaders(built) }));
    writeFileSync(join(siteDir, 'index.html'), '<!doctype html><title>Accueil</title>');

    // The server's own environment has no tracker ID at all.
    const app = createApp({ siteDir, config: configWith(), store });
    const answer = await app.request('/');
    expect(answer.status).toBe(200);
    const policy = answer.headers.get('content-security-policy')!;
    expect(policy).toBe(contentSecurityPolicy(built));
    expect(directive(policy, 'script-src')).toContain('https://www.googletagmanager.com');
    expect(directive(policy, 'connect-src')).toContain('https://www.facebook.com');
  });

  it('sans fichier de la construction, le serveur déduit les mêmes en-têtes de sa configuration', async () => {
    const siteDir = mkdtempSync(join(tmpdir(), 'dentivo-headers-'));
    writeFileSync(join(siteDir, 'index.html'), '<!doctype html><title>Accueil</title>');
    const config = configWith(fakeIds);
    const answer = await createApp({ siteDir, config, store }).request('/');
    expect(answer.headers.get('content-security-policy')).toBe(contentSecurityPolicy(toPublicConfig(config)));
  });
});
