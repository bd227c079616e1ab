/**
 * What search engines and social networks read (docs/requirements.md#seo): lengths held by the content
 * schemas, one address per page, content dates, typeset metadata, and a raster social image per page.
 * Some checks read the built site (npm run build:test first, as `npm test` does).
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync, utimesSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postFrontMatter } from '../../core/blog/post.ts';
import { page as pageSchema } from '../../core/pages/page.ts';
import { articleExtrasFor } from '../../core/blog/extras.ts';
import { clampDescription, SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from '../../core/common/seo.ts';
import { canonicalRedirect } from '../../server/canonical-redirect.ts';
import { lastCommitDates, lastModifiedFinder } from '../../site/lib/last-modified.ts';
import { loadContent, ContentError } from '../../site/lib/content.ts';
import { builtPages, siteDir } from '../support/site.ts';

const root = join(import.meta.dirname, '..', '..');
const pages = builtPages();
const html = (file: string) => readFileSync(file, 'utf8');
const decode = (text: string) =>
  text
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const meta = (source: string, key: string) =>
  decode(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(source)?.[1] ?? '');
const content = loadContent(root, {});

const article = {
  id: 1,
  slug: 'un-article',
  title: 'Un titre court',
  summary: 'Un résumé de plus de quarante caractères pour passer le schéma.',
  category: 'Gestion',
  tags: ['gestion'],
  author: 'dentivo-team',
  publishDate: '2026-01-02',
};

describe('Titles and descriptions hold in what results show', () => {
  it('every built page: a <title> of 65 characters at most, a description of 50 to 160', () => {
    const problems: string[] = [];
    for (const { file, path } of pages) {
      const source = html(file);
      const title = decode(/<title>([^<]*)<\/title>/.exec(source)?.[1] ?? '');
      const description = meta(source, 'description');
      if ([...title].length > SEO_TITLE_MAX) problems.push(`${path} : titre de ${[...title].length} caractères`);
      if ([...description].length > SEO_DESCRIPTION_MAX || [...description].length < 50)
        problems.push(`${path} : description de ${[...description].length} caractères`);
    }
    expect(problems).toEqual([]);
  });

  it('every article’s <title> ends in « | Dentivo »; Open Graph keeps the whole title', () => {
    for (const post of content.posts) {
      const source = html(join(siteDir, 'blog', post.slug, 'index.html'));
      expect(/<title>([^<]*)<\/title>/.exec(source)?.[1], post.slug).toMatch(/ \| Dentivo$/);
      expect(
        meta(source, 'og:title')
          .replace(/[\u00A0\u202F]/g, ' ')
          .replace(/’/g, "'"),
        post.slug,
      ).toBe(post.title);
    }
  });

  it('an article too long for the <title> or the description must give its seoTitle or seoDescription', () => {
    const long = { ...article, title: 'Un titre vraiment très long qui ne tiendra jamais dans la balise title' };
    const result = postFrontMatter.safeParse(long);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(['seoTitle']);
    expect(result.error!.issues[0]!.message).toMatch(
      /ajoutez un titre pour les moteurs de recherche plus court \(seoTitle\)/,
    );
    expect(postFrontMatter.safeParse({ ...long, seoTitle: 'Un titre court pour Google' }).success).toBe(true);

    const wordy = { ...article, summary: 'Un résumé bavard. '.repeat(12) };
    expect(postFrontMatter.safeParse(wordy).error!.issues[0]!.message).toMatch(
      /ajoutez une description pour les moteurs de recherche plus courte \(seoDescription\)/,
    );
    expect(postFrontMatter.safeParse({ ...wordy, seoDescription: 'x'.repeat(161) }).success).toBe(false);
  });

  it('a page title over 65 characters stops the build with the file and the field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dentivo-seo-'));
    cpSync(join(root, 'content'), join(dir, 'content'), { recursive: true });
    const file = join(dir, 'content', 'pages', 'tarifs.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, `title: "${'Tarifs '.repeat(11)}"`));
    expect(() => loadContent(dir, {})).toThrow(ContentError);
    expect(() => loadContent(dir, {})).toThrow(
      /tarifs\.md[\s\S]*champ title : un titre de page tient en 65 caractères/,
    );
  });

  it('a page offering related solutions must name its cluster', () => {
    const page = pageSchema.safeParse({
      title: 'Une page',
      description: 'Une description assez longue pour dépasser les cinquante caractères.',
      path: '/une-page',
      name: 'Une page',
      sections: [{ type: 'related-solutions', title: 'Solutions associées' }],
    });
    expect(page.success).toBe(false);
    expect(page.error!.issues.map((issue) => issue.path.join('.'))).toContain('cluster');
  });

  it('cuts a long biography on a word, with an ellipsis, within the limit', () => {
    const bio = 'Chirurgienne-dentiste installée à Lyon depuis quinze ans, '.repeat(4);
    const cut = clampDescription(bio);
    expect(cut.length).toBeLessThanOrEqual(SEO_DESCRIPTION_MAX);
    expect(cut).toMatch(/\p{L}…$/u);
    expect(clampDescription('Court.')).toBe('Court.');
  });
});

describe('One address per page', () => {
  it('sends trailing-slash and /index.html variants to the canonical path', () => {
    expect(canonicalRedirect('/agenda/')).toBe('/agenda');
    expect(canonicalRedirect('/agenda/index.html')).toBe('/agenda');
    expect(canonicalRedirect('/blog/suivi-post-operatoire/')).toBe('/blog/suivi-post-operatoire');
    expect(canonicalRedirect('/index.html')).toBe('/');
    expect(canonicalRedirect('/agenda//')).toBe('/agenda');
    expect(canonicalRedirect('/')).toBeUndefined();
    expect(canonicalRedirect('/agenda')).toBeUndefined();
    expect(canonicalRedirect('/blog/feed.xml')).toBeUndefined();
    // Never a protocol-relative address that would leave the site.
    expect(canonicalRedirect('//autre-site.example/')).toBe('/autre-site.example');
  });

  it('JSON-LD addresses are the canonical ones, without a trailing slash', () => {
    for (const { file, path } of pages) {
      const blocks = [...html(file).matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
        (m) => m[1]!,
      );
      for (const block of blocks) {
        const urls = [...block.matchAll(/"(https:\/\/dentivo\.example[^"]*)"/g)].map((m) => m[1]!);
        for (const url of urls) expect(new URL(url).pathname, `${path} ${url}`).toMatch(/^\/$|[^/]$/);
      }
    }
  });

  it('the 404 and unknown-author pages declare no canonical and are not indexed', () => {
    for (const file of ['404.html', 'auteur/introuvable.html']) {
      const source = html(join(siteDir, file));
      expect(source, file).not.toContain('rel="canonical"');
      expect(source, file).toContain('<meta name="robots" content="noindex">');
    }
  });
});

describe('Dates of the content itself', () => {
  it('takes each content file’s last commit from one git log', () => {
    const dates = lastCommitDates(root);
    const file = join(root, 'content', 'pages', 'agenda.md');
    const expected = execFileSync('git', ['log', '-1', '--format=%cI', '--', file], { cwd: root, encoding: 'utf8' });
    expect(dates.get(file)).toBe(expected.slice(0, 10));
  });

  it('falls back to the file’s modification time outside git', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dentivo-dates-'));
    mkdirSync(join(dir, 'content'));
    const file = join(dir, 'content', 'page.md');
    writeFileSync(file, 'x');
    utimesSync(file, new Date('2024-05-06T12:00:00Z'), new Date('2024-05-06T12:00:00Z'));
    expect(lastModifiedFinder(dir)(file)).toBe('2024-05-06');
  });

  it('front matter `updated` wins; an article is never modified before it was published', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dentivo-updated-'));
    cpSync(join(root, 'content'), join(dir, 'content'), { recursive: true });
    const file = join(dir, 'content', 'blog', 'suivi-post-operatoire.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^publishDate: .*$/m, '$&\nupdated: 2026-09-30'));
    const post = loadContent(dir, {}).posts.find((p) => p.slug === 'suivi-post-operatoire')!;
    expect(post.modified).toBe('2026-09-30');
    for (const p of content.posts) expect(p.modified >= p.publishDate, p.slug).toBe(true);
  });

  it('the sitemap and the JSON-LD carry each article’s own date, not the build day', () => {
    const sitemap = readFileSync(join(siteDir, 'sitemap.xml'), 'utf8');
    for (const post of content.posts) {
      expect(sitemap).toContain(`/blog/${post.slug}</loc><lastmod>${post.modified}</lastmod>`);
      const source = html(join(siteDir, 'blog', post.slug, 'index.html'));
      expect(source).toContain(`"dateModified":"${post.modified}"`);
    }
    for (const page of content.pages.filter((p) => !p.sections.some((s) => s.type === 'blog-preview')))
      expect(sitemap).toContain(`${page.path === '/' ? '/' : page.path}</loc><lastmod>${page.modified}</lastmod>`);
  });
});

describe('French typography outside the page text', () => {
  // Straight apostrophes and a plain space before « : ; ! ? » in what people and networks read.
  const untypeset = /\p{L}'\p{L}| [:;!?](?=\s|$)/u;
  it('meta descriptions, Open Graph, alternative texts, preset messages and JSON-LD are typeset', () => {
    const problems: string[] = [];
    for (const { file, path } of pages) {
      const source = html(file);
      for (const key of ['description', 'og:title', 'og:description', 'og:image:alt', 'twitter:title'])
        if (untypeset.test(meta(source, key))) problems.push(`${path} ${key}`);
      for (const match of source.matchAll(/\s(alt|data-assistant-message|aria-label)="([^"]*)"/g))
        if (untypeset.test(decode(match[2]!))) problems.push(`${path} ${match[1]} « ${decode(match[2]!)} »`);
      for (const match of source.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)) {
        const prose = [...match[1]!.matchAll(/"(?:name|headline|description|text)":"((?:[^"\\]|\\.)*)"/g)].map(
          (m) => m[1]!,
        );
        for (const text of prose) if (untypeset.test(text)) problems.push(`${path} JSON-LD « ${text.slice(0, 60)} »`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('Social images: a 1200×630 PNG per page and per article', () => {
  const pngSize = (file: string) => {
    const head = readFileSync(file).subarray(0, 24);
    expect(head.subarray(1, 4).toString('latin1')).toBe('PNG');
    return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
  };

  it('every page names its own PNG in og:image and twitter:image, and the file exists at 1200×630', () => {
    const seen = new Map<string, string>();
    for (const { file, path } of pages) {
      const source = html(file);
      const image = meta(source, 'og:image');
      expect(image, path).toMatch(/^https:\/\/dentivo\.example\/social\/.+\.png$/);
      expect(meta(source, 'twitter:image'), path).toBe(image);
      expect(meta(source, 'twitter:card'), path).toBe('summary_large_image');
      expect(meta(source, 'og:image:width'), path).toBe('1200');
      expect(meta(source, 'og:image:height'), path).toBe('630');
      expect(meta(source, 'og:image:alt').length, path).toBeGreaterThan(20);
      const png = join(siteDir, new URL(image).pathname);
      expect(existsSync(png), `${path} → ${png}`).toBe(true);
      expect(pngSize(png), path).toEqual({ width: 1200, height: 630 });
      const noindex = source.includes('content="noindex"');
      // /planning is an alias; a blog list's further pages share its first page's card.
      if (!noindex && path !== '/planning' && !/\/page\/\d+$/.test(path)) {
        expect(seen.get(image), `${path} partage l’image de ${seen.get(image)}`).toBeUndefined();
        seen.set(image, path);
      }
    }
    // Every article and every page of the content has its own card.
    for (const post of content.posts) expect([...seen.values()]).toContain(`/blog/${post.slug}`);
  });

  it('JSON-LD images are raster files that exist', () => {
    for (const { file, path } of pages)
      for (const match of html(file).matchAll(/"(?:image|logo|primaryImageOfPage)":"([^"]+)"/g)) {
        expect(match[1], path).toMatch(/\.png$/);
        expect(existsSync(join(siteDir, new URL(match[1]!).pathname)), `${path} ${match[1]}`).toBe(true);
      }
  });
});

describe('Article covers', () => {
  it('each article has its own drawing, which exists, and an alternative text describing it', () => {
    const images = content.posts.map((post) => post.image);
    expect(new Set(images).size).toBe(content.posts.length);
    for (const post of content.posts) {
      expect(post.image, post.slug).toBe(`/images/blog/${post.slug}.svg`);
      expect(existsSync(join(root, 'public', post.image!)), post.slug).toBe(true);
      expect(post.imageAlt, post.slug).toMatch(/^Illustration : /);
      expect(post.imageAlt).not.toBe(post.title);
      // The cover's own <title> says the same as the page's alternative text.
      expect(readFileSync(join(root, 'public', post.image!), 'utf8')).toContain(
        `<title id="t">${post.imageAlt}</title>`,
      );
    }
  });

  it('an article without a cover shows the placeholder, not another article’s drawing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dentivo-cover-'));
    cpSync(join(root, 'content'), join(dir, 'content'), { recursive: true });
    const file = join(dir, 'content', 'blog', 'suivi-post-operatoire.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^image: .*\n/m, ''));
    const post = loadContent(dir, {}).posts.find((p) => p.slug === 'suivi-post-operatoire')!;
    expect(post.imageUrl).toBe('/placeholder.svg');
  });
});

describe('Blocks after an article go where they help its reader', () => {
  const rules = content.shared.articleExtras;
  it('one invitation to the tester programme, never two', () => {
    expect(articleExtrasFor({ category: 'Soins', productSection: {} }, rules).promo).toBe(false);
    expect(articleExtrasFor({ category: 'Soins' }, rules).promo).toBe(true);
  });
  it('the trust block on rules and data, the audit on running the practice', () => {
    expect(articleExtrasFor({ category: 'Réglementation' }, rules)).toMatchObject({ trust: true, audit: false });
    expect(articleExtrasFor({ category: 'Gestion' }, rules)).toMatchObject({ trust: false, audit: true });
    expect(articleExtrasFor({ category: 'Communication' }, rules)).toMatchObject({ trust: false, audit: false });
  });
  it('no article carries the same few hundred words as every other', () => {
    const shared = [
      'Pourquoi nous faire confiance',
      'Audit express de votre cabinet',
      'Découvrez les nouveautés avant tout le monde',
    ];
    const counts = shared.map(
      (heading) =>
        content.posts.filter((post) => html(join(siteDir, 'blog', post.slug, 'index.html')).includes(heading)).length,
    );
    for (const count of counts) expect(count).toBeLessThan(content.posts.length);
  });
});

describe('One sign-up path', () => {
  const signup = 'https://app.dentivo.example/auth?signup=true';
  const links = pages.flatMap(({ file, path }) =>
    [...html(file).matchAll(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => ({
      path,
      href: decode(m[1]!),
      text: decode(m[2]!.replace(/<[^>]+>/g, ' '))
        .replace(/\s+/g, ' ')
        .trim(),
    })),
  );

  it('a link offering an account or a trial goes to the app’s sign-up', () => {
    const offers = links.filter(
      (l) => /\b(?:un|mon|votre) compte\b|\bessai\b|\bessay|gratuit/i.test(l.text) && !/^\/blog\//.test(l.href),
    );
    expect(offers.length).toBeGreaterThan(20);
    expect(offers.filter((l) => l.href !== signup).map((l) => `${l.path} « ${l.text} » → ${l.href}`)).toEqual([]);
  });

  it('/tester is only for the tester programme', () => {
    const tester = links.filter((l) => l.href === '/tester' || l.href.startsWith('/tester#'));
    expect(tester.length).toBeGreaterThan(5);
    expect(tester.filter((l) => !/testeur|tester/i.test(l.text)).map((l) => `${l.path} « ${l.text} »`)).toEqual([]);
  });

  it('the sign-up buttons of the pages use one small set of labels', () => {
    const labels = new Set(links.filter((l) => l.href === signup).map((l) => l.text.replace(/\u00A0|\u202F/g, ' ')));
    // The specification's own labels, and the words of the articles' sentences.
    const allowed =
      /^(Créer un compte|Créer un compte gratuitement|Essayer gratuitement|[Cc]rée[rz] un compte gratuitement)( \(nouvel onglet\))?$/;
    expect([...labels].filter((label) => !allowed.test(label))).toEqual([]);
  });
});

/** The image step over a throw-away output that holds the logo, and where its manifest goes. */
async function socialStep() {
  const { buildSocialImages } = await import('../../scripts/social-images.ts');
  const dir = mkdtempSync(join(tmpdir(), 'dentivo-social-'));
  const output = join(dir, 'site');
  mkdirSync(join(output, 'images'), { recursive: true });
  cpSync(join(root, 'public', 'images', 'logo.svg'), join(output, 'images', 'logo.svg'));
  return { buildSocialImages, dir, output, manifest: join(dir, 'cards.json') };
}

describe('The image step draws a card once, then reuses it', () => {
  it('draws a new card, copies an unchanged one from the cache, and draws again when its words change', async () => {
    const { buildSocialImages, dir, output, manifest } = await socialStep();
    const write = (title: string) =>
      writeFileSync(
        manifest,
        JSON.stringify({
          output,
          siteHost: 'dentivo.example',
          cards: [{ file: '/social/essai.png', title, kicker: 'Essai', alt: title }],
          rasters: [{ from: '/images/logo.svg', file: '/social/images/logo.png', size: 64 }],
        }),
      );
    const cache = join(dir, 'cache');
    write('Une première carte');
    expect((await buildSocialImages(manifest, cache)).drawn).toBe(1);
    const first = readFileSync(join(output, 'social', 'essai.png'));
    expect(first.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(first.readUInt32BE(16)).toBe(1200);
    expect((await buildSocialImages(manifest, cache)).drawn).toBe(0);
    write('Une autre carte');
    expect((await buildSocialImages(manifest, cache)).drawn).toBe(1);
    expect(readFileSync(join(output, 'social', 'essai.png')).equals(first)).toBe(false);
    expect(existsSync(join(output, 'social', 'images', 'logo.png'))).toBe(true);
  });
});

describe('A card shows a raster picture too', () => {
  it('draws a PNG screenshot beside the title, and leaves out a format it cannot read without failing', async () => {
    const { buildSocialImages, dir, output, manifest } = await socialStep();
    cpSync(join(root, 'public', 'images', 'screens', 'dashboard.png'), join(output, 'images', 'ecran.png'));
    // A WebP header: satori cannot take one, so the card is drawn without it.
    writeFileSync(join(output, 'images', 'photo.webp'), Buffer.from('RIFF\0\0\0\0WEBPVP8 \0\0\0\0', 'latin1'));
    const card = (file: string, picture?: string) => ({
      file,
      title: 'Une carte',
      kicker: 'Essai',
      alt: 'Une carte',
      picture,
    });
    writeFileSync(
      manifest,
      JSON.stringify({
        output,
        siteHost: 'dentivo.example',
        cards: [
          card('/social/seule.png'),
          card('/social/ecran.png', '/images/ecran.png'),
          card('/social/photo.png', '/images/photo.webp'),
        ],
        rasters: [],
      }),
    );
    expect((await buildSocialImages(manifest, join(dir, 'cache'))).drawn).toBe(3);
    const drawn = (name: string) => readFileSync(join(output, 'social', name));
    expect(drawn('ecran.png').readUInt32BE(16)).toBe(1200);
    expect(drawn('ecran.png').equals(drawn('seule.png'))).toBe(false);
    expect(drawn('photo.png').equals(drawn('seule.png'))).toBe(true);
  });
});
