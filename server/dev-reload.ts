/**
 * Development only (`npm run dev`): pages reload themselves when _site changes. HTML answers get one
 * extra script (a file, so the CSP stays strict) that listens to a server-sent event stream.
 */
import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { watchTree } from './watch-tree.ts';

const client = `new EventSource('/__dev/events').addEventListener('reload', () => location.reload());`;

export function devReload(app: Hono, siteDir: string): (html: string) => string {
  const listeners = new Set<() => void>();
  let timer: NodeJS.Timeout | undefined;
  watchTree(siteDir, () => {
    clearTimeout(timer);
    timer = setTimeout(() => listeners.forEach((notify) => notify()), 120);
  });
  app.get('/__dev/reload.js', (c) => c.body(client, 200, { 'content-type': 'text/javascript; charset=utf-8' }));
  app.get('/__dev/events', (c) =>
    streamSSE(c, async (stream) => {
      const notify = () => void stream.writeSSE({ event: 'reload', data: '' });
      listeners.add(notify);
      stream.onAbort(() => {
        listeners.delete(notify);
      });
      while (!stream.aborted) await stream.sleep(30_000);
    }),
  );
  return (html) => html.replace('</body>', '<script type="module" src="/__dev/reload.js"></script></body>');
}
