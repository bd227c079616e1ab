/**
 * The company's details live once, in content/site.json, and content cites them as « {e-mail} »
 * (core/content/company-details.ts): no detail typed by hand anywhere else, every page, the FAQ, the
 * structured data and DENTY's index follow a changed value, and an unknown placeholder is refused in French.
 */
import { describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { loadContent } from '../../site/lib/content.ts';
import { buildAssistantIndex, indexSourceOf } from '../../site/lib/assistant-index.ts';
import { structuredData } from '../../site/lib/structured-data.ts';
import { companyValues, resolveDetails } from '../../core/content/company-details.ts';
import { checkContent, type ReadFile } from '../../core/content/check.ts';
import { parseContentFile } from '../../core/content/files.ts';

const root = join(import.meta.dirname, '..', '..');
const site = JSON.parse(readFileSync(join(root, 'content/site.json'), 'utf8'));
const company = site.company as Parameters<typeof companyValues>[0];

const contentFiles = ['pages', 'blog', 'authors', 'shared'].flatMap((folder) =>
  readdirSync(join(root, 'content', folder)).map((name) => `content/${folder}/${name}`),
);

describe('Company details typed once', () => {
  // Each detail as site.json holds it, and as prose tends to retype it.
  const typed = [
    company.email,
    company.phone,
    `tel:${company.phone.replace(/[^+\d]/g, '')}`,
    company.address.street,
    `${company.address.postalCode} ${company.address.city}`,
    company.identifiers.siren,
    company.identifiers.vat,
    company.identifiers.capital,
    ...company.hours.flatMap(({ hours }) => {
      const [from, to] = hours.split(/\s*[–-]\s*/);
      return to ? [hours, `de ${from} à ${to}`] : [];
    }),
  ];

  it.each(contentFiles)('%s cites them, never retypes them', (path) => {
    const text = readFileSync(join(root, path), 'utf8');
    for (const detail of typed)
      expect(text, `« ${detail} » : écrivez plutôt sa coordonnée entre accolades`).not.toContain(detail);
  });

  it('reach every page, the FAQ, the structured data and DENTY’s index from site.json', () => {
    const copy = mkdtempSync(join(tmpdir(), 'dentivo-coordonnees-'));
    try {
      cpSync(join(root, 'content'), copy, { recursive: true });
      const changed = structuredClone(site);
      Object.assign(changed.company, { email: 'bonjour@cabinet.example', phone: '+33 5 11 22 33 44' });
      changed.company.address.street = '3 place Bellecour';
      changed.company.hours[1].hours = '8 h – 13 h';
      writeFileSync(join(copy, 'site.json'), JSON.stringify(changed, null, 2));
      const content = loadContent(root, {}, { contentDir: copy });
      const everything = JSON.stringify([content.pages, content.shared, content.posts.map((post) => post.html)]);
      for (const old of [company.email, company.address.street, company.phone, '9 h – 12 h'])
        expect(everything).not.toContain(old);
      const legal = content.pages.find((page) => page.path === '/mentions-legales')!.body!.html;
      expect(legal).toContain('<a href="mailto:bonjour@cabinet.example">bonjour@cabinet.example</a>');
      expect(legal).toContain('<a href="tel:+33511223344">+33 5 11 22 33 44</a>');
      expect(legal).toContain('3 place Bellecour, 69002 Lyon, France');
      expect(legal).toContain(`RCS Lyon ${company.identifiers.siren}`);
      const contact = JSON.stringify(content.pages.find((page) => page.path === '/contact'));
      expect(contact).toContain('"text":"Du lundi au vendredi : 9 h – 18 h ; samedi : 8 h – 13 h ; dimanche : fermé."');
      expect(contact).toContain('"href":"mailto:bonjour@cabinet.example"');
      const support = content.shared.faq.find((item) => item.id === 'q-support')!.answer;
      expect(support).toContain('Horaires du support : du lundi au vendredi : 9 h – 18 h ; samedi : 8 h – 13 h');
      // The structured data and DENTY read the same values, never a placeholder.
      const faqPage = JSON.stringify(structuredData(content).faqPage(content.shared.faq));
      expect(faqPage).toContain('samedi : 8 h – 13 h');
      const index = JSON.stringify(buildAssistantIndex(indexSourceOf(content)));
      expect(index).toContain('bonjour@cabinet.example');
      expect(index).toContain('samedi : 8 h – 13 h');
      expect(index).not.toMatch(/\{(e-mail|horaires|adresse|téléphone|délai de réponse)\}/);
      expect(JSON.stringify(structuredData(content).home())).toContain('"email":"bonjour@cabinet.example"');
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('start a sentence with a capital and continue one without; links only where they stand alone', () => {
    const values = companyValues(company);
    expect(resolveDetails('{horaires}.', values)).toMatch(/^Du lundi au vendredi : /);
    expect(resolveDetails('Ouvert {horaires}.', values)).toMatch(/^Ouvert du lundi au vendredi : /);
    expect(resolveDetails('- {horaires}', values, true)).toMatch(/^- Du lundi/);
    expect(resolveDetails('Écrivez à {e-mail}.', values, true)).toBe(
      `Écrivez à [${company.email}](mailto:${company.email}).`,
    );
    expect(resolveDetails('[Écrivez-nous](mailto:{e-mail})', values, true)).toBe(
      `[Écrivez-nous](mailto:${company.email})`,
    );
    expect(resolveDetails('Écrivez à {e-mail}.', values)).toBe(`Écrivez à ${company.email}.`);
  });

  it('refuse an unknown placeholder, in the build and before a save, naming those that exist', () => {
    const files = new Map<string, ReadFile>();
    for (const path of contentFiles)
      files.set(path, parseContentFile(path, readFileSync(join(root, path), 'utf8'), parse));
    const path = 'content/pages/cgu.md';
    const text = readFileSync(join(root, path), 'utf8').replace('{e-mail}', '{courriel}');
    files.set(path, parseContentFile(path, text, parse));
    const problems = checkContent(files, () => true).get(path)!;
    expect(problems).toEqual([
      expect.stringMatching(/^coordonnée inconnue « \{courriel\} » : écrivez l’une de \{e-mail\}, \{téléphone\}, /),
    ]);
    const copy = mkdtempSync(join(tmpdir(), 'dentivo-coordonnees-'));
    try {
      cpSync(join(root, 'content'), copy, { recursive: true });
      writeFileSync(join(copy, 'pages/cgu.md'), text);
      expect(() => loadContent(root, {}, { contentDir: copy })).toThrow(/coordonnée inconnue « \{courriel\} »/);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
