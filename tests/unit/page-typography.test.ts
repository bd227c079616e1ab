/**
 * French typography where lines break (docs/requirements.md#french-typography), held over every built
 * page (npm run build:test first): no ordinary space between a figure and the unit or noun it counts, nor
 * after « classe », « article », « étape » before their figure; « … » typed as one character. The page's
 * text is read as a reader meets it: scripts, code and drawings left out, a block element's edge being
 * a line's edge anyway, an inline element's edge not.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtPages, siteDir } from '../support/site.ts';
import { decode, readableText } from '../support/page-text.ts';
import { RETIRED_WORDINGS } from '../../core/common/actions.ts';

/** Words that follow a figure without being what it counts: a line may start with them. */
const NOT_COUNTED =
  /^(?:à|a|au|aux|avec|dans|de|des|du|en|est|et|la|le|les|mais|ni|ou|où|par|pour|puis|que|qui|sans|sont|sur|un|une)$/i;

/** Every place a line may break where a French reader does not expect it. */
export function typographyBreaks(text: string): string[] {
  const found: string[] = [];
  // A number standing alone ("UTF-8" and "H2" are names, not counts).
  for (const [whole, , word] of text.matchAll(/(?<![\p{L}\d_-])(\d+(?:[.,]\d+)*)[ \t\r\n]+(\p{L}[\p{L}’'-]*)/gu))
    if (!NOT_COUNTED.test(word!)) found.push(whole);
  for (const [whole] of text.matchAll(/\d[ \t\r\n]+\d{3}(?!\d)/g)) found.push(whole);
  for (const [whole] of text.matchAll(/(?<!\p{L})(?:classe|article|étape)[ \t\r\n]+\d/giu)) found.push(whole);
  for (const [whole] of text.matchAll(/\S{0,20}\.\.\./g)) found.push(whole);
  return found.map((context) => context.replace(/\s+/g, ' '));
}

describe('French typography where lines break, on every built page', () => {
  const pages = builtPages();

  it('reads the breaks it looks for', () => {
    expect(typographyBreaks('En 3 minutes, 30\u00A0jours, de 1 à 5\u00A0ans, 5 000, classe 1, aussi...')).toEqual([
      '3 minutes',
      '5 000',
      'classe 1',
      'aussi...',
    ]);
    expect(readableText('<p>Tous les articles <span>14</span></p><p>2026</p><h3>Suivi</h3>')).toEqual([
      '\u00B6Tous les articles 14\u00B6\u00B62026\u00B6\u00B6Suivi\u00B6',
    ]);
  });

  it('no page parts a figure from its unit or noun, and no page types « ... »', () => {
    expect(pages.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const { file, path } of pages)
      for (const text of readableText(readFileSync(file, 'utf8')))
        for (const found of typographyBreaks(text)) problems.push(`${path} : « ${found} »`);
    expect(problems).toEqual([]);
  });
});

describe('headings never break a hyphenated word at its hyphen (« rendez‑vous »)', () => {
  it('every heading of every built page holds non-breaking hyphens only', () => {
    const problems: string[] = [];
    for (const { file, path } of builtPages())
      for (const [, inner] of readFileSync(file, 'utf8').matchAll(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/g)) {
        const text = decode(inner!.replace(/<(svg|script)\b[\s\S]*?<\/\1>/g, '').replace(/<[^>]*>/g, ''));
        if (/\p{L}-\p{L}/u.test(text)) problems.push(`${path} : « ${text.trim()} »`);
      }
    expect(problems).toEqual([]);
  });
});

describe('one wording per action (core/common/actions.ts), sign-up in the same tab', () => {
  const pages = builtPages();

  /** A retired wording (any case) or the English « workflow », in a text. */
  const misworded = (text: string) => {
    const lower = text.toLowerCase();
    return [
      ...RETIRED_WORDINGS.filter((retired) => lower.includes(retired.toLowerCase())),
      ...(/\bworkflows?\b/i.test(text) ? ['workflow'] : []),
    ];
  };

  it('no page says an action another way, nor « workflow », in its text, its title or its description', () => {
    const problems: string[] = [];
    for (const { file, path } of pages) {
      const html = readFileSync(file, 'utf8');
      const head = [...html.matchAll(/<title>([^<]*)<\/title>|<meta [^>]*content="([^"]*)"/g)].map(
        ([, title, content]) => decode(title ?? content ?? ''),
      );
      for (const text of [...readableText(html), ...head])
        for (const found of misworded(text)) problems.push(`${path} : « ${found} »`);
    }
    expect(problems).toEqual([]);
  });

  it('nor DENTY: what it quotes and the pages it links (its built index), its replies, its vocabulary', () => {
    const index = JSON.parse(readFileSync(join(siteDir, 'assistant-index.json'), 'utf8')) as {
      docs: { questions?: string[] }[];
    };
    // A passage's `questions` are visitors' words (« je peux devenir testeur ? »), searched, never said.
    expect(misworded(JSON.stringify(index.docs.map(({ questions: _asked, ...doc }) => doc)))).toEqual([]);
    const root = join(import.meta.dirname, '..', '..');
    const code = readdirSync(join(root, 'core', 'assistant'))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => readFileSync(join(root, 'core', 'assistant', name), 'utf8'));
    // The words a visitor may type (« devenir testeur ») are how DENTY understands, not what it says.
    const vocabulary = readFileSync(join(root, 'content', 'shared', 'assistant-vocabulary.yaml'), 'utf8').replace(
      /^\s*words: .*$/gm,
      '',
    );
    expect(misworded([...code, vocabulary].join('\n'))).toEqual([]);
  });

  it('every link to the sign-up opens in the same tab', () => {
    // docs/requirements.md#app-auth: the sign-up is the app's /auth?signup=true.
    const links = pages.flatMap(({ file, path }) =>
      [...readFileSync(file, 'utf8').matchAll(/<a\b[^>]*>/g)]
        .map(([tag]) => tag)
        .filter((tag) => /\shref="[^"]*[?&]signup=true"/.test(tag))
        .map((tag) => ({ path, tag })),
    );
    expect(links.length).toBeGreaterThan(10);
    expect(links.filter(({ tag }) => /\starget=/.test(tag))).toEqual([]);
  });
});
