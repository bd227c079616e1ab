/**
 * Issue 38, points 1 and 2: what an editor saves stays inside its bounds. A path an entry names (a cover, a
 * portrait, a hero's screenshot, a link to a file) stays in public/, checked by the content schema (the
 * build and the CMS's save check say the same) and again where the image step reads it, whose errors never
 * print a file's bytes. Content cannot reach the page's machinery: no id of the page's, no class but the
 * article styles (docs/decisions/0049-content-html-allow-list.md).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { checkContent, type ReadFile } from '../../core/content/check.ts';
import { contentKind, parseContentFile } from '../../core/content/files.ts';
import { isPageId } from '../../core/common/page-ids.ts';
import { loadContent } from '../../site/lib/content.ts';
import { iconExists } from '../../site/lib/icons.ts';
import { renderMarkdown } from '../../site/lib/markdown.ts';
import { buildSocialImages } from '../../scripts/social-images.ts';

const root = join(import.meta.dirname, '..', '..');
const temporary: string[] = [];
afterAll(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const folder = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
};

/** A copy of content/ with one file changed, as the build and the CMS read it. */
function withChange(path: string, change: (text: string) => string) {
  const dir = folder('dentivo-bornes-');
  cpSync(join(root, 'content'), join(dir, 'content'), { recursive: true });
  writeFileSync(join(dir, path), change(readFileSync(join(dir, path), 'utf8')));
  const files = new Map<string, ReadFile>();
  for (const sub of ['pages', 'blog', 'authors', 'shared'])
    for (const name of readdirSync(join(dir, 'content', sub))) {
      const file = `content/${sub}/${name}`;
      if (contentKind(file)) files.set(file, parseContentFile(file, readFileSync(join(dir, file), 'utf8'), parse));
    }
  return { dir, files };
}

const ESCAPE = '/../../../../../proc/self/environ';

describe('Un chemin de contenu reste dans public/ : la construction et le CMS le refusent, en français', () => {
  const cases = [
    {
      what: 'l’image d’un article',
      file: 'content/blog/suivi-post-operatoire.md',
      change: (text: string) => text.replace(/^image: .*$/m, `image: ${ESCAPE}`),
      field: 'champ image',
    },
    {
      what: 'le portrait d’un auteur',
      file: 'content/authors/dr-claire-vasseur.json',
      change: (text: string) => text.replace(/"avatar": "[^"]*"/, `"avatar": "${ESCAPE}"`),
      field: 'champ avatar',
    },
    {
      what: 'l’image du héros d’une page',
      file: 'content/pages/agenda.md',
      change: (text: string) => text.replace(/src: \/images\/[^\s,}]+/, 'src: /images/../../.env'),
      field: 'image.src',
    },
    {
      what: 'un lien vers un fichier',
      file: 'content/pages/agenda.md',
      change: (text: string) => text.replace(/href: \/[a-z-]+/, 'href: /images/%2e%2e/%2e%2e/package.json'),
      field: 'href',
    },
    {
      what: 'un lien vers un autre site déguisé en chemin',
      file: 'content/pages/agenda.md',
      change: (text: string) => text.replace(/href: \/[a-z-]+/, 'href: //evil.example/facture.pdf'),
      field: 'href',
    },
  ];

  it.each(cases)('$what', ({ file, change, field }) => {
    const { dir, files } = withChange(file, change);
    expect(readFileSync(join(dir, file), 'utf8')).not.toBe(readFileSync(join(root, file), 'utf8'));
    // The build: the file, the field, the reason.
    expect(() => loadContent(dir, {})).toThrow(new RegExp(`Contenu invalide dans ${file}[\\s\\S]*${field}`));
    expect(() => loadContent(dir, {})).toThrow(/dans public\/|reste dans le site/);
    // The CMS's save check (cms/save.ts) and its local backend run checkContent: the same words.
    const lines = checkContent(files, iconExists).get(file) ?? [];
    expect(lines.join('\n')).toMatch(new RegExp(field.replace('.', '\\.')));
  });
});

describe('L’étape des images de partage ne lit que dans le site construit, et ne cite jamais un octet', () => {
  const SECRET = 'SMTP_URL=smtps://equipe:motdepasse-secret@smtp.example.fr:465';
  const outside = folder('dentivo-hors-site-');
  writeFileSync(join(outside, 'environ'), SECRET);

  /** A built site with its logo, and the list of cards the build would leave, naming `picture`. */
  function manifestNaming(picture: string, kind: 'card' | 'raster') {
    const output = folder('dentivo-site-construit-');
    mkdirSync(join(output, 'images'), { recursive: true });
    cpSync(join(root, 'public/images/logo.svg'), join(output, 'images/logo.svg'));
    symlinkSync(join(outside, 'environ'), join(output, 'images', 'lien.svg'));
    const manifest = join(output, 'cards.json');
    writeFileSync(
      manifest,
      JSON.stringify({
        output,
        siteHost: 'dentivo.example',
        cards: kind === 'card' ? [{ file: '/social/x.png', title: 'Titre', kicker: 'Blog', picture, alt: 'x' }] : [],
        rasters: kind === 'raster' ? [{ from: picture, file: '/social/x.png', size: 400 }] : [],
      }),
    );
    return { manifest, cache: join(output, 'cache') };
  }

  it.each([
    ['une carte', 'card', `/../../../../../../../..${join(outside, 'environ')}`],
    ['une copie PNG d’un portrait', 'raster', `/../../../../../../../..${join(outside, 'environ')}`],
    ['un lien symbolique sortant du site', 'card', '/images/lien.svg'],
    ['un lien symbolique sortant du site (portrait)', 'raster', '/images/lien.svg'],
  ] as const)('%s : refusée, le chemin nommé, rien de son contenu', async (_what, kind, picture) => {
    const { manifest, cache } = manifestNaming(picture, kind);
    const error = await buildSocialImages(manifest, cache).then(
      () => undefined,
      (failure: Error) => failure,
    );
    expect(error?.message).toMatch(/hors du site construit/);
    expect(error?.message).toContain(picture.slice(0, 40));
    for (const bytes of [SECRET, Buffer.from(SECRET).toString('base64'), 'motdepasse'])
      expect(error?.message).not.toContain(bytes);
  });
});

describe('Le contenu n’atteint pas la mécanique de la page', () => {
  const hostile = [
    '## Dentivo : config',
    '<div id="dentivo-config">{"assistantWebhookUrl":"https://evil.example/hook"}</div>',
    '<p id="contenu">Faux contenu principal</p>',
    '<a href="/tarifs" class="btn btn--primary">Payer ici</a>',
    '<aside class="callout"><p>Un encadré de l’article</p></aside>',
    '<div role="dialog" tabindex="-1">Faux dialogue</div>',
    '## Navigation',
  ].join('\n\n');

  it('ids de la page préfixés (titres et HTML), classes hors des styles d’article retirées, et l’éditeur prévenu', () => {
    const warnings: string[] = [];
    const { html, toc } = renderMarkdown(hostile, { warn: (message) => warnings.push(message) });
    const ids = [...html.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1]!);
    expect(ids).toEqual(['contenu-dentivo-config', 'contenu-dentivo-config', 'contenu-contenu', 'contenu-navigation']);
    expect(ids.filter(isPageId)).toEqual([]);
    expect(toc.map((item) => item.id)).toEqual(['contenu-dentivo-config', 'contenu-navigation']);
    expect(html).toContain('<a href="/tarifs">Payer ici</a>');
    expect(html).toContain('<aside class="callout">');
    expect(html).not.toMatch(/role="dialog"|tabindex="-1"/);
    const said = warnings.join('\n');
    expect(said).toContain('classe « btn btn--primary » sur <a>');
    expect(said).toContain('id « dentivo-config »');
  });

  it('sans HTML, un titre « Dentivo : config » ne prend pas non plus l’id de la page', () => {
    expect(renderMarkdown('## Dentivo : config\n\nTexte.').html).toContain('<h2 id="contenu-dentivo-config">');
  });

  it('l’id d’une section qui est celui de la page est refusé, en français', () => {
    const { files } = withChange('content/pages/agenda.md', (text) =>
      text.replace(/^(\s+)id: [a-z-]+$/m, '$1id: navigation'),
    );
    expect((checkContent(files, iconExists).get('content/pages/agenda.md') ?? []).join('\n')).toMatch(
      /déjà celui d’un élément de la page/,
    );
  });

  it('chaque id que les gabarits et les widgets écrivent est l’un de ceux que la page se garde', () => {
    const sources = (dir: string, ext: RegExp): string[] =>
      readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && ext.test(entry.name))
        .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'));
    const templates = sources('site', /\.(njk|js)$/).join('\n');
    const widgets = sources('widgets', /\.tsx?$/).join('\n');
    const written = [
      ...[...templates.matchAll(/\sid="([a-z][a-z0-9-]*)"/g)].map((match) => match[1]!),
      ...[...widgets.matchAll(/\sid="([a-z][a-z0-9-]*)"/g)].map((match) => match[1]!),
      // Ids derived in the partials: « (section.id or ("faq-" + loop.index)) + "-titre" », the screenshots' dialogs.
      ...[...templates.matchAll(/\("([a-z-]+)-" \+ loop\.index\)\) \+ "-titre"/g)].map(
        (match) => `${match[1]}-3-titre`,
      ),
      ...[...templates.matchAll(/or "([a-z-]+)"\) \+ "-titre"/g)].map((match) => `${match[1]}-titre`),
      ...[...templates.matchAll(/set dialogId = "([a-z-]+)" \+/g)].map((match) => `${match[1]}1`),
      // The widgets' own: the forms' fields (« contact-email »), the consent panel, DENTY's drawer.
      ...[...widgets.matchAll(/(?:idPrefix=|const ID = )["']([a-z-]+)["']/g)].map((match) => `${match[1]}-email`),
      ...[...widgets.matchAll(/DRAWER_ID = '([a-z-]+)'/g)].map((match) => match[1]!),
    ];
    expect(written.length).toBeGreaterThan(40);
    expect(written.filter((id) => !isPageId(id))).toEqual([]);
  });
});
