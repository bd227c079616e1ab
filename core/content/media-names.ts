/** Names of editors' uploads: see cms/media.ts and docs/decisions/0029-cms-for-editors.md. */
import { slugKey } from '../common/slug.ts';

/** « Photo Équipe (2).JPG » + a SHA-256 in hex → « photo-equipe-2-3f9a2c1b.jpg ». */
export function mediaFileName(original: string, sha256: string): string {
  const dot = original.lastIndexOf('.');
  const base = slugKey(dot > 0 ? original.slice(0, dot) : original).slice(0, 60) || 'image';
  const extension = dot > 0 ? slugKey(original.slice(dot + 1)).replace(/-/g, '') : '';
  return `${base}-${sha256.slice(0, 8)}${extension ? `.${extension === 'jpeg' ? 'jpg' : extension}` : ''}`;
}

/** What the local backend accepts as an upload's name (core of the rule above, checked on the server). */
export const mediaNamePattern = /^[a-z0-9]+(-[a-z0-9]+)*\.[a-z0-9]+$/;
