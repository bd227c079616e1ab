/**
 * `npm run headers -- netlify|cloudflare|nginx`: the security headers a static host must send to match the
 * embedded server (docs/security.md), written from server/headers.ts and the same configuration as
 * the build (content/site.json and the environment: SITE_URL, SUPABASE_URL, tracker IDs, HSTS…).
 *
 *   npm run headers -- netlify > _site/_headers      Netlify
 *   npm run headers -- cloudflare > _site/_headers   Cloudflare Pages
 *   npm run headers -- nginx > /etc/nginx/snippets/dentivo-headers.conf
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../core/common/config.ts';
import { headersFile, hstsFromEnv, nginxHeaders, staticHostRules } from '../server/headers.ts';
import { adminHeaders } from '../server/admin-headers.ts';

const root = resolve(import.meta.dirname, '..');
const host = process.argv[2];
if (host !== 'netlify' && host !== 'cloudflare' && host !== 'nginx') {
  console.error('Usage : npm run headers -- netlify|cloudflare|nginx');
  process.exit(2);
}
const config = loadConfig(JSON.parse(readFileSync(resolve(root, 'content/site.json'), 'utf8')), process.env);
const rules = staticHostRules(config, hstsFromEnv(process.env));
// A build with CMS_BACKEND publishes the CMS at /admin, which needs its own policy (docs/deployment.md, « Publishing the CMS »).
if (process.env.CMS_BACKEND)
  rules.push({
    paths: ['/admin/*'],
    nginx: '^/admin/',
    headers: { ...rules[0]!.headers, ...adminHeaders(process.env) },
  });
process.stdout.write(host === 'nginx' ? nginxHeaders(rules) : headersFile(rules, host));
