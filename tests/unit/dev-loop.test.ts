/**
 * `npm run dev` survives and serves what an editor saves (docs/requirements.md#editors): started on a
 * copy of the content, building into a temporary folder, it serves an article; the article's title,
 * a page's title and a shared YAML file are changed on disk, and each change is served in turn, even
 * after the output folder holds what stopped the server before (a watcher error). No
 * duration is asserted (the bench reports the time from saving to the reloaded page); the waits are
 * generous because the machine may be busy.
 */
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevOnCopy, type DevOnCopy } from '../../bench/common.ts';

let dev: DevOnCopy | undefined;

async function page(path: string): Promise<string> {
  try {
    const response = await fetch(`${dev!.origin}${path}`);
    return response.ok ? await response.text() : '';
  } catch {
    return '';
  }
}

/** Polls `path` until its HTML contains `text`; fails with the dev loop's last output. */
async function served(path: string, text: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if ((await page(path)).includes(text)) return;
    const { exitCode } = dev!.process;
    if (exitCode !== null)
      throw new Error(`npm run dev s’est arrêté (code ${exitCode}) :\n${dev!.output().slice(-3000)}`);
    if (Date.now() > deadline)
      throw new Error(`« ${text} » n’est pas servi sur ${path} :\n${dev!.output().slice(-3000)}`);
    await new Promise((wait) => setTimeout(wait, 250));
  }
}

function edit(file: string, change: (source: string) => string): void {
  const path = join(dev!.contentDir, file);
  writeFileSync(path, change(readFileSync(path, 'utf8')));
}

describe('npm run dev', () => {
  // On a copy of the content, building into a folder beside it, in its own process group: the end of the
  // test stops Vite, Eleventy and the server with it.
  beforeAll(async () => {
    dev = await startDevOnCopy('dentivo-dev-loop-');
  });

  afterAll(() => dev?.stop(), 30_000);

  it('serves an edited article, page and shared file without being restarted', async () => {
    const article = '/blog/suivi-post-operatoire';
    await served(article, 'Suivi post-opératoire', 300_000);

    edit('blog/suivi-post-operatoire.md', (source) =>
      source.replace(/^title: .*$/m, 'title: "Le suivi post-opératoire revu en direct"'),
    );
    await served(article, 'Le suivi post-opératoire revu en direct', 120_000);
    // The article list and the search index follow the same build.
    await served('/blog', 'Le suivi post-opératoire revu en direct', 60_000);

    edit('pages/tarifs.md', (source) => source.replace(/^title: .*$/m, 'title: "Tarifs revus en direct | Dentivo"'));
    await served('/tarifs', 'Tarifs revus en direct', 120_000);

    // Node's recursive watcher fails on a link that loops as it fails on a folder a rebuild removes
    // mid-scan: the dev server must neither stop nor need starting again.
    symlinkSync('boucle', join(dev!.siteDir, 'blog', 'boucle'));

    // The header's menu, shared by every page.
    edit('shared/navigation.yaml', (source) =>
      source.replace('Rendez-vous, fauteuils et rappels patients', 'Un menu partagé revu en direct'),
    );
    await served(article, 'Un menu partagé revu en direct', 120_000);

    expect(dev!.process.exitCode).toBeNull();
    expect(dev!.output()).not.toContain('s’est arrêté');
  }, 600_000);
});
