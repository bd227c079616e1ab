/**
 * The CMS's local backend for `npm run dev` (docs/decisions/0029-cms-for-editors.md): Decap's proxy
 * protocol (one POST with an `action`), answered from the files of the checkout, as decap-server does,
 * with three guarantees more:
 *   - it writes only what an editor edits: content files the build reads, and uploads under the image
 *     folders of core/content/cms-collections.ts (images only, names from core/content/media-names.ts,
 *     never overwritten);
 *   - a content file is written only if the build would still pass (core/content/check.ts), so even a
 *     request that skipped the admin's own check cannot break the build;
 *   - it answers in French, with the build's messages.
 * Mounted only when CMS_BACKEND=local (server/main.ts), which `npm run dev` sets.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join, posix, relative, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { mediaFolders } from '../../core/content/cms-collections.ts';
import {
  MEDIA_MAX_BYTES,
  imageExtensions,
  mediaNamePattern,
  sniffImage,
  uploadProblem,
} from '../../core/content/media-names.ts';
import { checkContent, describeProblems, newProblems, type ReadFile } from '../../core/content/check.ts';
import { contentKind, parseContentFile } from '../../core/content/files.ts';

class Refusal extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 413 | 422,
    message: string,
  ) {
    super(message);
  }
}

const sha256 = (buffer: Buffer) => createHash('sha256').update(buffer).digest('hex');

const iconDir = join(dirname(createRequire(import.meta.url).resolve('lucide-static/package.json')), 'icons');
const iconExists = (name: string) => existsSync(join(iconDir, `${name}.svg`));

export function cmsRoutes(root: string) {
  const app = new Hono();

  /** A repository path ("content/blog/x.md") inside `under`, or a refusal. */
  function inside(path: unknown, ...under: string[]): string {
    if (typeof path !== 'string' || !path || path.includes('\\') || path.includes('\0'))
      throw new Refusal(400, 'Chemin de fichier invalide.');
    const clean = posix.normalize(path).replace(/^\.\//, '');
    if (clean.startsWith('../') || clean.startsWith('/') || !under.some((folder) => clean.startsWith(`${folder}/`)))
      throw new Refusal(400, `Ce fichier n’est pas modifiable depuis l’interface : ${path}`);
    return clean;
  }
  const absolute = (path: string) => {
    const full = resolve(root, path);
    if (relative(root, full).startsWith('..')) throw new Refusal(400, 'Chemin de fichier invalide.');
    return full;
  };

  async function entry(path: string) {
    try {
      const content = await readFile(absolute(inside(path, 'content')));
      return { data: content.toString('utf8'), file: { path, id: sha256(content) } };
    } catch (error) {
      if (error instanceof Refusal) throw error;
      return { data: null, file: { path, id: null } };
    }
  }

  async function listFiles(folder: string, extension: string): Promise<string[]> {
    const dir = absolute(folder);
    if (!existsSync(dir)) return [];
    return (await readdir(dir, { withFileTypes: true }))
      .filter((item) => item.isFile() && (!extension || item.name.endsWith(`.${extension}`)))
      .map((item) => posix.join(folder, item.name))
      .sort();
  }

  async function mediaFile(path: string) {
    const buffer = await readFile(absolute(inside(path, 'public/images')));
    return { id: sha256(buffer), content: buffer.toString('base64'), encoding: 'base64', path, name: basename(path) };
  }

  /** An image a page or an article still shows cannot be deleted: its page would show a broken image. */
  async function refuseIfUsed(path: string): Promise<void> {
    const address = path.slice('public'.length);
    for (const folder of ['content/pages', 'content/blog', 'content/authors', 'content/shared'])
      for (const file of await listFiles(folder, '')) {
        const text = await readFile(absolute(file), 'utf8');
        if (!text.includes(address)) continue;
        const read = parseContentFile(file, text, parseYaml);
        const data = ('data' in read ? read.data : undefined) as { title?: unknown; name?: unknown } | undefined;
        const title = String(data?.title ?? data?.name ?? basename(file));
        throw new Refusal(
          409,
          `Cette image est montrée par « ${title} » : choisissez-y une autre image, publiez, puis supprimez celle-ci.`,
        );
      }
  }

  /** Every file the build reads, as it is on disk now. */
  async function readContent(): Promise<Map<string, ReadFile>> {
    const files = new Map<string, ReadFile>();
    for (const folder of ['content/pages', 'content/blog', 'content/authors', 'content/shared'])
      for (const path of await listFiles(folder, ''))
        if (contentKind(path))
          files.set(path, parseContentFile(path, await readFile(absolute(path), 'utf8'), parseYaml));
    return files;
  }

  /** Refuses a change to content/ that the build would refuse (new problems only: old ones are not the editor's). */
  async function checkChange(writes: Map<string, string>, deletes: string[] = []): Promise<void> {
    const before = await readContent();
    const after = new Map(before);
    for (const [path, text] of writes) after.set(path, parseContentFile(path, text, parseYaml));
    for (const path of deletes) after.delete(path);
    const problems = newProblems(
      checkContent(before, iconExists),
      checkContent(after, iconExists, writes.size === 1 ? [...writes.keys()][0] : undefined),
    );
    if (problems.size) throw new Refusal(422, describeProblems(problems));
  }

  /**
   * Images only, checked by their bytes as the admin checks them when the file is picked: an upload is
   * served from the site's own origin, so nothing that can run (no SVG, no HTML).
   */
  async function checkMedia(asset: { path?: unknown; content?: unknown; encoding?: unknown }) {
    const path = inside(asset.path, ...mediaFolders);
    const name = basename(path);
    if (asset.encoding !== 'base64' || typeof asset.content !== 'string')
      throw new Refusal(400, 'L’image n’a pas pu être lue : choisissez-la de nouveau.');
    const buffer = Buffer.from(asset.content, 'base64');
    const problem = uploadProblem(name, buffer.length, buffer.subarray(0, 16));
    if (problem) throw new Refusal(buffer.length > MEDIA_MAX_BYTES ? 413 : 400, problem);
    const extension = name.split('.').pop() ?? '';
    if (
      !mediaFolders.includes(dirname(path)) ||
      !mediaNamePattern.test(name) ||
      !imageExtensions[sniffImage(buffer)!].includes(extension)
    )
      throw new Refusal(
        400,
        `Le nom « ${name} » n’est pas celui que l’interface donne aux images : choisissez l’image de nouveau depuis le bouton « Téléverser ».`,
      );
    const full = absolute(path);
    if (existsSync(full) && sha256(await readFile(full)) !== sha256(buffer))
      throw new Refusal(
        409,
        `Une autre image porte déjà le nom « ${name} » : renommez la vôtre puis choisissez-la de nouveau.`,
      );
    return { path, full, buffer };
  }
  async function writeMedia({ path, full, buffer }: Awaited<ReturnType<typeof checkMedia>>) {
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, buffer);
    return path;
  }

  app.post('/', bodyLimit({ maxSize: 16 * 1024 * 1024 }), async (c) => {
    let body: { action?: string; params?: Record<string, unknown> };
    try {
      body = await c.req.json();
    } catch {
      return c.json({ error: 'Requête illisible.' }, 400);
    }
    const params = body.params ?? {};
    try {
      switch (body.action) {
        case 'info':
          return c.json({ repo: basename(root), publish_modes: ['simple'], type: 'local_fs' });
        case 'entriesByFolder': {
          const folder = inside(`${String(params.folder)}/x`, 'content').slice(0, -2);
          const paths = await listFiles(folder, String(params.extension ?? ''));
          return c.json(await Promise.all(paths.map(entry)));
        }
        case 'entriesByFiles': {
          const files = (params.files as { path: string; label?: string }[] | undefined) ?? [];
          return c.json(
            await Promise.all(files.map(async (file) => ({ ...(await entry(file.path)), label: file.label }))),
          );
        }
        case 'getEntry':
          return c.json(await entry(String(params.path)));
        case 'persistEntry': {
          const dataFiles = (params.dataFiles as { path: string; raw: string; newPath?: string }[] | undefined) ?? [];
          const writes = new Map<string, string>();
          for (const file of dataFiles) {
            const path = inside(file.newPath ?? file.path, 'content');
            if (!contentKind(path)) throw new Refusal(400, `Ce fichier n’est pas un contenu du site : ${path}`);
            writes.set(path, file.raw);
          }
          const moved = dataFiles.filter((file) => file.newPath).map((file) => inside(file.path, 'content'));
          await checkChange(writes, moved);
          // Every image checked, then the entry written, then its images: a refused entry leaves no image behind.
          const assets = (params.assets as { path: string; content: string; encoding: string }[] | undefined) ?? [];
          const images = await Promise.all(assets.map(checkMedia));
          for (const [path, raw] of writes) {
            await mkdir(dirname(absolute(path)), { recursive: true });
            await writeFile(absolute(path), raw);
          }
          for (const image of images) await writeMedia(image);
          for (const path of moved) await rm(absolute(path), { force: true });
          return c.json({ message: 'entry persisted' });
        }
        case 'getMedia': {
          const folder = inside(`${String(params.mediaFolder)}/x`, 'public/images').slice(0, -2);
          return c.json(await Promise.all((await listFiles(folder, '')).map(mediaFile)));
        }
        case 'getMediaFile':
          return c.json(await mediaFile(String(params.path)));
        case 'persistMedia':
          return c.json(await mediaFile(await writeMedia(await checkMedia(params.asset as never))));
        case 'deleteFile':
        case 'deleteFiles': {
          const paths = (params.paths as string[] | undefined) ?? [String(params.path)];
          const content = paths.filter((path) => !path.startsWith('public/'));
          for (const path of content)
            if (!contentKind(inside(path, 'content')))
              throw new Refusal(400, `Ce fichier n’est pas un contenu : ${path}`);
          const media = paths.filter((path) => path.startsWith('public/')).map((path) => inside(path, ...mediaFolders));
          for (const path of media) await refuseIfUsed(path);
          await checkChange(new Map(), content);
          for (const path of [...content, ...media]) await rm(absolute(path), { force: true });
          return c.json({ message: `deleted files ${paths.join(', ')}` });
        }
        case 'getDeployPreview':
          return c.json(null);
        default:
          // Unpublished entries (editorial workflow) and notes are not used: simple publishing only.
          return c.json({ error: `Action non prise en charge : ${String(body.action)}` }, 422);
      }
    } catch (error) {
      if (error instanceof Refusal) return c.json({ error: error.message }, error.status);
      console.error('CMS local :', error);
      return c.json({ error: 'Erreur du serveur local : voir le terminal de npm run dev.' }, 500);
    }
  });

  return app;
}
