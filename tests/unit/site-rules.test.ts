import { describe, expect, it } from 'vitest';
import { relatedSolutions } from '../../core/pages/related-solutions.ts';
import { frenchTypography, frenchTypographyHtml } from '../../core/common/typography.ts';
import { formatDateFr } from '../../core/common/dates.ts';
import { gridColumns } from '../../core/common/ui.ts';
import { loadConfig, ConfigError, appAuthUrl, placeholderAddresses, toPublicConfig } from '../../core/common/config.ts';
import { readFileSync } from 'node:fs';

const siteJson = JSON.parse(readFileSync(new URL('../../content/site.json', import.meta.url), 'utf8'));
const link = (href: string) => ({ href, title: href });

describe('Related solutions (docs/requirements.md#related-solutions)', () => {
  const clusters = {
    logiciels: [link('/a'), link('/b')],
    gestion: [link('/c'), link('/d'), link('/e')],
    conformite: [link('/f')],
  };

  it('takes at most 4 links from the page’s cluster, never the page itself', () => {
    const chosen = relatedSolutions(clusters, { path: '/c', cluster: 'gestion' });
    expect(chosen.map((l) => l.href)).toEqual(['/d', '/e', '/a', '/b']);
  });

  it('fills from the other clusters when the cluster is short', () => {
    expect(relatedSolutions(clusters, { path: '/f', cluster: 'conformite' }).map((l) => l.href)).toEqual([
      '/a',
      '/b',
      '/c',
      '/d',
    ]);
  });

  it('does not repeat a link the page already offers, and fills its place', () => {
    const sections = [{ type: 'links' as const, title: 'Pour aller plus loin', links: [{ href: '/d', title: 'D' }] }];
    expect(relatedSolutions(clusters, { path: '/c', cluster: 'gestion', sections }).map((l) => l.href)).toEqual([
      '/e',
      '/a',
      '/b',
      '/f',
    ]);
  });

  it('works for a page without a cluster', () => {
    expect(relatedSolutions(clusters, { path: '/x' })).toHaveLength(4);
  });
});

describe('French typography', () => {
  it('puts no-break spaces before high punctuation and inside guillemets', () => {
    expect(frenchTypography('Prêt ? Oui ! Note : « devis »')).toBe(
      'Prêt\u202F? Oui\u202F! Note\u00A0: «\u202Fdevis\u202F»',
    );
  });

  it('uses the typographic apostrophe, also on Markdown’s escaped one', () => {
    expect(frenchTypography("l'agenda")).toBe('l’agenda');
    expect(frenchTypographyHtml('<p>l&#39;agenda</p>')).toBe('<p>l’agenda</p>');
    expect(frenchTypographyHtml('<p>Dans Dentivo, l&#39;<a href="/agenda">agenda</a></p>')).toBe(
      '<p>Dans Dentivo, l’<a href="/agenda">agenda</a></p>',
    );
  });

  it('keeps a phone number on one line', () => {
    expect(frenchTypography('Appelez le +33 4 00 00 00 00 ou le 04 00 00 00 00.')).toBe(
      'Appelez le +33\u00A04\u00A000\u00A000\u00A000\u00A000 ou le 04\u00A000\u00A000\u00A000\u00A000.',
    );
  });

  it('never breaks "e-mail", an inverted subject, or "<" from its figure', () => {
    expect(frenchTypography('Envoi par e-mail. Rentre-t-il ? Peut-on ? Transforment-ils ?')).toBe(
      'Envoi par e\u2011mail. Rentre\u2011t\u2011il\u202F? Peut\u2011on\u202F? Transforment\u2011ils\u202F?',
    );
    expect(frenchTypographyHtml('<p>&lt; 10 min, ≥ 5 %</p>')).toBe('<p>&lt;\u00A010\u00A0min, ≥\u00A05\u00A0%</p>');
    // Hyphenated words that are not inversions stay as they are.
    expect(frenchTypography('Saint-Étienne, non-conformité, Avignon-onze')).toBe(
      'Saint-Étienne, non-conformité, Avignon-onze',
    );
  });

  it('keeps a figure with its unit or noun, and « classe », « article », « étape » with their figure', () => {
    expect(frenchTypography('Rappel 30 jours avant, réponse en 3 minutes, 24 h sur 24, 5 000 caractères.')).toBe(
      'Rappel 30\u00A0jours avant, réponse en 3\u00A0minutes, 24\u00A0h sur 24, 5\u202F000\u00A0caractères.',
    );
    expect(frenchTypography('Dispositif de classe 1, l’article 3, Étape 2 et étapes 4 à 6.')).toBe(
      'Dispositif de classe\u00A01, l’article\u00A03, Étape\u00A02 et étapes\u00A04 à 6.',
    );
    // A word the figure does not count may still start the next line.
    expect(frenchTypography('De 1 à 50 personnes, 2 ou 3 fois.')).toBe('De 1 à 50\u00A0personnes, 2 ou 3\u00A0fois.');
    expect(frenchTypographyHtml('<h2>Vous aimerez aussi...</h2><code>a...b</code>')).toBe(
      '<h2>Vous aimerez aussi…</h2><code>a...b</code>',
    );
    // Typesetting twice changes nothing.
    const once = frenchTypography('En 10 minutes : 1 000 patients... classe 2 !');
    expect(frenchTypography(once)).toBe(once);
  });

  it('leaves markup, addresses and scripts alone', () => {
    const html = '<a class="a : b" href="/x?y=1 : 2">Tarifs ?</a><script>var a = "b : c";</script>';
    expect(frenchTypographyHtml(html)).toBe(
      '<a class="a : b" href="/x?y=1 : 2">Tarifs\u202F?</a><script>var a = "b : c";</script>',
    );
  });

  // docs/decisions/0006-french-typography-at-build.md: what people read outside the page text.
  it('typesets the attributes people read and the meta tags that results show', () => {
    const html = [
      '<img src="/a.svg" alt="L&#39;agenda : un aperçu">',
      '<button data-assistant-message="Bonjour ! Une idée ?" aria-label="Ouvrir l&#39;assistant">',
      '<meta name="description" content="Devis : relances à J+3 !">',
      '<meta property="og:title" content="Prêt ? Oui">',
      '<meta property="og:url" content="https://x.example/a : b">',
    ].join('');
    expect(frenchTypographyHtml(html)).toBe(
      [
        '<img src="/a.svg" alt="L’agenda\u00A0: un aperçu">',
        '<button data-assistant-message="Bonjour\u202F! Une idée\u202F?" aria-label="Ouvrir l’assistant">',
        '<meta name="description" content="Devis\u00A0: relances à J+3\u202F!">',
        '<meta property="og:title" content="Prêt\u202F? Oui">',
        '<meta property="og:url" content="https://x.example/a : b">',
      ].join(''),
    );
  });

  it('typesets the prose of JSON-LD and leaves its addresses and dates alone', () => {
    const block = {
      '@type': 'BlogPosting',
      headline: "L'agenda : mode d'emploi",
      url: "https://x.example/l'agenda : a",
      datePublished: '2026-03-12',
      mainEntity: [{ '@type': 'Question', name: 'Pourquoi ?', acceptedAnswer: { text: "C'est simple !" } }],
    };
    const html = `<script type="application/ld+json">${JSON.stringify(block)}</script>`;
    const out = JSON.parse(/>(.*)<\/script>/.exec(frenchTypographyHtml(html))![1]!);
    expect(out.headline).toBe('L’agenda\u00A0: mode d’emploi');
    expect(out.url).toBe(block.url);
    expect(out.datePublished).toBe('2026-03-12');
    expect(out.mainEntity[0].name).toBe('Pourquoi\u202F?');
    expect(out.mainEntity[0].acceptedAnswer.text).toBe('C’est simple\u202F!');
  });
});

describe('Dates in fr-FR', () => {
  it('formats a publish date that never breaks, with « 1er » for the first of the month', () => {
    expect(formatDateFr('2026-03-12')).toBe('12\u00A0mars\u00A02026');
    expect(formatDateFr('2026-12-01')).toBe('1er\u00A0décembre\u00A02026');
  });
});

describe('French typography: dates, ordinals, headings (issue 42)', () => {
  it('keeps a date on one line, and an ordinal with its noun', () => {
    expect(frenchTypography('Choix du 28 mai 2027, valable en novembre 2027.')).toBe(
      'Choix du 28\u00A0mai\u00A02027, valable en novembre\u00A02027.',
    );
    expect(frenchTypography('Depuis le 1er janvier 2025, la 2e relance.')).toBe(
      'Depuis le 1er\u00A0janvier\u00A02025, la 2e\u00A0relance.',
    );
    expect(frenchTypography('Plus de 500 cabinets')).toBe('Plus de 500\u00A0cabinets');
  });

  it('raises an ordinal’s letters in page text, never in an attribute nor in a word', () => {
    expect(frenchTypographyHtml('<p title="le 1er mars">Le 1er mars, la 2e fois, H1e, 1erement</p>')).toBe(
      '<p title="le 1er\u00A0mars">Le 1<sup>er</sup>\u00A0mars, la 2<sup>e</sup>\u00A0fois, H1e, 1erement</p>',
    );
  });

  it('never breaks a hyphenated word of a heading at its hyphen', () => {
    expect(frenchTypographyHtml('<h2 id="x">Réduire les rendez-vous manqués</h2><p>Les rendez-vous</p>')).toBe(
      '<h2 id="x">Réduire les rendez\u2011vous manqués</h2><p>Les rendez-vous</p>',
    );
    expect(frenchTypographyHtml('<H3>Suivi <em>post-opératoire</em></H3><header>Haut-de-page</header>')).toBe(
      '<H3>Suivi <em>post\u2011opératoire</em></H3><header>Haut-de-page</header>',
    );
  });
});

describe('Configuration: site.json with environment overrides', () => {
  it('loads the committed configuration', () => {
    const config = loadConfig(siteJson, {});
    expect(config.product.name).toBe('Dentivo');
    expect(toPublicConfig(config).conversationKey).toBe('dentivo_single_conversation');
  });

  it('lets the environment override a value', () => {
    expect(loadConfig(siteJson, { APP_URL: 'https://pro.dentivo.fr' }).appUrl).toBe('https://pro.dentivo.fr');
  });

  it('refuses an invalid value and names where it came from', () => {
    expect(() => loadConfig(siteJson, { APP_URL: 'pas une adresse' })).toThrow(ConfigError);
    expect(() => loadConfig(siteJson, { APP_URL: 'pas une adresse' })).toThrow(
      /appUrl \(variable d’environnement APP_URL\)/,
    );
    expect(() => loadConfig({ ...siteJson, themeColor: 'teal' }, {})).toThrow(/themeColor \(content\/site.json\)/);
  });

  it('stops a real site’s build on placeholder addresses, warns a placeholder site’s, says nothing locally', () => {
    const config = loadConfig(siteJson, {});
    expect(config.appUrl).toMatch(/\.example$/);
    const real = placeholderAddresses(loadConfig(siteJson, { SITE_URL: 'https://www.dentivo.fr' }));
    expect(real?.level).toBe('error');
    expect(real?.message).toContain('changez APP_URL');
    expect(real?.message).toContain('« company.email » de content/site.json');
    expect(placeholderAddresses(config)?.level).toBe('warning');
    expect(placeholderAddresses(loadConfig(siteJson, { SITE_URL: 'http://localhost:8080' }))).toBeUndefined();
    const ready = loadConfig(
      { ...siteJson, company: { ...siteJson.company, email: 'contact@dentivo.fr' } },
      { SITE_URL: 'https://www.dentivo.fr', APP_URL: 'https://app.dentivo.fr' },
    );
    expect(placeholderAddresses(ready)).toBeUndefined();
    const appOnly = placeholderAddresses(
      loadConfig(siteJson, { SITE_URL: 'https://www.dentivo.fr', APP_URL: 'https://app.dentivo.fr' }),
    );
    expect(appOnly?.message).not.toContain('APP_URL');
  });

  it('builds the sign-in and sign-up addresses of the external app', () => {
    expect(appAuthUrl('https://app.dentivo.example', 'signin')).toBe('https://app.dentivo.example/auth');
    expect(appAuthUrl('https://app.dentivo.example', 'signup')).toBe('https://app.dentivo.example/auth?signup=true');
  });
});

describe('Grid columns: no lone card on the last row', () => {
  it('keeps the preferred width when the cards fill its rows', () => {
    expect(gridColumns(9, 3)).toBe(3);
    expect(gridColumns(6, 3)).toBe(3);
    expect(gridColumns(4, 4)).toBe(4);
  });
  it('keeps the width an editor chose (a section’s columns)', () => {
    expect(gridColumns(11, 3)).toBe(4);
    expect(gridColumns(11, 3, true)).toBe(3);
    expect(gridColumns(2, 3, true)).toBe(2);
  });
  it('uses as many columns as cards when there are few', () => {
    expect(gridColumns(1)).toBe(1);
    expect(gridColumns(2)).toBe(2);
    expect(gridColumns(0)).toBe(1);
  });
  it('switches width rather than leave an orphan', () => {
    expect(gridColumns(4, 3)).toBe(4);
    expect(gridColumns(8, 3)).toBe(4);
    expect(gridColumns(7, 3)).toBe(4);
    expect(gridColumns(5, 3)).toBe(3);
    expect(gridColumns(6, 4)).toBe(3);
    for (let count = 2; count <= 24; count++) {
      const columns = gridColumns(count, 3);
      if (count % columns === 1) expect([count % 2, count % 3, count % 4]).not.toContain(0);
    }
  });
});
