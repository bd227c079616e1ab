/** The content model: the real content loads, and a mistake names the file, the section and the field. */
import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadContent, ContentError } from '../../site/lib/content.ts';

const root = join(import.meta.dirname, '..', '..');

function copyOfContent(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dentivo-content-'));
  cpSync(join(root, 'content'), join(dir, 'content'), { recursive: true });
  return dir;
}

describe('Content of the site', () => {
  const content = loadContent(root, {});

  it('loads every page, article and author', () => {
    expect(content.pages.length).toBeGreaterThanOrEqual(25);
    expect(content.posts.length).toBeGreaterThanOrEqual(12);
    expect(content.authors.map((a) => a.slug).sort()).toEqual([
      'dentivo-team',
      'dr-claire-vasseur',
      'dr-tech-advisor',
      'tech-team',
    ]);
  });

  it('has articles of at least 700 words in all five categories', () => {
    for (const post of content.posts) expect(post.words, post.slug).toBeGreaterThanOrEqual(700);
    expect(new Set(content.posts.map((p) => p.category)).size).toBe(5);
  });

  it('writes tags in sentence case: a capital for the first word, acronyms and names only after', () => {
    const titleCased = content.posts.flatMap((post) =>
      post.tags
        .filter((tag) =>
          tag
            .split(/\s+/)
            .slice(1)
            .some((word) => /^\p{Lu}\p{Ll}/u.test(word)),
        )
        .map((tag) => `${post.slug} : ${tag}`),
    );
    expect(titleCased).toEqual([]);
  });

  it('cites each testimonial on one page only', () => {
    const cited = content.pages.flatMap((page) =>
      page.sections.flatMap((section) => (section.type === 'testimonials' ? section.testimonials : [])),
    );
    expect(cited.length).toBeGreaterThan(25);
    expect(cited.filter((id, index) => cited.indexOf(id) !== index)).toEqual([]);
  });

  it('keeps only the 8 visible entries in the Features menu', () => {
    const visible = content.shared.navigation.features.filter((e) => e.visible).map((e) => e.href);
    expect(visible).toEqual([
      '/agenda',
      '/questionnaire-medical-numerique',
      '/planning-equipe',
      '/comptes-rendus',
      '/tracabilite',
      '/recolte-factures',
      '/prise-commandes',
      '/assistant',
    ]);
  });
});

describe('A content mistake stops the build with a clear message', () => {
  it('names the file, the section and the field', () => {
    const dir = copyOfContent();
    const file = join(dir, 'content', 'pages', 'agenda.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/icon: [a-z-]+/, 'icon: Pas Une Icone'));
    expect(() => loadContent(dir, {})).toThrow(ContentError);
    expect(() => loadContent(dir, {})).toThrow(
      /content\/pages\/agenda\.md[\s\S]*section \d+ \(features\), champ cards\[0\]\.icon/,
    );
  });

  it('refuses an unknown author, category and duplicate slug', () => {
    const dir = copyOfContent();
    const file = join(dir, 'content', 'blog', 'suivi-post-operatoire.md');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original.replace(/^author: .*$/m, 'author: inconnu'));
    expect(() => loadContent(dir, {})).toThrow(/suivi-post-operatoire\.md[\s\S]*auteur inconnu « inconnu »/);
    writeFileSync(file, original.replace(/^category: .*$/m, 'category: Divers'));
    expect(() => loadContent(dir, {})).toThrow(/champ category/);
    writeFileSync(join(dir, 'content', 'blog', 'copie.md'), original.replace(/^id: .*$/m, 'id: 999'));
    writeFileSync(file, original);
    expect(() => loadContent(dir, {})).toThrow(/slug d’article « suivi-post-operatoire » déjà utilisé/);
  });

  it('refuses an assistant vocabulary that points to an unknown page or question, in French', () => {
    const dir = copyOfContent();
    const file = join(dir, 'content', 'shared', 'assistant-vocabulary.yaml');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original.replace('pages: [/tarifs]', 'pages: [/tarif]'));
    expect(() => loadContent(dir, {})).toThrow(
      /assistant-vocabulary\.yaml[\s\S]*sujet « Tarifs » : page inconnue « \/tarif »/,
    );
    writeFileSync(file, original.replace('faq: [q-prix]', 'faq: [q-inconnue]'));
    expect(() => loadContent(dir, {})).toThrow(/question inconnue « q-inconnue »/);
    writeFileSync(file, original.replace(/^greetings: .*$/m, 'greetings: []'));
    expect(() => loadContent(dir, {})).toThrow(/assistant-vocabulary\.yaml[\s\S]*champ greetings/);
    const faq = join(dir, 'content', 'shared', 'faq.yaml');
    writeFileSync(file, original);
    writeFileSync(faq, readFileSync(faq, 'utf8').replace('page: /tarifs', 'page: /prix'));
    expect(() => loadContent(dir, {})).toThrow(/faq\.yaml[\s\S]*page inconnue « \/prix »/);
  });

  it('stops a build for a real site that still has placeholder addresses, naming the settings', () => {
    expect(() => loadContent(root, { SITE_URL: 'https://www.dentivo.fr' })).toThrow(
      /Adresses d’exemple[\s\S]*APP_URL[\s\S]*company\.email/,
    );
  });

  it('refuses a testimonial cited on a second page, naming the first', () => {
    const dir = copyOfContent();
    const file = join(dir, 'content', 'pages', 'tester.md');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(/testimonials: \[t-testeur,/, 'testimonials: [t-agenda-secretaire,'),
    );
    expect(() => loadContent(dir, {})).toThrow(
      /témoignage « t-agenda-secretaire » déjà utilisé par content\/pages\/home\.md/,
    );
  });

  it('refuses a reference to a testimonial that does not exist', () => {
    const dir = copyOfContent();
    const file = join(dir, 'content', 'pages', 'home.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/testimonials: \[t-[a-z-]+/, 'testimonials: [t-personne'));
    expect(() => loadContent(dir, {})).toThrow(/témoignage inconnu « t-personne »/);
  });
});
