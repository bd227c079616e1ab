/**
 * Issue 27, points 3 and 6 (docs/decisions/0058-team-links-are-our-links.md): what a visitor leaves with
 * the assistant reaches the team as the visitor's, so its links must be ours and its texts plain. Replayed
 * against the real webhook (assistantRoutes) and a real database (PGlite with the migrations).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../core/common/config.ts';
import { assistantRoutes } from '../../server/routes/assistant.ts';
import { assistantInbox } from '../../backend/assistant/team-inbox.ts';
import { assistantTeamMail, type StoredAssistantMessage } from '../../backend/assistant/inbox-mail.ts';
import { attachmentNotes } from '../../core/assistant/replies.ts';
import { parseMarkdown, type Block, type Inline } from '../../core/assistant/markdown.ts';
import {
  bucketPrefix,
  isRandomPart,
  isUploadPath,
  randomPart,
  uploadLink,
  uploadName,
} from '../../core/assistant/uploads.ts';
import { isCleanText } from '../../core/common/control-characters.ts';
import { contactPayload } from '../../core/contact/schema.ts';
import { openTestStore } from '../support/backend.ts';
import type { Store } from '../../server/database.ts';

const root = join(import.meta.dirname, '..', '..');
const SUPABASE = 'https://projet.supabase.co';
const config = loadConfig(JSON.parse(readFileSync(join(root, 'content/site.json'), 'utf8')), {
  SUPABASE_URL: SUPABASE,
});
const NAME = `1700000000000-${randomPart(Uint8Array.from({ length: 16 }, (_, i) => i * 17 + 3))}`;
const OWN_VOICE = `/storage/v1/object/public/assistant-uploads/landing-page/voices/${NAME}.webm`;
const OWN_FILE = `/storage/v1/object/public/assistant-uploads/landing-page/files/${NAME}-devis.pdf`;

describe('Les liens envoyés à l’équipe sont les nôtres (règle pure)', () => {
  const rule = { ownOrigins: ['https://dentivo.fr'], buckets: [bucketPrefix(SUPABASE)!] };

  it('le stockage du site devient un chemin du site ; celui du projet Supabase reste absolu', () => {
    expect(uploadLink(OWN_VOICE, 'voice', rule)).toBe(OWN_VOICE);
    expect(uploadLink(`https://dentivo.fr${OWN_VOICE}`, 'voice', rule)).toBe(OWN_VOICE);
    expect(uploadLink(`HTTPS://DENTIVO.FR:443${OWN_VOICE}`, 'voice', rule)).toBe(OWN_VOICE);
    expect(uploadLink(`${SUPABASE}${OWN_FILE}`, 'file', rule)).toBe(`${SUPABASE}${OWN_FILE}`);
    // Dot segments are resolved before the check, as a browser would.
    expect(uploadLink(`/x/..${OWN_VOICE}`, 'voice', rule)).toBe(OWN_VOICE);
  });

  it('toute autre adresse est refusée, dont celles que le navigateur lit comme un autre site', () => {
    const hostile = [
      `/\\evil.example${OWN_VOICE}`,
      `//evil.example${OWN_VOICE}`,
      `/\\/evil.example${OWN_VOICE}`,
      `https://evil.example${OWN_VOICE}`,
      `https://dentivo.fr.evil.example${OWN_VOICE}`,
      `https://dentivo.fr@evil.example${OWN_VOICE}`,
      `https://evil.example/?${OWN_VOICE}`,
      `${OWN_VOICE}?x=1`,
      `${OWN_VOICE}#x`,
      `javascript:alert(1)//${OWN_VOICE}`,
      `data:audio/webm,${OWN_VOICE}`,
      `${OWN_VOICE} `,
      `\t${OWN_VOICE}`,
      `/storage/v1/object/public/assistant-uploads/landing-page/voices/1700000000000-${'a'.repeat(22)}.webm`,
      '/storage/v1/object/public/autre/landing-page/voices/x.webm',
      OWN_FILE, // a file is not a voice note
      `${SUPABASE}/storage/v1/object/sign/assistant-uploads/landing-page/voices/${NAME}.webm`,
      `https://evil.example/${'a'.repeat(3000)}`,
    ];
    for (const url of hostile) expect(uploadLink(url, 'voice', rule), url).toBeUndefined();
  });

  it('la partie aléatoire d’un nom est vérifiée comme 128 bits tirés au hasard', () => {
    expect(isRandomPart(randomPart(crypto.getRandomValues(new Uint8Array(16))))).toBe(true);
    expect(isRandomPart('a'.repeat(22))).toBe(false);
    expect(isRandomPart(`${'a'.repeat(21)}A`)).toBe(false);
    expect(isRandomPart('abcdefghijklmnopqrstuv')).toBe(false); // 132 bits: not the encoding of 16 bytes
    expect(isUploadPath(`landing-page/voices/1700000000000-${'a'.repeat(22)}.webm`)).toBe(false);
    const voice = (random: Uint8Array) => uploadName('voice', 'audio/webm', randomPart(random), 1700000000000);
    expect(isUploadPath(voice(new Uint8Array(16).fill(200)))).toBe(false);
    // 10,000 names drawn as the server draws them: every one accepted.
    for (let i = 0; i < 10_000; i++) expect(isUploadPath(voice(crypto.getRandomValues(new Uint8Array(16))))).toBe(true);
  });
});

describe('La règle des caractères de contrôle, sur tout texte gardé', () => {
  it('ESC, BEL, C1, DEL et les contrôles de direction du texte sont refusés ; lignes et tabulations gardées', () => {
    for (const bad of ['\u001b[31m', 'a\u0007', 'a\u0085', 'a\u007f', 'fichier\u202Efdp.exe', 'a\u2066b\u2069'])
      expect(isCleanText(bad, true), JSON.stringify(bad)).toBe(false);
    expect(isCleanText('deux\nlignes\tet une tabulation', true)).toBe(true);
    expect(isCleanText('deux\nlignes', false)).toBe(false);
    expect(isCleanText('Émile, 😀, « citation »', false)).toBe(true);
  });

  it('les formulaires de contact suivent la même règle (contrôle de direction refusé)', () => {
    const base = {
      type: 'contact',
      fullName: 'Jeanne Martin',
      email: 'jeanne@cabinet.example',
      subject: 'demo',
      message: 'Bonjour, je voudrais une démonstration.',
      created_at: new Date().toISOString(),
    };
    expect(contactPayload.safeParse(base).success).toBe(true);
    expect(contactPayload.safeParse({ ...base, fullName: 'Jeanne\u202EMartin' }).success).toBe(false);
  });
});

const links = (blocks: Block[]): string[] => {
  const inline = (nodes: Inline[]): string[] =>
    nodes.flatMap((node) =>
      node.type === 'link' ? [node.href] : 'children' in node ? inline(node.children as Inline[]) : [],
    );
  return blocks.flatMap((block) =>
    block.type === 'paragraph' || block.type === 'heading'
      ? inline(block.children)
      : block.type === 'list'
        ? block.items.flatMap(links)
        : block.type === 'quote'
          ? links(block.children)
          : [],
  );
};

describe('Un nom de fichier n’est jamais un lien dans la réponse de DENTY', () => {
  it('adresses, autoliens, liens Markdown et entités restent du texte', () => {
    const names = [
      'https://evil.example/x',
      'http://evil.example',
      '<https://evil.example>',
      '[ici](https://evil.example)',
      '&lt;a href=x&gt;',
      'a\\](https://evil.example)',
    ];
    const markdown = attachmentNotes(
      names.map((filename) => ({ filename })),
      'none',
    ).join('\n\n');
    expect(links(parseMarkdown(markdown))).toEqual(['/contact']);
    // The names still read as the visitor wrote them.
    const text = JSON.stringify(parseMarkdown(markdown));
    for (const name of names) expect(text).toContain(JSON.stringify(name).slice(1, -1));
  });
});

describe('Webhook de l’assistant : liens et textes refusés avant d’être gardés ou envoyés (PGlite)', () => {
  const siteDir = mkdtempSync(join(tmpdir(), 'dentivo-liens-'));
  let store: Store;
  let app: ReturnType<typeof assistantRoutes>;
  beforeAll(async () => {
    writeFileSync(join(siteDir, 'assistant-index.json'), readFileSync(join(root, '_site', 'assistant-index.json')));
    store = await openTestStore();
    app = assistantRoutes({
      siteDir,
      config,
      limit: { limit: 1000, windowMs: 60_000 },
      inbox: assistantInbox(store.db, { sendMails: true }),
      log: () => undefined,
    });
  });
  afterAll(async () => {
    await store.close();
    rmSync(siteDir, { recursive: true, force: true });
  });
  let n = 0;
  const send = async (fields: Record<string, unknown>, host = 'http://127.0.0.1:5400') => {
    const response = await app.request(`${host}/assistant/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        message_id: `m-${++n}`,
        sent_at: new Date().toISOString(),
        conversation_id: 'conversation-liens',
        ...fields,
      }),
    });
    return { status: response.status, body: (await response.json()) as { error?: string; response?: string } };
  };
  const stored = async () =>
    (
      await store.db.query<{ voice_url: string | null; files: { url: string }[] }>(
        'select voice_url, files from assistant_messages order by id',
      )
    ).rows;

  it('une note vocale ou un fichier hors de notre stockage : 422 en français, rien de gardé', async () => {
    const hostile = [
      { voice: { url: `/\\evil.example${OWN_VOICE}`, duration: 3 } },
      { voice: { url: 'https://evil.example/note.webm', duration: 3 } },
      { text: 'Voici', files: [{ filename: 'devis.pdf', type: 'application/pdf', url: 'https://evil.example/d.pdf' }] },
      { intent: 'idea', text: 'Idée', voice: { url: `https://evil.example${OWN_VOICE}`, duration: 3 } },
    ];
    for (const fields of hostile) {
      const answer = await send(fields);
      expect(answer.status, JSON.stringify(fields)).toBe(422);
      expect(answer.body.error).toMatch(
        /^Message refusé\u00A0: l’adresse d(e la note vocale|’un fichier joint) n’est pas celle du stockage du site\.$/,
      );
    }
    expect(await stored()).toEqual([]);
  });

  it('nos liens sont gardés normalisés : chemin du site, ou adresse du projet Supabase', async () => {
    expect((await send({ voice: { url: `http://127.0.0.1:5400${OWN_VOICE}`, duration: 3 } })).status).toBe(200);
    expect((await send({ voice: { url: `${new URL(config.siteUrl).origin}${OWN_VOICE}`, duration: 3 } })).status).toBe(
      200,
    );
    const supabaseFile = { filename: 'devis.pdf', type: 'application/pdf', url: `${SUPABASE}${OWN_FILE}` };
    expect((await send({ intent: 'idea', text: 'Une idée', files: [supabaseFile] })).status).toBe(200);
    const rows = await stored();
    expect(rows.map((row) => row.voice_url)).toEqual([OWN_VOICE, OWN_VOICE, null]);
    expect(rows[2]!.files).toEqual([supabaseFile]);
    // The team's mail shows our own site's address, made absolute from SITE_URL.
    const mail = assistantTeamMail(
      {
        ...(rows[0] as object),
        id: '1',
        kind: 'voice',
        conversation_id: 'c',
        message_id: 'm',
        text: null,
        voice_duration: 3,
        received_at: new Date(),
      } as StoredAssistantMessage,
      { from: 'a@b.c', teamAddress: 'e@b.c', productName: 'Dentivo', siteUrl: config.siteUrl, supportResponse: '24 h' },
    );
    expect(mail.text).toContain(`${new URL(config.siteUrl).origin}${OWN_VOICE}`);
  });

  it('ESC, BEL et contrôles de direction dans le texte, le nom ou le type d’un fichier : 422, rien de gardé', async () => {
    const before = (await stored()).length;
    const file = (filename: string, type = 'application/pdf') => [{ filename, type, url: OWN_FILE }];
    for (const fields of [
      { intent: 'idea', text: 'Bonjour \u001b[31mrouge\u0007' },
      { intent: 'idea', text: 'Idée', files: file('devis\u202Efdp.exe') },
      { intent: 'idea', text: 'Idée', files: file('devis.pdf', 'application/pdf\u0085') },
      { intent: 'idea', text: 'Idée', conversation_id: 'conv\u2066' },
    ]) {
      const answer = await send(fields);
      expect(answer.status, JSON.stringify(fields)).toBe(422);
      expect(answer.body.error).toMatch(/caractères non autorisés/);
    }
    expect((await stored()).length).toBe(before);
    // Line breaks and tabs are a message's own.
    expect((await send({ intent: 'idea', text: 'Deux lignes\n\tet une tabulation' })).status).toBe(200);
  });

  it('un nom de fichier en forme d’adresse reste du texte dans la réponse', async () => {
    const answer = await send({
      text: 'Voici mon fichier',
      files: [{ filename: 'https://evil.example/x', type: 'application/pdf', url: OWN_FILE }],
    });
    expect(answer.status).toBe(200);
    expect(links(parseMarkdown(answer.body.response!)).filter((href) => href.includes('evil'))).toEqual([]);
  });
});
