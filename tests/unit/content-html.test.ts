/**
 * HTML written in an article is an allow-list (site/lib/content-html.ts,
 * docs/decisions/0049-content-html-allow-list.md): what an article needs stays, anything that runs,
 * frames or redirects is dropped at build, and the build names the file and the line.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderMarkdown, renderInline } from '../../site/lib/markdown.ts';
import { loadContent } from '../../site/lib/content.ts';

const root = join(import.meta.dirname, '..', '..');
const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const hostile = [
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<script>alert(1)</script>',
  '<iframe src="https://evil.example"></iframe>',
  '<img src="/images/a.png" alt="Radio" onerror="alert(1)">',
  '<a href="javascript:alert(1)">Cliquez</a>',
  '<a href=" jav&#x09;ascript:alert(1)">Encore</a>',
  '<form action="https://evil.example"><input name="x"></form>',
  '<p style="position:fixed">Par-dessus</p>',
  '<base href="https://evil.example/">',
  '<object data="x.swf"></object>',
  '<svg onload="alert(1)"></svg>',
];

describe('HTML in articles', () => {
  it('drops everything that runs, frames, styles or redirects', () => {
    const warnings: string[] = [];
    const { html } = renderMarkdown(`Un paragraphe.\n\n${hostile.join('\n\n')}\n`, { warn: (m) => warnings.push(m) });
    for (const bad of ['<meta', '<script', 'alert(1)', '<iframe', 'onerror', 'javascript:', '<form', '<input'])
      expect(html).not.toContain(bad);
    for (const bad of ['style=', '<base', '<object', '<svg', 'evil.example']) expect(html).not.toContain(bad);
    // The text an editor wrote around them stays.
    expect(html).toContain('Cliquez');
    expect(html).toContain('Par-dessus');
    expect(html).toContain('<img src="/images/a.png" alt="Radio" />');
    expect(warnings.length).toBe(hostile.length);
  });

  it('keeps what articles need: figures, tables, details, links, images', () => {
    const kept = [
      '<figure class="quote"><img src="/images/uploads/radio-3f2a.png" alt="Radio panoramique" width="600" height="300" loading="lazy"><figcaption>Une radio</figcaption></figure>',
      '<details name="faq"><summary>Question</summary><p>Réponse</p></details>',
      '<table><caption>Tarifs</caption><tr><th scope="row">Essai</th><td colspan="2">30 jours</td></tr></table>',
      '<p><a href="https://www.has-sante.fr/" rel="noopener">HAS</a>, <a href="mailto:contact@dentivo.example">écrire</a>, <abbr title="Règlement général">RGPD</abbr></p>',
    ];
    const warn = vi.fn();
    const { html } = renderMarkdown(kept.join('\n\n'), { warn });
    expect(warn).not.toHaveBeenCalled();
    for (const piece of ['<figure class="quote">', 'loading="lazy"', '<figcaption>', '<details name="faq">'])
      expect(html).toContain(piece);
    for (const piece of ['<summary>', '<caption>', 'colspan="2"', 'href="https://www.has-sante.fr/"', 'mailto:'])
      expect(html).toContain(piece);
    expect(html).toContain('<abbr title="Règlement général">');
  });

  it('leaves Markdown without HTML as markdown-it wrote it, tables included', () => {
    const source = '## Un titre\n\n| A | B |\n|---|---|\n| 1 | 2 |\n\n[Lien](/tarifs) et *texte*.';
    const { html } = renderMarkdown(source, { warn: () => undefined });
    expect(html).toContain('<h2 id="un-titre">');
    expect(html).toContain('<div class="table-scroll" tabindex="0" role="region" aria-label="Tableau 1">');
    expect(renderMarkdown(`${source}\n\n<span>ok</span>`).html).toContain('aria-label="Tableau 1"');
  });

  it('cleans inline Markdown the same way', () => {
    expect(renderInline('Texte <img src=x onerror="alert(1)">', { warn: () => undefined })).not.toContain('onerror');
  });

  it('warns at build with the file and the line, and the built article keeps none of it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dentivo-content-html-'));
    copies.push(dir);
    cpSync(join(root, 'content'), join(dir, 'content'), { recursive: true });
    const file = join(dir, 'content/blog/suivi-post-operatoire.md');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, `${text.trimEnd()}\n\n<meta http-equiv="refresh" content="0;url=https://evil.example">\n`);
    const line = `${text.trimEnd()}\n\n`.split('\n').length;
    const warnings: string[] = [];
    const spy = vi.spyOn(console, 'warn').mockImplementation((message: string) => void warnings.push(message));
    try {
      const post = loadContent(dir, {}).posts.find((p) => p.slug === 'suivi-post-operatoire')!;
      expect(post.html).not.toContain('<meta');
      // Only this article's warning (the build may also warn, once, about the placeholder addresses).
      expect(warnings.filter((warning) => warning.includes('suivi-post-operatoire'))).toEqual([
        `Attention : content/blog/suivi-post-operatoire.md, ligne ${line} : HTML retiré à la construction (<meta>). Seuls les éléments et attributs des articles sont gardés : figures, tableaux, détails, liens, images.`,
      ]);
    } finally {
      spy.mockRestore();
    }
  });
});
