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
import { analyseMainThread, cpuTimeTrace } from '../../bench/main-thread.ts';
import { withoutScripts } from '../../bench/script-free.ts';
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

describe('copie sans script d’une page (bench, partie lighthouse)', () => {
  it('retire les scripts qui s’exécutent et les modulepreload, garde les blocs de données', () => {
    const page = [
      '<head><link rel="stylesheet" href="/a.css">',
      '<script type="module" src="/assets/enhance.js"></script>',
      '<script type="module" src="/assets/client.js" data-prefetch="/x.js">\n</script>',
      '<link rel="modulepreload" href="/assets/signals.js">',
      '<script type="application/ld+json">{"@type":"WebSite"}</script>',
      '<script type="application/json" data-dentivo-config>{"a":1}</script>',
      '</head><body><script>document.body.dataset.x = "1"</script><p>Bonjour</p></body>',
    ].join('\n');
    const stripped = withoutScripts(page);
    expect(stripped).not.toMatch(/enhance\.js|client\.js|signals\.js|dataset\.x/);
    expect(stripped).toContain('<script type="application/ld+json">{"@type":"WebSite"}</script>');
    expect(stripped).toContain('<script type="application/json" data-dentivo-config>{"a":1}</script>');
    expect(stripped).toContain('<link rel="stylesheet" href="/a.css">');
    expect(stripped).toContain('<p>Bonjour</p>');
  });
});

describe('lecture du fil principal d’une trace (bench, partie lighthouse)', () => {
  // A small trace in Chromium's format: one renderer main thread, its navigation, three tasks.
  const main = { pid: 1, tid: 1 };
  const meta = [
    { name: 'thread_name', ph: 'M', ...main, ts: 0, args: { name: 'CrRendererMain' } },
    { name: 'process_name', ph: 'M', pid: 2, tid: 9, ts: 0, args: { name: 'GPU Process' } },
    { name: 'thread_name', ph: 'M', pid: 2, tid: 9, ts: 0, args: { name: 'VizCompositorThread' } },
  ];
  const trace = {
    traceEvents: [
      ...meta,
      {
        name: 'navigationStart',
        ph: 'R',
        ...main,
        ts: 1_000,
        args: { frame: 'F', data: { documentLoaderURL: 'http://127.0.0.1/' } },
      },
      // A task of 100 ms wall, 40 ms CPU: style of 600 elements, layout, inside it.
      { name: 'RunTask', ph: 'X', ...main, ts: 2_000, dur: 100_000, tdur: 40_000 },
      {
        name: 'UpdateLayoutTree',
        ph: 'X',
        ...main,
        ts: 2_000,
        dur: 50_000,
        tdur: 20_000,
        args: { elementCount: 600, beginData: { frame: 'F' } },
      },
      {
        name: 'Layout',
        ph: 'X',
        ...main,
        ts: 60_000,
        dur: 25_000,
        tdur: 10_000,
        args: { beginData: { frame: 'F', dirtyObjects: 800 } },
      },
      // The SVG image, a document of its own frame.
      { name: 'RunTask', ph: 'X', ...main, ts: 200_000, dur: 8_000, tdur: 8_000 },
      {
        name: 'UpdateLayoutTree',
        ph: 'X',
        ...main,
        ts: 200_000,
        dur: 6_000,
        tdur: 6_000,
        args: { elementCount: 218, beginData: { frame: 'SVG' } },
      },
      // Script.
      { name: 'RunTask', ph: 'X', ...main, ts: 300_000, dur: 5_000, tdur: 5_000 },
      { name: 'v8.evaluateModule', ph: 'X', ...main, ts: 300_000, dur: 4_000, tdur: 4_000 },
      { name: 'Screenshot', ph: 'O', pid: 3, tid: 3, ts: 310_000 },
      { name: 'RunTask', ph: 'X', pid: 2, tid: 9, ts: 310_000, dur: 3_000, tdur: 3_000 },
      {
        name: 'Animation',
        ph: 'b',
        ...main,
        ts: 320_000,
        id2: { local: '0x1' },
        args: { data: { displayName: 'shimmer' } },
      },
      {
        name: 'Animation',
        ph: 'n',
        ...main,
        ts: 321_000,
        id2: { local: '0x1' },
        args: { data: { compositeFailed: 8192 } },
      },
    ],
  };

  it('répartit le CPU par cause et compte ce que la page a restylé, mis en page, dessiné, animé', () => {
    const figures = analyseMainThread(trace);
    expect(figures.cpuMs).toBeCloseTo(53, 5);
    expect(figures.byCause.styles).toBeCloseTo(20, 5);
    expect(figures.byCause.layout).toBeCloseTo(10, 5);
    expect(figures.byCause.svg).toBeCloseTo(6, 5);
    expect(figures.byCause.script).toBeCloseTo(4, 5);
    expect(figures.byCause.other).toBeCloseTo(13, 5);
    // 40 ms of CPU with a layout: × 2 = 80 ms, long; the others stay short.
    expect(figures.longTasks).toBe(1);
    expect(figures.styleElements).toBe(600);
    expect(figures.layoutObjects).toBe(800);
    expect(figures.frames).toBe(1);
    expect(figures.drawCpuMs).toBeCloseTo(3, 5);
    expect(figures.animations).toEqual({ started: 1, notComposited: 1, stillRunning: 1, names: ['shimmer'] });
  });

  it('ramène chaque tâche du fil principal à son temps CPU, ses événements avec elle', () => {
    const shrunk = cpuTimeTrace(trace).traceEvents;
    const task = shrunk.find((event) => event.name === 'RunTask' && event.ts === 2_000)!;
    expect(task.dur).toBe(40_000);
    const layout = shrunk.find((event) => event.name === 'Layout')!;
    expect(layout.ts).toBe(2_000 + 58_000 * 0.4);
    expect(layout.dur).toBe(10_000);
    // Other threads are left as they were.
    expect(shrunk.find((event) => event.pid === 2 && event.name === 'RunTask')!.dur).toBe(3_000);
    // The original is not changed.
    expect(trace.traceEvents.find((event) => event.name === 'Layout')!.ts).toBe(60_000);
  });
});
