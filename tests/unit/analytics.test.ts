import { describe, expect, it } from 'vitest';
import { conversionValue, ctaClickParams, ctaLocation, ctaTarget, isTrackedCta } from '../../core/analytics/cta.ts';
import { cacheMaxAge, detectBot, htmlCacheControl, isAIBot, optimisationLevel } from '../../core/analytics/bots.ts';
import { performanceAlert, rate, shouldAlert, type VitalName } from '../../core/analytics/web-vitals.ts';
import { recordDepth, scrollRatio } from '../../core/analytics/scroll-depth.ts';
import { assign, parseAssignments } from '../../core/analytics/ab-test.ts';
import { isAnalyticsEvent, trackDetail } from '../../core/analytics/tracking.ts';
import { loadConfig, toPublicConfig } from '../../core/common/config.ts';
import { readFileSync } from 'node:fs';

const page = 'https://dentivo.example/agenda';
const app = 'https://app.dentivo.example';

describe('Call-to-action tracking (docs/requirements.md#cta-tracking)', () => {
  it.each([
    'Essayer gratuitement',
    'Voir la démo',
    'Demander une Démo',
    'Tester Dentivo',
    'Créer mon compte',
    'Commencer maintenant',
    'essayer',
  ])('tracks a button reading « %s »', (text) => expect(isTrackedCta(text, null, page, app)).toBe(true));

  it.each(['Lire l’article', 'Fonctionnalités', 'Contester une facture', 'Réessayer', 'Blog'])(
    'does not track « %s » without a tracked link',
    (text) => expect(isTrackedCta(text, '/blog', page, app)).toBe(false),
  );

  it('tracks links to /tester and /contact whatever their text', () => {
    expect(isTrackedCta('Rejoindre le programme', '/tester', page, app)).toBe(true);
    expect(isTrackedCta('Nous écrire', '/contact/', page, app)).toBe(true);
    expect(isTrackedCta('Nous écrire', 'https://dentivo.example/contact?sujet=demo#form', page, app)).toBe(true);
    expect(isTrackedCta('Nos tarifs', '/tarifs', page, app)).toBe(false);
    expect(isTrackedCta('Ailleurs', 'https://autre.example/contact', page, app)).toBe(false);
  });

  it('tracks the sign-up of the professional app, not its sign-in', () => {
    expect(isTrackedCta('Créer un compte', `${app}/auth?signup=true`, page, app)).toBe(true);
    expect(isTrackedCta('Se connecter', `${app}/auth`, page, app)).toBe(false);
  });

  it('tells where a link goes', () => {
    expect(ctaTarget(`${app}/auth?signup=true`, page, app).destination).toBe('app');
    expect(ctaTarget('/tester', page, app).destination).toBe('internal');
    expect(ctaTarget('https://autre.example/', page, app).destination).toBe('external');
    expect(ctaTarget(null, page, app)).toEqual({ url: undefined, destination: 'internal' });
  });

  it('names the location: header, hero-section, homepage-final-cta, page', () => {
    expect(ctaLocation('header', '/agenda')).toBe('header');
    expect(ctaLocation('hero', '/agenda')).toBe('hero-section');
    expect(ctaLocation('cta-section', '/')).toBe('homepage-final-cta');
    expect(ctaLocation('cta-section', '/agenda')).toBe('final-cta');
    expect(ctaLocation('other', '/')).toBe('page');
  });

  it('is worth 50 EUR when it leads to the professional app, nothing otherwise', () => {
    expect(conversionValue('app')).toEqual({ value: 50, currency: 'EUR' });
    expect(conversionValue('internal')).toBeUndefined();
    expect(conversionValue('external')).toBeUndefined();
  });

  it('builds the cta_click parameters', () => {
    expect(
      ctaClickParams({
        text: ' Créer un\n compte ',
        href: `${app}/auth?signup=true`,
        pageUrl: 'https://dentivo.example/',
        appUrl: app,
        region: 'header',
      }),
    ).toEqual({
      cta_name: 'Créer un compte',
      label: 'Créer un compte',
      destination: 'app',
      destination_url: `${app}/auth?signup=true`,
      cta_location: 'header',
      value: 50,
      currency: 'EUR',
    });
    const internal = ctaClickParams({
      text: 'Essayer',
      href: '/tester?from=hero',
      pageUrl: page,
      appUrl: app,
      region: 'hero',
    });
    expect(internal).toMatchObject({ destination: '/tester?from=hero', cta_location: 'hero-section' });
    expect(internal).not.toHaveProperty('value');
  });
});

const UA = {
  GPTBot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  ClaudeBot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
  PerplexityBot:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
  Googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  bingbot:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
  facebookexternalhit: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  LinkedInBot: 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  AhrefsBot: 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
  CCBot: 'CCBot/2.0 (https://commoncrawl.org/faq/)',
};
const humans = {
  'Chrome on Windows':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  'Safari on iPhone':
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Firefox on Linux': 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  'Headless Chromium':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
  'a CUBOT phone':
    'Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
};
const now = new Date('2025-03-01T10:00:00Z');

describe('Visitor classification: bot detection (docs/requirements.md#bot-detection)', () => {
  it.each([
    ['GPTBot', 'ai', 'high'],
    ['ClaudeBot', 'ai', 'high'],
    ['PerplexityBot', 'ai', 'high'],
    ['Googlebot', 'search', 'high'],
    ['bingbot', 'search', 'high'],
    ['facebookexternalhit', 'social', 'medium'],
    ['LinkedInBot', 'social', 'medium'],
    ['AhrefsBot', 'seo', 'low'],
  ] as const)('recognises %s for sure (confidence 1, type %s, priority %s)', (name, type, priority) => {
    const result = detectBot(UA[name], now);
    expect(result).toMatchObject({
      isBot: true,
      confidence: 1,
      userAgent: UA[name],
      timestamp: '2025-03-01T10:00:00.000Z',
    });
    expect(result.botInfo).toMatchObject({ type, priority });
    expect(result.botInfo?.name.toLowerCase()).toBe(name.toLowerCase());
  });

  it.each([
    'SomeNewBot/1.0',
    'Example-Crawler 3.2',
    'friendly spider (+https://spider.example)',
    'Mozilla/5.0 (compatible; MegaIndex.ru/2.0; +http://megaindex.com/crawler)',
    // Automated agents without « bot » in their name, from isbot's list.
    'curl/8.4.0',
    'python-requests/2.31.0',
  ])('counts the generic pattern « %s » at 0.7', (agent) => {
    const result = detectBot(agent, now);
    expect(result).toMatchObject({ isBot: true, confidence: 0.7 });
    expect(result.botInfo).toMatchObject({ type: 'other', priority: 'low' });
  });

  it.each(Object.entries(humans))('treats %s as a human', (_, agent) => {
    expect(detectBot(agent, now)).toEqual({
      isBot: false,
      botInfo: null,
      confidence: 0,
      userAgent: agent,
      timestamp: '2025-03-01T10:00:00.000Z',
    });
  });

  it('calls an agent an AI bot only above 0.8 confidence', () => {
    expect(isAIBot(detectBot(UA.GPTBot, now))).toBe(true);
    expect(isAIBot(detectBot(UA.CCBot, now))).toBe(true);
    expect(isAIBot(detectBot(UA.Googlebot, now))).toBe(false);
    expect(isAIBot(detectBot('AI-bot 1.0', now))).toBe(false);
    expect(isAIBot({ ...detectBot(UA.GPTBot, now), confidence: 0.8 })).toBe(false);
  });
});

describe('Optimisation level and bot cache max-age (docs/requirements.md#bot-cache)', () => {
  it('is aggressive for AI bots of high priority, standard otherwise', () => {
    for (const name of ['GPTBot', 'ClaudeBot', 'PerplexityBot'] as const)
      expect(optimisationLevel(detectBot(UA[name], now))).toBe('aggressive');
    for (const name of ['CCBot', 'Googlebot', 'bingbot', 'facebookexternalhit', 'AhrefsBot'] as const)
      expect(optimisationLevel(detectBot(UA[name], now))).toBe('standard');
    expect(optimisationLevel(detectBot('SomeBot', now))).toBe('standard');
    expect(optimisationLevel(detectBot(humans['Chrome on Windows'], now))).toBe('standard');
    expect(optimisationLevel({ ...detectBot(UA.GPTBot, now), confidence: 0.7 })).toBe('standard');
  });

  it('caches aggressive 86400 s, standard 7200 s, minimal 1800 s, default 3600 s', () => {
    expect(cacheMaxAge('aggressive')).toBe(86_400);
    expect(cacheMaxAge('standard')).toBe(7_200);
    expect(cacheMaxAge('minimal')).toBe(1_800);
    expect(cacheMaxAge()).toBe(3_600);
  });

  it('gives a bot’s HTML a public max-age and a human’s no-cache', () => {
    expect(htmlCacheControl(UA.GPTBot)).toBe('public, max-age=86400');
    expect(htmlCacheControl(UA.Googlebot)).toBe('public, max-age=7200');
    expect(htmlCacheControl(humans['Firefox on Linux'])).toBe('no-cache');
    expect(htmlCacheControl('')).toBe('no-cache');
  });
});

describe('Performance rating per metric (docs/requirements.md#web-vitals, INP per docs/decisions/0014-inp-in-web-vitals.md)', () => {
  const boundaries: Array<[VitalName, number, number, number]> = [
    // metric, good threshold, poor threshold, a step just past each
    ['CLS', 0.1, 0.25, 0.001],
    ['FCP', 1800, 3000, 1],
    ['LCP', 2500, 4000, 1],
    ['TTFB', 800, 1800, 1],
    ['FID', 100, 300, 1],
    ['INP', 200, 500, 1],
  ];
  it.each(boundaries)('%s: good up to %s, needs improvement up to %s, poor above', (metric, good, poor, step) => {
    expect(rate(metric, 0)).toBe('good');
    expect(rate(metric, good)).toBe('good');
    expect(rate(metric, good + step)).toBe('needsImprovement');
    expect(rate(metric, poor)).toBe('needsImprovement');
    expect(rate(metric, poor + step)).toBe('poor');
  });
});

describe('Performance alerts (docs/requirements.md#performance-alerts)', () => {
  it('always alerts for poor, for needs improvement 10 % of the time, never for good', () => {
    expect(shouldAlert('poor', 0.99)).toBe(true);
    expect(shouldAlert('needsImprovement', 0)).toBe(true);
    expect(shouldAlert('needsImprovement', 0.0999)).toBe(true);
    expect(shouldAlert('needsImprovement', 0.1)).toBe(false);
    expect(shouldAlert('needsImprovement', 0.5)).toBe(false);
    expect(shouldAlert('good', 0)).toBe(false);
  });

  it('carries metric, value, threshold, url, userAgent, timestamp and isBot', () => {
    const context = { url: 'https://dentivo.example/blog', userAgent: 'UA', isBot: false, now };
    expect(performanceAlert('LCP', 4512.4, context)).toEqual({
      metric: 'LCP',
      value: 4512,
      threshold: 4000,
      rating: 'poor',
      url: context.url,
      userAgent: 'UA',
      timestamp: '2025-03-01T10:00:00.000Z',
      isBot: false,
    });
    expect(performanceAlert('CLS', 0.1234, { ...context, isBot: true })).toMatchObject({
      value: 0.123,
      threshold: 0.1,
      rating: 'needsImprovement',
      isBot: true,
    });
  });
});

describe('Scroll depth (docs/requirements.md#scroll-depth)', () => {
  it('measures the share of the page seen', () => {
    expect(scrollRatio(0, 800, 4000)).toBe(0.2);
    expect(scrollRatio(2800, 800, 4000)).toBe(0.9);
    expect(scrollRatio(0, 800, 600)).toBe(1);
  });

  it('sends once per path, past 90 % only', () => {
    expect(recordDepth([], '/agenda', 0.89)).toEqual({ send: false, paths: [] });
    const first = recordDepth([], '/agenda', 0.9);
    expect(first).toEqual({ send: true, paths: ['/agenda'] });
    expect(recordDepth(first.paths, '/agenda', 1)).toEqual({ send: false, paths: ['/agenda'] });
    expect(recordDepth(first.paths, '/blog', 0.95)).toEqual({ send: true, paths: ['/agenda', '/blog'] });
  });

  it('keeps up to 10 paths, then trims the list to the last 5', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `/p${i}`);
    const input = [...ten];
    const result = recordDepth(ten, '/p10', 0.95);
    expect(result).toEqual({ send: true, paths: ['/p6', '/p7', '/p8', '/p9', '/p10'] });
    expect(ten).toEqual(input);
    expect(recordDepth(ten.slice(0, 9), '/p9', 0.95).paths).toHaveLength(10);
    // A trimmed path can be sent again: the list only remembers recent pages.
    expect(recordDepth(result.paths, '/p0', 0.95).send).toBe(true);
  });
});

describe('A/B test (docs/requirements.md#ab-test)', () => {
  it('splits humans 50/50', () => {
    expect(assign(false, 0)).toBe('control');
    expect(assign(false, 0.4999)).toBe('control');
    expect(assign(false, 0.5)).toBe('variant');
    expect(assign(false, 0.99)).toBe('variant');
  });

  it('always shows bots the control', () => {
    expect(assign(true, 0.99)).toBe('control');
    expect(assign(true, 0)).toBe('control');
  });

  it('reads stored assignments defensively', () => {
    expect(parseAssignments('{"hero":"variant","x":"other","y":3}')).toEqual({ hero: 'variant' });
    expect(parseAssignments('not json')).toEqual({});
    expect(parseAssignments('[1]')).toEqual({});
    expect(parseAssignments(null)).toEqual({});
  });
});

describe('Tracking events and configuration', () => {
  it('knows the events of docs/requirements.md#analytics-events only', () => {
    expect(isAnalyticsEvent('form_submission')).toBe(true);
    expect(isAnalyticsEvent('assistant_open')).toBe(true);
    expect(isAnalyticsEvent('purchase')).toBe(false);
    expect(isAnalyticsEvent(undefined)).toBe(false);
  });

  it('builds the detail of the dentivo:track window event', () => {
    expect(trackDetail('form_submission', { form_name: 'contact', form_success: true })).toEqual({
      event: 'form_submission',
      params: { form_name: 'contact', form_success: true },
    });
  });

  it('takes the alert endpoints from the environment, empty by default', () => {
    const siteJson = JSON.parse(readFileSync(new URL('../../content/site.json', import.meta.url), 'utf8'));
    expect(toPublicConfig(loadConfig(siteJson, {})).tracking).toMatchObject({
      alertWebhookUrl: '',
      alertEmailEndpoint: '',
    });
    const config = loadConfig(siteJson, {
      ALERT_WEBHOOK_URL: 'https://chat.example/hook',
      ALERT_EMAIL_ENDPOINT: 'https://mail.example/alert',
    });
    expect(toPublicConfig(config).tracking).toMatchObject({
      alertWebhookUrl: 'https://chat.example/hook',
      alertEmailEndpoint: 'https://mail.example/alert',
    });
    expect(() => loadConfig(siteJson, { ALERT_WEBHOOK_URL: 'pas une url' })).toThrow(/ALERT_WEBHOOK_URL/);
  });
});
