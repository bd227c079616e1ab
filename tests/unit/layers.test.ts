/**
 * The layer plan is enforced by lint (eslint.config.js, docs/decisions/0002-folders-and-layering.md):
 * an import against it fails `npm run lint`, one along it passes.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ESLint } from 'eslint';

const root = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: root });

/** The messages lint gives a file at `path` that holds only `code`. */
async function lint(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: join(root, path) });
  return result!.messages.map((message) => message.message);
}

describe('The layer plan, enforced by lint', () => {
  it.each([
    ['core/common/nouveau.ts', "import '../../widgets/runtime/track.ts';", 'La couche core n’importe pas widgets'],
    ['core/common/nouveau.ts', "import '../../backend/db.ts';", 'La couche core n’importe pas backend'],
    ['core/common/nouveau.ts', "import 'node:fs';", 'core/ n’importe aucun module de Node'],
    ['widgets/runtime/nouveau.ts', "import '../../server/app.ts';", 'La couche widgets n’importe pas server'],
    ['widgets/runtime/nouveau.ts', "import '../../site/lib/html.ts';", 'La couche widgets n’importe pas site'],
    ['site/lib/nouveau.ts', "import '../../widgets/ssr.tsx';", 'La couche site n’importe pas widgets'],
    ['backend/nouveau.ts', "import '../server/app.ts';", 'La couche backend n’importe pas server'],
    ['server/nouveau.ts', "import '../tests/support/ports.ts';", 'La couche server n’importe pas tests'],
    ['server/nouveau.ts', "import '../widgets/forms/ContactForm.tsx';", 'La couche server n’importe pas widgets'],
  ])('refuses %s → %s', async (path, code, message) => {
    expect((await lint(path, code)).join('\n')).toContain(message);
  });

  it.each([
    ['server/nouveau.ts', "import '../backend/db.ts';\nimport '../core/common/slug.ts';"],
    // The server renders a form posted without JavaScript through the widgets' door for Node.
    ['server/nouveau.ts', "import '../widgets/ssr.tsx';"],
    ['eleventy.nouveau.js', "import './widgets/ssr.tsx';\nimport './site/lib/html.ts';"],
    ['cms/previews/nouveau.ts', "import '../../site/lib/markdown.ts';"],
    ['supabase/functions/x/nouveau.ts', "import '../../../backend/http.ts';"],
  ])('lets %s import along the plan', async (path, code) => {
    expect((await lint(path, code)).filter((message) => /couche|core\/ n’importe/.test(message))).toEqual([]);
  });
});
