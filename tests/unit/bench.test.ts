/**
 * The pieces of `npm run bench` and of the byte budgets that can be wrong without a browser: the
 * generated articles pass the real content loader, and the Vite manifest is split into the right
 * widgets (the client entry imports every widget dynamically; that must not count as the assistant's).
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadContent } from '../../site/lib/content.ts';
import { categories } from '../../core/blog/post.ts';
import { FIRST_ID, generateArticles } from '../../bench/articles.ts';
import { median } from '../../bench/common.ts';
import { assistantChunks, consentChunks, runtimeChunks, type Manifest } from '../../scripts/lib/bytes.ts';

const root = resolve(import.meta.dirname, '..', '..');

describe('articles générés pour le bench de build', () => {
  // A small, fixed amount of work (20 articles, one load of the site's content): it passes on a busy machine
  // as on a quiet one; the figures of the bench itself are measured by `npm run bench`, never here.
  it('passent le chargeur de contenu du site : ids ≥ 10000, slugs uniques, 5 catégories, auteurs existants, ~700 mots', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dentivo-articles-'));
    try {
      const written = generateArticles(20, dir, root);
      const content = loadContent(root, {}, { extraPostsDir: dir });
      const generated = content.posts.filter((post) => post.id >= FIRST_ID);
      expect(generated).toHaveLength(20);
      expect(new Set(generated.map((post) => post.slug)).size).toBe(20);
      expect(new Set(generated.map((post) => post.category))).toEqual(new Set(categories));
      const authors = new Set(content.authors.map((author) => author.slug));
      for (const post of generated) expect(authors).toContain(post.authorSlug);
      for (const article of written) expect(article.words).toBeGreaterThan(600);
      for (const post of generated) {
        expect(post.words).toBeGreaterThan(600);
        expect(post.headings.length).toBeGreaterThanOrEqual(5);
      }
      // Deterministic: the same count gives the same files.
      const again = generateArticles(20, join(dir, 'encore'), root);
      expect(again.map((article) => article.slug)).toEqual(written.map((article) => article.slug));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('répartition des chunks du manifeste Vite', () => {
  // The shape Vite writes: the client entry imports every widget dynamically; widgets import the entry.
  const manifest: Manifest = {
    'widgets/client.ts': {
      file: 'client-a.js',
      isEntry: true,
      dynamicImports: [
        'widgets/consent/CookieBanner.tsx',
        'widgets/assistant/AssistantIsland.tsx',
        'widgets/forms/ContactForm.tsx',
        'widgets/runtime/hydrate.tsx',
      ],
    },
    'widgets/runtime/hydrate.tsx': { file: 'hydrate-b.js', imports: ['_react-c.js'] },
    '_react-c.js': { file: 'react-c.js', name: 'react' },
    '_config-d.js': { file: 'config-d.js', name: 'config' },
    '_store-e.js': { file: 'store-e.js', name: 'store', imports: ['_config-d.js'] },
    'widgets/consent/CookieBanner.tsx': {
      file: 'CookieBanner-f.js',
      imports: ['_react-c.js', '_store-e.js', '_texts-g.js', 'widgets/client.ts'],
    },
    '_texts-g.js': { file: 'texts-g.js', name: 'texts' },
    'widgets/assistant/AssistantIsland.tsx': {
      file: 'AssistantIsland-h.js',
      imports: ['_store-e.js', 'widgets/client.ts'],
      dynamicImports: ['widgets/assistant/Drawer.tsx'],
    },
    'widgets/assistant/Drawer.tsx': {
      file: 'Drawer-i.js',
      imports: ['widgets/client.ts'],
      dynamicImports: ['widgets/assistant/markdown.ts'],
    },
    'widgets/assistant/markdown.ts': { file: 'markdown-j.js' },
    'widgets/forms/ContactForm.tsx': { file: 'ContactForm-k.js', imports: ['widgets/client.ts'] },
  };

  it('le runtime partagé : l’entrée, l’hydratation, React et la configuration', () => {
    expect([...runtimeChunks(manifest)].sort()).toEqual([
      '/assets/client-a.js',
      '/assets/config-d.js',
      '/assets/hydrate-b.js',
      '/assets/react-c.js',
    ]);
  });

  it('le consentement : ses chunks (store et textes compris), sans le runtime', () => {
    expect([...consentChunks(manifest)].sort()).toEqual([
      '/assets/CookieBanner-f.js',
      '/assets/store-e.js',
      '/assets/texts-g.js',
    ]);
  });

  it('l’assistant : ses imports dynamiques à lui, pas ceux de l’entrée vers les autres widgets', () => {
    const chunks = assistantChunks(manifest);
    expect(chunks).toContain('/assets/Drawer-i.js');
    expect(chunks).toContain('/assets/markdown-j.js');
    expect(chunks).toContain('/assets/react-c.js');
    expect(chunks).not.toContain('/assets/ContactForm-k.js');
    expect(chunks).not.toContain('/assets/CookieBanner-f.js');
  });

  it('pas d’assistant dans le build : rien à mesurer', () => {
    const without = Object.fromEntries(
      Object.entries(manifest).filter(([key]) => !key.startsWith('widgets/assistant/')),
    );
    expect(assistantChunks(without).size).toBe(0);
  });
});

describe('médiane', () => {
  it('du milieu, ou la moyenne des deux du milieu ; NaN ignoré', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([Number.NaN, 5])).toBe(5);
    expect(median([])).toBeNaN();
  });
});
