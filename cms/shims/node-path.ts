/**
 * `node:path` for the admin's browser build: site/lib modules the previews reuse name cache files at
 * import time (site/lib/social-cards.ts) but read or write none in a preview. Forward slashes only.
 */
const normalize = (path: string) => {
  const parts: string[] = [];
  for (const part of path.split('/'))
    if (part === '..') parts.pop();
    else if (part && part !== '.') parts.push(part);
  return (path.startsWith('/') ? '/' : '') + parts.join('/');
};

export const join = (...parts: string[]) => normalize(parts.filter(Boolean).join('/'));
export const dirname = (path: string) => path.replace(/\/[^/]*$/, '') || '.';
export const basename = (path: string) => path.split('/').pop() ?? '';
export const resolve = join;
export default { join, dirname, basename, resolve };
