/**
 * The `assistant` edge function under Deno (run by tests/unit/edge-function.test.ts, or directly:
 * `npx deno test -A supabase/functions/tests/`), wired as in production by supabase/functions/assistant:
 * the index is the one `npm run build` wrote (_site/assistant-index.json), fetched over HTTP from a
 * static server on loopback that plays SITE_URL.
 */
import { assert, assertEquals } from './assert.ts';
import { assistantFunction } from '../assistant/index.ts';

const indexFile = new URL('../../../_site/assistant-index.json', import.meta.url);

/** The published site: serves the built index (with an ETag), or fails when told to. */
async function staticSite(): Promise<{
  origin: string;
  fetches: () => number;
  down: (value: boolean) => void;
  close: () => Promise<void>;
}> {
  let index: string;
  try {
    index = await Deno.readTextFile(indexFile);
  } catch {
    throw new Error('_site/assistant-index.json absent : lancez d’abord npm run build (npm test le fait).');
  }
  let count = 0;
  let isDown = false;
  const server = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: () => {} }, (request) => {
    count++;
    if (isDown) return new Response('indisponible', { status: 503 });
    if (new URL(request.url).pathname !== '/assistant-index.json') return new Response('introuvable', { status: 404 });
    if (request.headers.get('if-none-match') === '"v1"') return new Response(null, { status: 304 });
    return new Response(index, { headers: { 'content-type': 'application/json', etag: '"v1"' } });
  });
  return {
    origin: `http://127.0.0.1:${server.addr.port}`,
    fetches: () => count,
    down: (value) => (isDown = value),
    close: () => server.shutdown(),
  };
}

const message = (text: string, conversation: string) =>
  JSON.stringify({
    message_id: crypto.randomUUID(),
    text,
    sent_at: new Date().toISOString(),
    conversation_id: conversation,
  });
const post = (body: string, origin: string, client = '203.0.113.7') =>
  new Request('https://projet.supabase.co/functions/v1/assistant', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': client },
    body,
  });
const firstLink = (markdown: string) => /\]\(([^)#]+)/.exec(markdown)?.[1];

Deno.test(
  'répond depuis l’index publié par le site : contrat, source, suite de conversation, CORS, limite',
  async () => {
    const site = await staticSite();
    try {
      const env: Record<string, string> = {
        SITE_URL: site.origin,
        EMBED_ORIGINS: 'https://www.cabinet-lilas.fr',
        ASSISTANT_RATE_LIMIT: '6/60',
      };
      const handler = assistantFunction((name) => env[name] ?? '');

      const preflight = await handler(
        new Request('https://projet.supabase.co/functions/v1/assistant', {
          method: 'OPTIONS',
          headers: { origin: site.origin },
        }),
      );
      assertEquals(preflight.status, 204);
      assertEquals(preflight.headers.get('access-control-allow-origin'), site.origin);

      const price = await handler(post(message('Quel est le prix ?', 'conv-a'), site.origin));
      assertEquals(price.status, 200);
      assertEquals(price.headers.get('access-control-allow-origin'), site.origin);
      const reply = await price.json();
      assertEquals(Object.keys(reply).sort(), ['files', 'message_id', 'response', 'timestamp', 'voice']);
      assert(reply.response.includes('Pack Essentiel'), reply.response);
      assertEquals(firstLink(reply.response), '/tarifs');

      // The same conversation is followed; the index was fetched once.
      await handler(post(message('Comment organiser le planning des rendez-vous ?', 'conv-b'), site.origin));
      const followUp = await (await handler(post(message('et pour l’orthodontie ?', 'conv-b'), site.origin))).json();
      assertEquals(firstLink(followUp.response), '/orthodontie-planning');
      assertEquals(site.fetches(), 1);

      // A site that embeds DENTY may call; any other origin may not.
      const embedded = await handler(post(message('Bonjour', 'conv-c'), 'https://www.cabinet-lilas.fr'));
      assertEquals(embedded.headers.get('access-control-allow-origin'), 'https://www.cabinet-lilas.fr');
      assertEquals((await handler(post(message('Bonjour', 'conv-d'), 'https://pirate.example'))).status, 403);

      const medical = await (
        await handler(post(message('Quelle dose d’amoxicilline pour un abcès ?', 'conv-e'), site.origin))
      ).json();
      assert(medical.response.includes('chirurgien-dentiste') && !medical.response.includes(']('), medical.response);

      let limited: Response | undefined;
      for (let i = 0; i < 6 && limited?.status !== 429; i++)
        limited = await handler(post(message('Bonjour', 'conv-f'), site.origin));
      assertEquals(limited!.status, 429);
      assert(Number(limited!.headers.get('retry-after')) > 0, 'Retry-After attendu');
    } finally {
      await site.close();
    }
  },
);

Deno.test('site injoignable : un 503 en français, puis la réponse dès que le site revient', async () => {
  const site = await staticSite();
  try {
    site.down(true);
    const handler = assistantFunction((name) => ({ SITE_URL: site.origin })[name] ?? '');
    const unavailable = await handler(post(message('Quel est le prix ?', 'conv-g'), site.origin));
    assertEquals(unavailable.status, 503);
    assert(/momentanément indisponible/.test((await unavailable.json()).error), 'message en français attendu');
    site.down(false);
    assertEquals((await handler(post(message('Quel est le prix ?', 'conv-g'), site.origin))).status, 200);
  } finally {
    await site.close();
  }
});
