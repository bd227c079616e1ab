/**
 * Whether this build publishes the CMS at /admin, and with which backend (docs/decisions/0029-cms-for-editors.md).
 *   CMS_BACKEND unset   no /admin (the default of `npm run build`)
 *   CMS_BACKEND=local   Decap's proxy protocol on the same server, writing the checkout (`npm run dev`)
 *   CMS_BACKEND=github  GitHub: CMS_REPO (owner/name), CMS_BRANCH (main), CMS_AUTH_URL (the OAuth
 *                       provider's origin), CMS_AUTH_ENDPOINT (its path, « auth » by default)
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { manifestFile } from './vite-manifest.ts';

export interface CmsPage {
  backend: Record<string, unknown>;
  /** The admin bundle (cms/main.tsx) as built by vite.admin.config.ts. */
  script: string;
  css: string[];
}

export class CmsConfigError extends Error {}

export function cmsBackend(env: Record<string, string | undefined>): Record<string, unknown> | undefined {
  const name = env.CMS_BACKEND?.trim();
  if (!name) return undefined;
  if (name === 'local') return { name: 'proxy', proxy_url: '/admin/api/v1', branch: 'main' };
  if (name === 'github') {
    const repo = env.CMS_REPO?.trim() ?? '';
    if (!/^[\w.-]+\/[\w.-]+$/.test(repo))
      throw new CmsConfigError(`CMS_BACKEND=github demande CMS_REPO=propriétaire/dépôt (reçu « ${repo} »).`);
    if (!env.CMS_AUTH_URL?.startsWith('https://'))
      throw new CmsConfigError(
        'CMS_BACKEND=github demande CMS_AUTH_URL, l’adresse https:// du fournisseur OAuth (voir docs/deployment.md, « Publishing the CMS »).',
      );
    return {
      name: 'github',
      repo,
      branch: env.CMS_BRANCH?.trim() || 'main',
      base_url: env.CMS_AUTH_URL.replace(/\/$/, ''),
      auth_endpoint: env.CMS_AUTH_ENDPOINT?.trim() || 'auth',
      commit_messages: {
        create: 'Contenu : crée {{collection}} « {{slug}} »',
        update: 'Contenu : modifie {{collection}} « {{slug}} »',
        delete: 'Contenu : supprime {{collection}} « {{slug}} »',
        uploadMedia: 'Contenu : ajoute l’image {{path}}',
        deleteMedia: 'Contenu : supprime l’image {{path}}',
      },
    };
  }
  throw new CmsConfigError(`CMS_BACKEND=${name} inconnu : local ou github.`);
}

/** What /admin/index.html needs, or undefined when the CMS is not published. */
export function cmsPage(env: Record<string, string | undefined>, outputDir: string): CmsPage | undefined {
  const backend = cmsBackend(env);
  if (!backend) return undefined;
  const manifestPath = manifestFile('admin', resolve(outputDir, '..'));
  if (!existsSync(manifestPath))
    throw new CmsConfigError(
      `CMS_BACKEND=${env.CMS_BACKEND} : bundle de l’interface introuvable (${manifestPath}), lancez « npm run build:admin ».`,
    );
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file: string; css?: string[] }>;
  const entry = manifest['cms/main.tsx'];
  if (!entry) throw new CmsConfigError('Entrée « cms/main.tsx » absente du manifeste de l’interface.');
  return {
    backend,
    script: `/admin/assets/${entry.file}`,
    css: (entry.css ?? []).map((file) => `/admin/assets/${file}`),
  };
}
