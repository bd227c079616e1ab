/**
 * Grounding for a generative service (docs/decisions/0068-passages-for-a-generative-webhook.md): with
 * ASSISTANT_WEBHOOK_URL on an automation service, the widget's network code (widgets/assistant/assistant-client.ts)
 * asks the real embedded server for the site's best passages and sends them with the message. The
 * automation service is a third party: a local fake records what it receives and answers the contract.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, toPublicConfig } from '../../core/common/config.ts';
import { loadContent } from '../../site/lib/content.ts';
import { buildAssistantIndex, indexSourceOf } from '../../site/lib/assistant-index.ts';
import { setConfig } from '../../widgets/runtime/config.ts';
import { sendToAssistant } from '../../widgets/assistant/assistant-client.ts';
import { isOwnAssistant, PASSAGES_MAX, PASSAGE_MAX_CHARS, type Passage } from '../../core/assistant/passages.ts';
import { startBackend, type TestBackend } from '../support/backend.ts';

const root = join(import.meta.dirname, '..', '..');
const siteDir = mkdtempSync(join(tmpdir(), 'dentivo-passages-'));
const content = loadContent(root, {});
writeFileSync(join(siteDir, 'assistant-index.json'), JSON.stringify(buildAssistantIndex(indexSourceOf(content))));
const config = loadConfig(JSON.parse(readFileSync(join(root, 'content/site.json'), 'utf8')), {});

/** The automation service (n8n or another): what it received, and the contract's reply. */
let automation: Server;
let automationUrl = '';
const received: Record<string, unknown>[] = [];
let backend: TestBackend;

const body = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk) => (text += String(chunk)));
    request.on('end', () => resolve(text));
  });

beforeAll(async () => {
  backend = await startBackend({ siteDir });
  automation = createServer(async (request, response) => {
    const payload = JSON.parse(await body(request)) as Record<string, unknown>;
    received.push(payload);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        message_id: `reponse-${String(payload.message_id)}`,
        response: 'Réponse rédigée à partir des passages.',
        timestamp: new Date().toISOString(),
        files: [],
        voice: null,
      }),
    );
  });
  await new Promise<void>((resolve) => automation.listen(0, '127.0.0.1', resolve));
  automationUrl = `http://127.0.0.1:${(automation.address() as AddressInfo).port}/webhook/dentivo`;
});
afterAll(async () => {
  await backend?.close();
  await new Promise((resolve) => automation?.close(resolve));
});

const payload = (text: string, id: string) => ({
  message_id: id,
  text,
  sent_at: new Date().toISOString(),
  conversation_id: 'conversation-passages',
});

describe('A generative service behind ASSISTANT_WEBHOOK_URL receives the site’s passages', () => {
  it('sends the best passages, with their links, for a known question', async () => {
    setConfig({ ...toPublicConfig(config), assistantWebhookUrl: automationUrl, supabaseUrl: backend.url });
    const reply = await sendToAssistant(payload('Combien dure l’essai gratuit ?', 'message-essai'));
    expect(reply.response).toBe('Réponse rédigée à partir des passages.');
    const sent = received.find((item) => item.message_id === 'message-essai')!;
    // The message itself, as the contract has it, and the passages beside it.
    expect(sent).toMatchObject({ text: 'Combien dure l’essai gratuit ?', conversation_id: 'conversation-passages' });
    const passages = sent.passages as Passage[];
    expect(passages.length).toBeGreaterThan(0);
    expect(passages.length).toBeLessThanOrEqual(PASSAGES_MAX);
    for (const passage of passages) {
      expect(passage.url.startsWith(`${new URL(config.siteUrl).origin}/`)).toBe(true);
      expect(passage.title.length).toBeGreaterThan(0);
      expect(passage.text.length).toBeLessThanOrEqual(PASSAGE_MAX_CHARS);
      expect(passage.score).toBeGreaterThan(0);
      expect(passage.score).toBeLessThanOrEqual(1);
    }
    // A passage states the fact, in the site’s words: the trial’s length.
    expect(passages.some((passage) => /30 jours/.test(passage.text))).toBe(true);
  });

  it('sends the message alone when the passages cannot be had (the backend unreachable)', async () => {
    setConfig({ ...toPublicConfig(config), assistantWebhookUrl: automationUrl, supabaseUrl: 'http://127.0.0.1:9' });
    await sendToAssistant(payload('Combien dure l’essai gratuit ?', 'message-sans-passages'));
    const sent = received.find((item) => item.message_id === 'message-sans-passages')!;
    expect(sent.text).toBe('Combien dure l’essai gratuit ?');
    expect(sent).not.toHaveProperty('passages');
  });

  it('asks for no passages when DENTY itself answers (the embedded server or the Supabase function)', () => {
    expect(isOwnAssistant('/assistant/webhook')).toBe(true);
    expect(isOwnAssistant('https://abc.supabase.co/functions/v1/assistant')).toBe(true);
    expect(isOwnAssistant('https://n8n.cabinet.example/webhook/dentivo')).toBe(false);
  });

  it('refuses a passages request from an origin that may not call the backend', async () => {
    const response = await fetch(`${backend.url}/functions/v1/assistant/passages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://ailleurs.example' },
      body: JSON.stringify({ text: 'Combien dure l’essai gratuit ?' }),
    });
    expect(response.status).toBe(403);
  });
});
