/**
 * The reference of bench/cold-start.ts: a bare `serveStatic` of @hono/node-server over the same built
 * site, reading each file from disk on each request, uncompressed. `node --import tsx bench/bare-static.ts
 * <siteDir> <port>`; prints « prêt » once listening.
 */
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';

const [siteDir, port] = process.argv.slice(2);
const app = new Hono();
app.use('*', serveStatic({ root: siteDir }));
serve({ fetch: app.fetch, port: Number(port), hostname: '127.0.0.1' }, () => console.log('prêt'));
