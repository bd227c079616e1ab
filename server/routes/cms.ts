/**
 * The CMS's local backend for `npm run dev` (docs/decisions/0029-cms-for-editors.md): Decap's proxy
 * protocol (one POST with an `action`), answered from the files of the checkout, as decap-server does,
 * with these guarantees more, whatever the request (the admin's forms promise them; a request that skipped
 * the admin is held to them too):
 *   - it writes only what an editor edits: content files the build reads, and uploads under the image
 *     folders of core/content/cms-collections.ts (images only, names from core/content/media-names.ts,
 *     never overwritten);
 *     what the forms leave out stays as it is: the hidden keys of site.json (services, trackers), and
 *     the fixed files (site.json, the shared files), which are never deleted;
 *   - it reads and writes only inside content/ and public/, symbolic links followed;
 *   - an entry holds 1 MB of text at most, and a content file is written only if the build would still
 *     pass (core/content/check.ts);
 *   - a malformed request is a 400, and it answers in French, with the build's messages.
 * Mounted only when CMS_BACKEND=local (server/main.ts), which `npm run dev` sets.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { createHash } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import { lstat, mkdir, readFile, readdir, realpath, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join, posix, relative, resolve, sep } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { editorSettings, mediaFolders } from '../../core/content/cms-collections.ts';
import {
  MEDIA_MAX_BYTES,
  imageExtensions,
  mediaNamePattern,
  carriesMetadata,
  sniffImage,
  uploadProblem,
} from '../../core/content/media-names.ts';
import { checkContent, describeProblems, newProblems, type ReadFile } from '../../core/content/check.ts';
import { contentKind, parseContentFile, siteFile } from '../../core/content/files.ts';

class Refusal extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 413 | 422,
    message: string,
  ) {
    super(message);
  }
}

const sha256 = (buffer: Buffer) => createHash('sha256').update(buffer).digest('hex');

/** The text an entry may hold: a long article is a few dozen kilobytes; past this, a mistake or a flood. */
export const ENTRY_MAX_BYTES = 1024 * 1024;

/** What each action reads of Decap's parameters (others, such as `branch`, are ignored). */
const asset = z.looseObject({ path: z.string(), content: z.string(), encoding: z.string() });
const PARAMS = {
  info: z.unknown(),
  getDeployPreview: z.unknown(),
  entriesByFolder: z.looseObject({ folder: z.string(), extension: z.string().optional() }),
  entriesByFiles: z.looseObject({ files: z.array(z.looseObject({ path: z.string(), label: z.string().optional() })) }),
  getEntry: z.looseObject({ path: z.string() }),
  persistEntry: z.looseObject({
    dataFiles: z.array(z.looseObject({ path: z.string(), raw: z.string(), newPath: z.string().optional() })).min(1),
    assets: z.array(asset).default([]),
  }),
  getMedia: z.looseObject({ mediaFolder: z.string() }),
  getMediaFile: z.looseObject({ path: z.string() }),
  persistMedia: z.looseObject({ asset }),
  deleteFile: z.looseObject({ path: z.string() }),
  deleteFiles: z.looseObject({ paths: z.array(z.string()).min(1) }),
};
type Action = keyof typeof PARAMS;

/** A value's text with its keys sorted: the same data whatever order its keys came in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );

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
  /**
   * The file's absolute path, once checked on disk: no symbolic link as the file itself, and its nearest
   * existing folder, links followed, inside content/ or public/.
   */
  async function absolute(path: string): Promise<string> {
    const full = resolve(root, path);
    if (relative(root, full).startsWith('..')) throw new Refusal(400, 'Chemin de fichier invalide.');
    const outside = new Refusal(403, `Ce chemin mène hors de content/ et public/ (lien symbolique) : ${path}`);
    if ((await lstat(full).catch(() => undefined))?.isSymbolicLink()) throw outside;
    let folder = full;
    let real: string | undefined;
    while (!real) {
      real = await realpath(folder).catch(() => undefined);
      folder = dirname(folder);
    }
    // Inside content/ or public/, links followed; or, for the first upload, public/ about to be made in the checkout.
    const top = ['content', 'public']
      .map((name) => resolve(root, name))
      .find((dir) => full === dir || full.startsWith(dir + sep));
    if (!top) throw outside;
    const made = existsSync(top);
    if (made ? real !== realpathSync(top) && !real.startsWith(realpathSync(top) + sep) : real !== realpathSync(root))
      throw outside;
    return full;
  }

  async function entry(path: string) {
    try {
      const content = await readFile(await absolute(inside(path, 'content')));
      return { data: content.toString('utf8'), file: { path, id: sha256(content) } };
    } catch (error) {
      if (error instanceof Refusal) throw error;
      return { data: null, file: { path, id: null } };
    }
  }

  async function listFiles(folder: string, extension: string): Promise<string[]> {
    const dir = await absolute(folder);
    if (!existsSync(dir)) return [];
    return (await readdir(dir, { withFileTypes: true }))
      .filter((item) => item.isFile() && (!extension || item.name.endsWith(`.${extension}`)))
      .map((item) => posix.join(folder, item.name))
      .sort();
  }

  async function mediaFile(path: string) {
    const buffer = await readFile(await absolute(inside(path, 'public/images')));
    return { id: sha256(buffer), content: buffer.toString('base64'), encoding: 'base64', path, name: basename(path) };
  }

  /** An image a page or an article still shows cannot be deleted: its page would show a broken image. */
  async function refuseIfUsed(path: string): Promise<void> {
    const address = path.slice('public'.length);
    for (const folder of ['content/pages', 'content/blog', 'content/authors', 'content/shared'])
      for (const file of await listFiles(folder, '')) {
        const text = await readFile(await absolute(file), 'utf8');
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
          files.set(path, parseContentFile(path, await readFile(await absolute(path), 'utf8'), parseYaml));
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
    if (carriesMetadata(buffer))
      throw new Refusal(
        400,
        `« ${name} » contient encore les informations de l’appareil (lieu et date de la prise de vue) : choisissez l’image de nouveau avec le bouton « Ajouter une photo », qui les retire.`,
      );
    const extension = name.split('.').pop() ?? '';
    if (
      !mediaFolders.includes(dirname(path)) ||
      !mediaNamePattern.test(name) ||
      !imageExtensions[sniffImage(buffer)!].includes(extension)
    )
      throw new Refusal(
        400,
        `Le nom « ${name} » n’est pas celui que l’interface donne aux images : choisissez l’image de nouveau avec le bouton « Ajouter une photo ».`,
      );
    const full = await absolute(path);
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

  /**
   * site.json as the form saves it: what an editor owns (editorSettings) may change; every other key (the
   * services' addresses, the trackers) must stay as it is on disk, or the save is refused.
   */
  async function keepHiddenSettings(raw: string): Promise<void> {
    let saved: Record<string, unknown>;
    try {
      saved = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return; // The build's check says what is wrong with it.
    }
    const current = JSON.parse(await readFile(await absolute(siteFile), 'utf8')) as Record<string, unknown>;
    const owned = new Set(Object.keys(editorSettings.shape));
    const keys = new Set([...Object.keys(current), ...Object.keys(saved ?? {})].filter((key) => !owned.has(key)));
    const changed = [...keys].filter((key) => canonical(saved?.[key]) !== canonical(current[key]));
    if (changed.length)
      throw new Refusal(
        403,
        `Ces réglages ne se modifient pas depuis l’interface : ${changed.join(', ')}. Seuls le tarif, les coordonnées et les horaires s’y modifient.`,
      );
  }

  /** The files one save writes, checked before anything is written. */
  async function persistEntry(params: z.infer<(typeof PARAMS)['persistEntry']>) {
    const writes = new Map<string, string>();
    for (const file of params.dataFiles) {
      const path = inside(file.newPath ?? file.path, 'content');
      if (!contentKind(path)) throw new Refusal(400, `Ce fichier n’est pas un contenu du site : ${path}`);
      const bytes = Buffer.byteLength(file.raw);
      if (bytes > ENTRY_MAX_BYTES)
        throw new Refusal(
          413,
          `Ce contenu est trop long pour être enregistré : ${(bytes / 1024 / 1024).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo de texte, 1 Mo au plus. Découpez-le en plusieurs articles, ou retirez-en ce qui n’est pas du texte.`,
        );
      if (path === siteFile) await keepHiddenSettings(file.raw);
      writes.set(path, file.raw);
    }
    const moved = params.dataFiles.filter((file) => file.newPath).map((file) => inside(file.path, 'content'));
    await checkChange(writes, moved);
    // Every image checked, then the entry written, then its images: a refused entry leaves no image behind.
    const images = await Promise.all(params.assets.map(checkMedia));
    for (const [path, raw] of writes) {
      const full = await absolute(path);
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, raw);
    }
    for (const image of images) await writeMedia(image);
    for (const path of moved) await rm(await absolute(path), { force: true });
  }

  /** Articles, pages and authors may go; site.json and the shared files are fixed (the forms offer no delete). */
  async function deleteFiles(paths: string[]) {
    const content = paths.filter((path) => !path.startsWith('public/'));
    for (const path of content) {
      const kind = contentKind(inside(path, 'content'))?.kind;
      if (!kind) throw new Refusal(400, `Ce fichier n’est pas un contenu : ${path}`);
      if (kind === 'site' || kind === 'shared')
        throw new Refusal(403, `Ce fichier ne se supprime pas depuis l’interface : ${path}`);
    }
    const media = paths.filter((path) => path.startsWith('public/')).map((path) => inside(path, ...mediaFolders));
    for (const path of media) await refuseIfUsed(path);
    await checkChange(new Map(), content);
    for (const path of [...content, ...media]) await rm(await absolute(path), { force: true });
  }

  app.post('/', bodyLimit({ maxSize: 16 * 1024 * 1024 }), async (c) => {
    let body: { action?: unknown; params?: unknown };
    try {
      body = await c.req.json();
    } catch {
      return c.json({ error: 'Requête illisible.' }, 400);
    }
    const action = String(body?.action);
    // Unpublished entries (editorial workflow) and notes are not used: simple publishing only.
    if (!Object.hasOwn(PARAMS, action)) return c.json({ error: `Action non prise en charge : ${action}` }, 422);
    /** The action's parameters, or a 400 that says which one is missing or malformed. */
    const read = <A extends Action>(name: A): z.infer<(typeof PARAMS)[A]> => {
      const parsed = PARAMS[name].safeParse(body.params ?? {});
      if (parsed.success) return parsed.data as z.infer<(typeof PARAMS)[A]>;
      const where = parsed.error.issues[0]?.path.join('.') || 'params';
      throw new Refusal(400, `Requête invalide pour « ${name} » : paramètre ${where} manquant ou mal formé.`);
    };
    try {
      switch (action as Action) {
        case 'info':
          return c.json({ repo: basename(root), publish_modes: ['simple'], type: 'local_fs' });
        case 'entriesByFolder': {
          const { folder: asked, extension } = read('entriesByFolder');
          const folder = inside(`${asked}/x`, 'content').slice(0, -2);
          return c.json(await Promise.all((await listFiles(folder, extension ?? '')).map(entry)));
        }
        case 'entriesByFiles': {
          const { files } = read('entriesByFiles');
          return c.json(
            await Promise.all(files.map(async (file) => ({ ...(await entry(file.path)), label: file.label }))),
          );
        }
        case 'getEntry':
          return c.json(await entry(read('getEntry').path));
        case 'persistEntry':
          await persistEntry(read('persistEntry'));
          return c.json({ message: 'entry persisted' });
        case 'getMedia': {
          const folder = inside(`${read('getMedia').mediaFolder}/x`, 'public/images').slice(0, -2);
          return c.json(await Promise.all((await listFiles(folder, '')).map(mediaFile)));
        }
        case 'getMediaFile':
          return c.json(await mediaFile(read('getMediaFile').path));
        case 'persistMedia':
          return c.json(await mediaFile(await writeMedia(await checkMedia(read('persistMedia').asset))));
        case 'deleteFile':
        case 'deleteFiles': {
          const paths = action === 'deleteFile' ? [read('deleteFile').path] : read('deleteFiles').paths;
          await deleteFiles(paths);
          return c.json({ message: `deleted files ${paths.join(', ')}` });
        }
        case 'getDeployPreview':
          return c.json(null);
      }
    } catch (error) {
      if (error instanceof Refusal) return c.json({ error: error.message }, error.status);
      console.error('CMS local :', error);
      return c.json({ error: 'Erreur du serveur local : voir le terminal de npm run dev.' }, 500);
    }
  });

  return app;
}
