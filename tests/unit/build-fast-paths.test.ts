/**
 * The build reads megabytes of HTML and text at 10,000 articles, so a few rules are written as
 * one-pass scans rather than as the regular expressions that define them. Each scan must give
 * exactly what its definition gives: on the real articles, on the pages' HTML and on random
 * strings made of the characters the rules look at.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  frenchTypography,
  frenchTypographyHtml,
  frenchTypographyJsonLd,
  jsonLdText,
} from '../../core/common/typography.ts';
import { createWordReader, words } from '../../core/blog/search/tokenize.ts';
import { buildAssistantIndex, sentences, writeAssistantIndexFile } from '../../site/lib/assistant-index.ts';
import { ENTITIES, htmlToText, renderMarkdown, sectionsText, textSections } from '../../site/lib/markdown.ts';
import { loadContent } from '../../site/lib/content.ts';
import { createMemo } from '../../site/lib/memo.ts';
import { createTypesetter } from '../../site/lib/typeset.ts';

const root = resolve(import.meta.dirname, '..', '..');
const content = loadContent(root, {});
const articles = content.posts.map((post) => post.html);

/** A seeded generator of strings made of `pieces`. */
function strings(pieces: readonly string[], count: number, seed = 7): string[] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, () =>
    Array.from({ length: Math.floor(next() * 40) }, () => pieces[Math.floor(next() * pieces.length)]).join(''),
  );
}

/** frenchTypographyHtml as first written: one regular expression over the whole page. */
function typographyByRegex(html: string): string {
  const attributes = /(\s(?:alt|title|aria-label|aria-description|placeholder|data-assistant-message)=")([^"]*)"/g;
  const meta =
    /^<meta\s[^>]*(?:name|property)="(?:description|og:title|og:description|og:image:alt|twitter:title|twitter:description|twitter:image:alt)"/;
  const value = (_: string, start: string, text: string) => `${start}${frenchTypography(text)}"`;
  return (
    html
      .replace(
        /(<(script|style|pre|code|textarea)\b[\s\S]*?<\/\2>)|(<[^>]*?\s(?:alt|title|aria-label|aria-description|placeholder|data-assistant-message|content)="[^>]*>)|(?<=^|>)([^<]*?(?:['&;!?:«»\d≤≥≈>-]|\.\.\.)[^<]*)/g,
        (match, raw: string | undefined, name: string | undefined, tag: string | undefined, text: string) => {
          if (raw) {
            const script = /^(<script\b[^>]*>)([\s\S]*)(<\/script>)$/.exec(raw);
            if (name !== 'script' || !/^<script[^>]*type="application\/ld\+json"/.test(raw) || !script) return match;
            try {
              const json = JSON.stringify(frenchTypographyJsonLd(JSON.parse(script[2]!))).replace(/</g, '\\u003c');
              return `${script[1]}${json}${script[3]}`;
            } catch {
              return match;
            }
          }
          if (tag) {
            const typeset = tag.replace(attributes, value);
            return meta.test(typeset) ? typeset.replace(/(\scontent=")([^"]*)"/, value) : typeset;
          }
          const typeset = frenchTypography(text);
          return /\d(?:er|re|e)/.test(typeset)
            ? typeset.replace(/(?<![\p{L}\d_-])(\d+)(er|re|e)(?![\p{L}\d_-])/gu, '$1<sup>$2</sup>')
            : typeset;
        },
      )
      // …and in a heading's text (to the next closing heading tag), outside raw elements, no hyphen breaks.
      .replace(/<h[1-6]\b[^>]*>[\s\S]*?(?:<\/h[1-6]>|$)/gi, (heading) =>
        heading.replace(/(<(script|style|pre|code|textarea)\b[\s\S]*?<\/\2>)|(?<=>)[^<]+/g, (text, raw?: string) =>
          raw ? text : text.replace(/(\p{L})-(?=\p{L})/gu, '$1\u2011'),
        ),
      )
  );
}

describe('French typography of a page, in one pass', () => {
  const page = (body: string) =>
    [
      '<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8">',
      '<meta name="description" content="L\'agenda : 48 h avant ; prêt ?">',
      '<meta property="og:url" content="https://x.example/a : b">',
      `<script type="application/ld+json">${JSON.stringify({ '@type': 'WebPage', name: "L'équipe : « vous » !" })}</script>`,
      '<style>a::after { content: " : "; }</style></head><body>',
      `<nav aria-label="Fil d'Ariane"><a href="/">Accueil</a></nav><main>${body}</main>`,
      '<pre><code>x : y ; z</code></pre><textarea placeholder="Votre message : ici">a ; b</textarea>',
      '<img src="/a.svg" alt="Schéma : l\'agenda" loading="lazy"></body></html>',
    ].join('\n');

  it('gives what the regular expression gives, on every real article', () => {
    for (const html of articles) {
      expect(frenchTypographyHtml(page(html))).toBe(typographyByRegex(page(html)));
      expect(frenchTypographyHtml(page(html), new Map())).toBe(typographyByRegex(page(html)));
    }
  });

  it('gives what the regular expression gives, on random markup', () => {
    const pieces = [
      '<p>',
      '</p>',
      '<a href="/x">',
      '</a>',
      '<',
      '>',
      ' ',
      ' : ',
      ' ;',
      ' !',
      '?',
      "l'",
      '&#39;',
      '&lt; 5',
      '≥ 3',
      '« ',
      ' »',
      '12 %',
      '04 00 00 00 00',
      '5 000 ',
      '30 jours',
      'classe 1',
      '...',
      '.',
      'e-mail',
      'peut-on',
      'texte',
      '<script>x : y</script>',
      '<code>a ; b',
      '</code>',
      '<img alt="Bonjour : vous" src="a">',
      '<meta content="x ; y">',
      '<scriptx>',
      '<pre>',
      '<!-- a -->',
      '<b title=">">',
      '="',
      '<br/>',
      '\n',
      'é',
      '-',
      // Headings are held on the real articles above (random ones would close inside a raw element).
      '1er mars',
      'la 2e',
      'rendez-vous',
    ];
    const memo = new Map<string, string>();
    for (const html of strings(pieces, 4000)) {
      expect(frenchTypographyHtml(html)).toBe(typographyByRegex(html));
      expect(frenchTypographyHtml(html, memo)).toBe(typographyByRegex(html));
    }
  });

  it('typesets JSON-LD from the object as from its JSON', () => {
    const blocks = [
      { '@type': 'FAQPage', mainEntity: [{ name: "C'est quoi ?", acceptedAnswer: { text: 'Un < 5 : oui !' } }] },
      {
        name: ["L'un : l'autre", 'Deux ; trois'],
        url: "https://x.example/l'a : b",
        date: new Date(Date.UTC(2026, 0, 2)),
      },
      { headline: 'Rien', skipped: undefined, list: [undefined, 1, null], description: 'À 10 h : prêt ?' },
    ];
    for (const block of blocks)
      expect(jsonLdText(block, new Map())).toBe(
        JSON.stringify(frenchTypographyJsonLd(JSON.parse(JSON.stringify(block)))).replace(/</g, '\\u003c'),
      );
  });
});

/** htmlToText as first written: one regular expression for tags and entities, then the spaces. */
function textByRegex(html: string): string {
  return html
    .replace(/<[^>]+>|&(?:nbsp|amp|quot|#39|lt|gt);/g, (match) => (match[0] === '<' ? ' ' : ENTITIES[match]!))
    .replace(/\s+/g, ' ')
    .trim();
}

describe('Plain text of HTML in one scan', () => {
  it('is the text its regular expression gives, on every article', () => {
    for (const html of articles) expect(htmlToText(html)).toBe(textByRegex(html));
  });

  it('is the same on random markup, entities and spaces', () => {
    const pieces = [
      '<p>',
      '</p>',
      '<',
      '>',
      '<>',
      'mot',
      'é',
      ' ',
      '  ',
      '\n',
      '\t',
      '\u00a0',
      '\u202f',
      '\u2028',
      '&',
    ];
    const entities = ['&amp;', '&nbsp;', '&lt;', '&gt;', '&quot;', '&#39;', '&lt;b&gt;', '&amp', '&;', '&nbsp', '&#39'];
    for (const html of strings([...pieces, ...entities], 6000)) expect(htmlToText(html)).toBe(textByRegex(html));
  });
});

describe('Plain text of an article, read once', () => {
  const byRegex = textByRegex;

  it('cut at its headings, joins back into the text of the whole', () => {
    for (const html of articles) expect(sectionsText(textSections(html))).toBe(byRegex(html));
    expect(renderMarkdown('').words).toBe(''.split(/\s+/).length);
    for (const post of content.posts) expect(post.words).toBe(byRegex(post.html).split(/\s+/).length);
  });

  it('keeps the same text on random markup', () => {
    const pieces = ['<h2 id="a">', 'Titre', '</h2>', '<p>', '</p>', ' ', '\n', 'mot', '&amp;', '&nbsp;', '<', '>', 'é'];
    for (const html of strings(pieces, 3000)) {
      expect(sectionsText(textSections(html))).toBe(htmlToText(html));
      const { words } = renderMarkdown(html);
      expect(words).toBe(htmlToText(renderMarkdown(html).html).split(/\s+/).length);
    }
  });
});

describe('Words and sentences for the indexes, without a regular expression per word', () => {
  const texts = content.posts.flatMap((post) => post.sections.map((section) => section.text));

  it('reads the same words as the search tokenizer', () => {
    const reader = createWordReader();
    const check = (text: string) => {
      const read: string[] = [];
      reader.read(text, (word) => read.push(reader.words[word]!));
      expect(read).toEqual(words(text).map((span) => span.word));
    };
    for (const text of texts) check(text);
    for (const text of strings(['Équipe', 'post-opératoire', '-', ' ', 'œil', 'ÇA', '12', "l'", 'ñ', '--', 'a-'], 3000))
      check(text);
  });

  it('cuts the same sentences as the regular expression', () => {
    const byRegex = (text: string) =>
      text
        .replace(/\s+/g, ' ')
        .replace(/(\p{L}['’]) (?=\p{L})/gu, '$1')
        .replace(/ ([,.)])/g, '$1')
        .split(/(?<!\b(?:Dr|Pr|M|Mme|Mlle|St|cf|etc|ex|art|n°)\.)(?<=[.!?…])\s+(?=[A-ZÀ-ÖØ-Þ«"0-9])/u)
        .map((sentence) => sentence.trim())
        .filter((sentence) => sentence.length > 2);
    for (const text of texts) expect(sentences(text)).toEqual(byRegex(text));
    const pieces = [
      'Dr.',
      ' ',
      'Mme.',
      'M.',
      'etc.',
      'n°.',
      'mot',
      '. ',
      '! ',
      '? ',
      '… ',
      'Un',
      'É',
      '«',
      '"',
      '3',
      "l' ",
      ' ,',
      '\n',
      '  ',
      'xDr.',
    ];
    for (const text of strings(pieces, 3000)) expect(sentences(text)).toEqual(byRegex(text));
  });
});

describe('The assistant’s index, written a document at a time', () => {
  it('is the JSON of the whole index', () => {
    const source = {
      pages: content.pages,
      posts: content.posts,
      faq: content.shared.faq,
      glossary: content.shared.glossary,
      vocabulary: content.vocabulary,
    };
    const dir = mkdtempSync(join(tmpdir(), 'dentivo-index-'));
    try {
      const whole = JSON.stringify(buildAssistantIndex(source));
      // Written in one piece, then in pieces of a few documents.
      for (const chunkSize of [1 << 20, 2000]) {
        writeAssistantIndexFile(join(dir, 'assistant-index.json'), source, chunkSize);
        expect(readFileSync(join(dir, 'assistant-index.json'), 'utf8')).toBe(whole);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Parts shared by many pages, written by reference', () => {
  const shell = '<footer><p>Vos données : hébergées en France !</p></footer>';
  const typesetShell = frenchTypographyHtml(shell);

  it('puts a part typeset once in every page that refers to it, as the page would read in full', () => {
    const typeset = createTypesetter();
    const footer = typeset.part(shell);
    expect(footer).not.toContain('France');
    for (const title of ['Un article ?', 'Un autre : le second']) {
      const page = `<main><h1>${title}</h1></main>${footer}`;
      const bytes = typeset.transform(page, '/blog/article/index.html');
      expect(Buffer.isBuffer(bytes)).toBe(true);
      expect(bytes.toString()).toBe(frenchTypographyHtml(`<main><h1>${title}</h1></main>${shell}`));
      expect(bytes.toString()).toContain(typesetShell);
    }
  });

  it('writes out a part inside another, and regions without their markers', () => {
    const typeset = createTypesetter();
    const card = typeset.part('<p>Une carte : un article</p>');
    const list = typeset.part(`<ul><li>${card}</li></ul>`);
    const jsonLd = typeset.jsonLd({ '@type': 'Thing', name: 'Dentivo : le logiciel' });
    const page = `${jsonLd}<main>${list}</main>`;
    const expected = `${typeset.strip(jsonLd)}<main><ul><li>${frenchTypographyHtml('<p>Une carte : un article</p>')}</li></ul></main>`;
    expect(typeset.transform(page, 'x/index.html').toString()).toBe(expected);
    expect(typeset.strip(`<div>${card}</div>`)).toBe(
      `<div>${frenchTypographyHtml('<p>Une carte : un article</p>')}</div>`,
    );
  });

  it('writes parts out in files that are not pages, without typesetting them', () => {
    const typeset = createTypesetter();
    const part = typeset.part('<p>Texte : court</p>');
    expect(typeset.transform(`<feed>Brut : ${part}</feed>`, 'blog/feed.xml')).toBe(
      `<feed>Brut : ${frenchTypographyHtml('<p>Texte : court</p>')}</feed>`,
    );
  });

  it('leaves a reference it does not know as it is, and forgets its parts with each build', () => {
    const typeset = createTypesetter();
    const part = typeset.part('<p>Ancien</p>');
    expect(part).toBe('<!--part:0-->');
    // An editor's own comment that looks like a reference stays a comment.
    for (const comment of ['<!--part:x-->', '<!--part:-->', '<!--part: 0-->', '<!--part:0 -->', '<!--part:'])
      expect(typeset.strip(`<p>${comment}</p>`)).toBe(`<p>${comment}</p>`);
    typeset.clear();
    expect(typeset.transform(`<p>${part}</p>`, 'a/index.html').toString()).toBe(`<p>${part}</p>`);
  });

  it('renders a memo again after a new build starts, its parts forgotten with it', () => {
    const typeset = createTypesetter();
    const memo = createMemo(typeset.part, typeset.clear);
    const first = memo.get('footer', () => typeset.part('<p>Avant : ancien</p>'));
    memo.clear();
    const second = memo.get('footer', () => typeset.part('<p>Après : nouveau</p>'));
    expect(second).toBe(first);
    expect(typeset.transform(`<main>${second}</main>`, 'a/index.html').toString()).toBe(
      frenchTypographyHtml('<main><p>Après : nouveau</p></main>'),
    );
  });
});
