// @vitest-environment happy-dom
/**
 * The assistant's conversation as the drawer holds it (widgets/assistant/: conversation.ts, Drawer.tsx,
 * InputBar.tsx), rendered with Testing Library in happy-dom and answered by the real embedded backend
 * (in its own process: happy-dom's globals are a browser's): the webhook over the index built from the
 * content, on PGlite. Sending, a failure and its retry,
 * the idea preset, and what a message may hold. The network failure is real (nothing listens yet on the
 * backend's port), and so is the storage failure (the database put in read-only mode).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, toPublicConfig } from '../../core/common/config.ts';
import { loadContent } from '../../site/lib/content.ts';
import { buildAssistantIndex } from '../../site/lib/assistant-index.ts';
import { setConfig } from '../../widgets/runtime/config.ts';
import { toasts } from '../../widgets/runtime/toasts.ts';
import Drawer from '../../widgets/assistant/Drawer.tsx';
import { clearConversation, messages } from '../../widgets/assistant/conversation.ts';
import { drawerOpen, presetMessage } from '../../widgets/assistant/store.ts';
import { backendProcess, type BackendProcess } from '../support/backend-process.ts';

const root = join(import.meta.dirname, '..', '..');
// Loopback ports of this test (the brief's range for the assistant's helper: E2E_PORT + 80 and on).
const port = Number(process.env.E2E_PORT ?? 4173) + 80;
const origin = 'http://localhost:3000'; // happy-dom's page origin: an embedding origin of the backend

const siteDir = mkdtempSync(join(tmpdir(), 'dentivo-site-'));
const content = loadContent(root, {});
writeFileSync(
  join(siteDir, 'assistant-index.json'),
  JSON.stringify(
    buildAssistantIndex({
      pages: content.pages,
      posts: content.posts,
      faq: content.shared.faq,
      glossary: content.shared.glossary,
      vocabulary: content.vocabulary,
    }),
  ),
);
const config = loadConfig(JSON.parse(readFileSync(join(root, 'content/site.json'), 'utf8')), {});
const webhookUrl = `http://127.0.0.1:${port}/assistant/webhook`;

let backend: BackendProcess | undefined;
const startServer = async () => (backend = await backendProcess({ siteDir, port, env: { EMBED_ORIGINS: origin } }));

beforeAll(() => {
  setConfig({ ...toPublicConfig(config), assistantWebhookUrl: webhookUrl, supabaseUrl: `http://127.0.0.1:${port}` });
});
afterAll(() => backend?.close());
beforeEach(() => {
  localStorage.clear();
  toasts.value = [];
  messages.value = null;
  drawerOpen.value = true;
});
afterEach(() => {
  cleanup();
  clearConversation();
});

const field = () => screen.getByRole('textbox', { name: 'Votre question' });
const list = () => screen.getByRole('list', { name: 'Conversation avec l’assistant' });
const userMessages = () => list().querySelectorAll('.assistant-message--user');
const assistantMessages = () => [...list().querySelectorAll('.assistant-message--assistant')];
const lastReply = () => assistantMessages().at(-1)?.textContent ?? '';

function type(text: string) {
  fireEvent.change(field(), { target: { value: text } });
}
function send() {
  fireEvent.keyDown(field(), { key: 'Enter' });
}

describe('Conversation de l’assistant (Drawer, InputBar, conversation.ts)', () => {
  it('échec réel (rien n’écoute), puis reprise : la question une fois, plus d’excuse, le texte revenu puis parti', async () => {
    render(<Drawer />);
    type('Où sont hébergées les données ?');
    send();
    await waitFor(() => expect(lastReply()).toContain('Je rencontre des difficultés à me connecter'));
    expect(toasts.value.map((toast) => toast.title)).toEqual(['Erreur de connexion']);
    expect((field() as HTMLTextAreaElement).value).toBe('Où sont hébergées les données ?');
    expect(userMessages()).toHaveLength(1);

    await startServer();
    send();
    await waitFor(() => expect(lastReply()).toContain('hébergées en France'), { timeout: 20_000 });
    expect(userMessages()).toHaveLength(1);
    expect(list().textContent).not.toContain('difficultés à me connecter');
    expect((field() as HTMLTextAreaElement).value).toBe('');
    expect(messages.value!.map((message) => message.role)).toEqual(['assistant', 'user', 'assistant']);
  });

  it('« Suggérer une idée » : pas d’options rapides, l’idée part avec son intention et n’est dite enregistrée qu’une fois gardée', async () => {
    if (!backend) await startServer();
    act(() => {
      presetMessage.value = { message: 'Quelle idée avez-vous ?', intent: 'idea' };
    });
    render(<Drawer />);
    // Shown typeset, as every reply is (widgets/assistant/MessageText.tsx).
    await waitFor(() => expect(list().textContent).toContain('Quelle idée avez-vous\u202F?'));
    expect(screen.queryByRole('list', { name: 'Questions suggérées' })).toBeNull();

    await backend!.sql('set session characteristics as transaction read only');
    type('Trier les patients par date de dernier contrôle');
    send();
    await waitFor(() => expect(lastReply()).toContain('Votre idée n’a pas encore été transmise'), { timeout: 20_000 });
    expect(list().textContent).not.toContain('enregistrée');

    await backend!.sql('set session characteristics as transaction read write');
    send();
    await waitFor(() => expect(lastReply()).toContain('Elle est enregistrée et transmise à l’équipe produit'), {
      timeout: 20_000,
    });
    const rows = await backend!.sql('select kind, text, message_id from assistant_messages');
    expect(rows).toEqual([
      { kind: 'idea', text: 'Trier les patients par date de dernier contrôle', message_id: messages.value![1]!.id },
    ]);
    expect(userMessages()).toHaveLength(1);
  });

  it('l’accueil seul montre les options rapides', async () => {
    render(<Drawer />);
    const options = await screen.findByRole('list', { name: 'Questions suggérées' }, { timeout: 5_000 });
    await waitFor(() => expect(within(options).getAllByRole('button')).toHaveLength(4));
  });

  it('limites dites avant l’envoi : texte trop long gardé entier, fichiers refusés nommés, sixième fichier écarté', async () => {
    render(<Drawer />);
    const long = 'x'.repeat(4_012);
    type(long);
    expect((field() as HTMLTextAreaElement).value).toHaveLength(4_012);
    expect(screen.getByText(/Message trop long de 12 caractères/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Envoyer' }) as HTMLButtonElement).disabled).toBe(true);
    send();
    expect(userMessages()).toHaveLength(0);
    type('');

    const picker = document.querySelector<HTMLInputElement>('input[type=file]')!;
    const file = (name: string, type = 'text/plain', body = 'note') => new File([body], name, { type });
    fireEvent.change(picker, {
      target: { files: [file('page.html', 'text/html'), ...[1, 2, 3, 4, 5, 6].map((n) => file(`note-${n}.txt`))] },
    });
    // French typography: no-break spaces inside « » and before « : ».
    const said = screen.getByRole('alert').textContent!.replace(/\s+/g, ' ');
    expect(said).toContain('« page.html » n’est pas joint : ce type de fichier n’est pas accepté');
    expect(said).toContain('5 fichiers au plus par message : « note-6.txt » n’est pas joint.');
    const chips = screen.getByRole('list', { name: 'Fichiers à envoyer' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([1, 2, 3, 4, 5].map((n) => expect.stringContaining(`note-${n}.txt`)));
  });
});
