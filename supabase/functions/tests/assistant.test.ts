/**
 * The `assistant` edge function under Deno (run by tests/unit/edge-function.test.ts, or directly:
 * `npx deno test -A supabase/functions/tests/`), wired as in production by supabase/functions/assistant:
 * the index is the one `npm run build` wrote (_site/assistant-index.json), fetched over HTTP from a
 * static server on loopback that plays SITE_URL.
 */
import { assert, assertEquals } from './assert.ts';
import { database } from './database.ts';
import { staticSite } from './published-site.ts';
import { smtpServer } from './smtp.ts';
import { assistantFunction } from '../assistant/index.ts';

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
      assertEquals(Object.keys(reply).sort(), [
        'confidence',
        'files',
        'handoff',
        'kind',
        'message_id',
        'response',
        'sources',
        'timestamp',
        'voice',
      ]);
      assert(reply.response.includes('Pack Essentiel'), reply.response);
      assertEquals(firstLink(reply.response), '/tarifs');
      // What the reply is, beside its words: an answer from /tarifs, and the offer to have the price sent.
      assertEquals([reply.kind, reply.sources, reply.handoff], ['answer', [{ page: '/tarifs' }], true]);

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

const payload = (fields: Record<string, unknown>) =>
  JSON.stringify({ message_id: crypto.randomUUID(), sent_at: new Date().toISOString(), ...fields });

Deno.test(
  'garde pour l’équipe l’idée, la note vocale et la question sans réponse, une fois chacune, et les envoie par e-mail',
  { sanitizeOps: false, sanitizeResources: false },
  async () => {
    const site = await staticSite();
    const smtp = await smtpServer();
    const db = await database();
    const env: Record<string, string> = {
      SITE_URL: site.origin,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      CONTACT_TO: 'equipe@dentivo.example',
    };
    const handler = assistantFunction((name) => env[name] ?? '', { db });
    try {
      const idea = payload({
        text: 'Un rappel automatique des contrôles annuels',
        conversation_id: 'conv-idee',
        intent: 'idea',
      });
      const first = await (await handler(post(idea, site.origin))).json();
      assert(first.response.includes('enregistrée et transmise à l’équipe produit'), first.response);
      // The widget's retry carries the same message_id: the same answer, nothing stored twice.
      const again = await handler(post(idea, site.origin));
      assertEquals(again.status, 200);
      assertEquals((await again.json()).response, first.response);

      const voice = await (
        await handler(
          post(
            payload({
              conversation_id: 'conv-voix',
              voice: {
                url: '/storage/v1/object/public/assistant-uploads/landing-page/voices/1700000000000-abcdefghijklmnopqrstuQ.webm',
                duration: 12,
              },
            }),
            site.origin,
          ),
        )
      ).json();
      assert(voice.response.includes('transmis à l’équipe, qui l’écoutera'), voice.response);
      assert(voice.response.includes('](/contact)'), voice.response);
      await handler(
        post(payload({ text: 'Quelle météo demain à Lyon ?', conversation_id: 'conv-meteo' }), site.origin),
      );
      await handler(post(payload({ text: 'Quel est le prix ?', conversation_id: 'conv-prix' }), site.origin));

      const rows = await db.query<{ kind: string; text: string | null; mail_status: string }>(
        'select kind, text, mail_status from assistant_messages order by id',
      );
      assertEquals(
        rows.rows.map((row) => [row.kind, row.text]),
        [
          ['idea', 'Un rappel automatique des contrôles annuels'],
          ['voice', null],
          ['unanswered', 'Quelle météo demain à Lyon ?'],
        ],
      );
      const mails = await smtp.waitFor(3);
      assert(
        mails.some((raw) => raw.includes('conv-idee')),
        'e-mail de l’idée attendu',
      );
      assert(
        mails.every((raw) => /^To: equipe@dentivo\.example/m.test(raw)),
        'e-mails à l’équipe attendus',
      );
    } finally {
      await handler.close();
      await db.close();
      await smtp.close();
      await site.close();
    }
  },
);

Deno.test(
  'base injoignable (adresse cassée) : l’idée n’est pas dite enregistrée (503 en français), les questions reçoivent leur réponse',
  { sanitizeOps: false, sanitizeResources: false },
  async () => {
    const site = await staticSite();
    // A port where no PostgreSQL listens: every query fails, as when the database is down.
    const env: Record<string, string> = {
      SITE_URL: site.origin,
      SUPABASE_DB_URL: 'postgres://postgres@127.0.0.1:1/absente',
    };
    const handler = assistantFunction((name) => env[name] ?? '');
    try {
      const idea = await handler(
        post(payload({ text: 'Une idée', conversation_id: 'conv-panne', intent: 'idea' }), site.origin),
      );
      assertEquals(idea.status, 503);
      assert(/pas pu être transmis/.test((await idea.json()).error), 'message en français attendu');
      const question = await handler(post(message('Quelle météo demain à Lyon ?', 'conv-panne'), site.origin));
      assertEquals(question.status, 200);
      assert((await question.json()).response.includes('Je n’ai pas trouvé'), 'réponse attendue');
    } finally {
      await handler.close();
      await site.close();
    }
  },
);

Deno.test(
  '…/assistant/passages : les meilleurs passages du site, avec leurs liens, pour un service génératif',
  async () => {
    const site = await staticSite();
    try {
      const env: Record<string, string> = { SITE_URL: site.origin };
      const handler = assistantFunction((name) => env[name] ?? '');
      const ask = (origin: string) =>
        handler(
          new Request('https://projet.supabase.co/functions/v1/assistant/passages', {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': '203.0.113.9' },
            body: JSON.stringify({ text: 'Combien dure l’essai gratuit ?' }),
          }),
        );
      const response = await ask(site.origin);
      assertEquals(response.status, 200);
      assertEquals(response.headers.get('access-control-allow-origin'), site.origin);
      const { passages } = (await response.json()) as {
        passages: { title: string; url: string; text: string; score: number }[];
      };
      assert(passages.length > 0 && passages.length <= 4, JSON.stringify(passages));
      for (const passage of passages) assert(passage.url.startsWith(`${site.origin}/`), passage.url);
      assert(
        passages.some((passage) => passage.text.includes('30 jours')),
        JSON.stringify(passages),
      );
      assertEquals((await ask('https://pirate.example')).status, 403);
    } finally {
      await site.close();
    }
  },
);

Deno.test(
  '…/assistant/upload : la fonction nomme le dépôt, l’écrit au seau avec la clé de service, garde le nom du visiteur pour l’équipe',
  { sanitizeOps: false, sanitizeResources: false },
  async () => {
    const site = await staticSite();
    const db = await database();
    // Supabase Storage, a third party's server: it records what the function writes and removes.
    const objects = new Map<string, { type: string; bytes: number; auth: string; upsert: string; cache: string }>();
    const storage = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: () => {} }, async (request) => {
      const path = new URL(request.url).pathname;
      const header = (name: string) => request.headers.get(name) ?? '';
      if (request.method === 'POST') {
        const bytes = (await request.arrayBuffer()).byteLength;
        objects.set(path, {
          type: header('content-type'),
          bytes,
          auth: header('authorization'),
          upsert: header('x-upsert'),
          cache: header('cache-control'),
        });
        return Response.json({ Key: path });
      }
      if (request.method === 'DELETE') {
        const { prefixes } = (await request.json()) as { prefixes: string[] };
        for (const name of prefixes) objects.delete(`/storage/v1/object/assistant-uploads/${name}`);
        return Response.json([]);
      }
      return new Response(null, { status: 405 });
    });
    const env: Record<string, string> = {
      SITE_URL: site.origin,
      SUPABASE_URL: `http://127.0.0.1:${storage.addr.port}`,
      SUPABASE_SERVICE_ROLE_KEY: 'cle-de-service',
      UPLOADS_MAX_TOTAL_MB: '1',
    };
    const handler = assistantFunction((name) => env[name] ?? '', { db });
    const send = (
      body: Uint8Array<ArrayBuffer>,
      headers: Record<string, string>,
      client = '203.0.113.20',
      origin = site.origin,
    ) =>
      handler(
        new Request('https://projet.supabase.co/functions/v1/assistant/upload', {
          method: 'POST',
          headers: { origin, 'x-forwarded-for': client, 'content-length': String(body.byteLength), ...headers },
          body,
        }),
      );
    try {
      const answer = await send(new Uint8Array(300 * 1024).fill(1), {
        'content-type': 'application/pdf',
        'x-upload-kind': 'file',
        'x-upload-name': encodeURIComponent('DentivoOfficialDocs-QA-Facture_Dentivo_2026.pdf'),
      });
      assertEquals(answer.status, 200);
      assertEquals(answer.headers.get('access-control-allow-origin'), site.origin);
      const { path } = (await answer.json()) as { path: string };
      assert(/^landing-page\/files\/\d{13}-[\w-]{22}\.pdf$/.test(path), path);
      assertEquals(objects.get(`/storage/v1/object/assistant-uploads/${path}`), {
        type: 'application/pdf',
        bytes: 300 * 1024,
        auth: 'Bearer cle-de-service',
        upsert: 'false',
        cache: 'max-age=3600',
      });
      const { rows } = await db.query<{ original_name: string }>(
        'select original_name from assistant_uploads where path = $1',
        [`assistant-uploads/${path}`],
      );
      assertEquals(rows, [{ original_name: 'DentivoOfficialDocs-QA-Facture_Dentivo_2026.pdf' }]);

      // Refused before a byte is written: a type a browser would run, a body past 10 MB, another site.
      assertEquals(
        (await send(new Uint8Array(10), { 'content-type': 'text/html', 'x-upload-kind': 'file' })).status,
        415,
      );
      const big = await send(new Uint8Array(10), {
        'content-type': 'audio/webm',
        'x-upload-kind': 'voice',
        'content-length': String(11 * 1024 * 1024),
      });
      assertEquals(big.status, 413);
      const foreign = { 'content-type': 'audio/webm', 'x-upload-kind': 'voice' };
      assertEquals((await send(new Uint8Array(10), foreign, '203.0.113.21', 'https://pirate.example')).status, 403);
      assertEquals(objects.size, 1);

      // A cap of 1 MB, filled by other clients: a newcomer still sends a voice note, the oldest makes room.
      for (let i = 0; i < 3; i++)
        assertEquals((await send(new Uint8Array(300 * 1024), foreign, `203.0.113.${30 + i}`)).status, 200);
      const voice = await send(new Uint8Array(50 * 1024), foreign, '203.0.113.40');
      assertEquals(voice.status, 200);
      assert(!objects.has(`/storage/v1/object/assistant-uploads/${path}`), 'le plus ancien dépôt devait faire place');
      assert(objects.has(`/storage/v1/object/assistant-uploads/${(await voice.json()).path}`), 'note vocale attendue');
    } finally {
      await handler.close();
      await storage.shutdown();
      await db.close();
      await site.close();
    }
  },
);
