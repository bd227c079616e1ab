/** `npm start` / `npm run serve`: the built site and its embedded backend on one port. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { loadConfig } from '../core/config.ts';
import { createApp } from './app.ts';
import { openStore } from './store.ts';

const root = resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 8080);
const dataDir = process.env.DATA_DIR === 'memory' ? undefined : resolve(root, process.env.DATA_DIR ?? '.data/pglite');
const config = loadConfig(JSON.parse(readFileSync(resolve(root, 'content/site.json'), 'utf8')), process.env);
const store = await openStore(dataDir, resolve(root, 'supabase/migrations'));
const app = createApp({ siteDir: resolve(root, process.env.SITE_DIR ?? '_site'), config, store, reload: process.env.DEV_RELOAD === '1' });

const server = serve({ fetch: app.fetch, port, hostname: process.env.HOST ?? '0.0.0.0' }, (info) => {
  console.log(`Dentivo est servi sur http://localhost:${info.port} (données : ${dataDir ?? 'en mémoire'})`);
});

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  console.log(`${signal} reçu : arrêt propre du serveur…`);
  server.close();
  await store.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
