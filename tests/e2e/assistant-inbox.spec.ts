/**
 * Nothing the visitor sends is dropped (docs/requirements.md#assistant-answers): an idea sent from
 * « Suggérer une idée » reaches the team's inbox (`npm run inbox`) and its mail, and DENTY says it is
 * recorded only once it is. The storage failure is a real one: the server's own database (PGlite, in this
 * test's process) is put in read-only mode, as a database that fails over refuses writes, then back.
 */
import { test, expect, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { withPreferencesSet } from '../support/assistant.ts';
import { openTestStore, startBackend, type TestBackend } from '../support/backend.ts';
import { e2ePort, inboxServerPort } from '../support/ports.ts';
import { startSmtp, type TestSmtp } from '../support/smtp.ts';

const root = join(import.meta.dirname, '..', '..');
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Assistant Dentivo' });
const input = (page: Page) => drawer(page).getByRole('textbox', { name: 'Votre question' });
const messages = (page: Page) => drawer(page).getByRole('list', { name: 'Conversation avec l’assistant' });

/** `npm run inbox -- …` as the team runs it, against the server on `port`. */
async function inbox(port: number, args: string[], env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await promisify(execFile)(
    join(root, 'node_modules', '.bin', 'tsx'),
    [join(root, 'scripts', 'inbox.ts'), ...args],
    { cwd: root, env: { ...process.env, PORT: String(port), ...env }, timeout: 60_000 },
  );
  return stdout;
}

async function suggestIdea(page: Page, idea: string) {
  await page.getByRole('button', { name: 'Suggérer une idée' }).click();
  await expect(drawer(page)).toBeVisible();
  await input(page).fill(idea);
  const request = page.waitForRequest((r) => r.url().endsWith('/assistant/webhook') && r.method() === 'POST');
  await input(page).press('Enter');
  return (await request).postDataJSON();
}

test.beforeEach(({ page }) => withPreferencesSet(page));

test('une idée envoyée depuis « Suggérer une idée » est dite enregistrée et paraît dans npm run inbox', async ({
  page,
}) => {
  const idea = `Un rappel SMS la veille des détartrages (${Date.now()})`;
  await page.goto('/fonctionnalites');
  const payload = await suggestIdea(page, idea);
  // The widget says it is an idea: nothing is guessed from the words.
  expect(payload).toMatchObject({ text: idea, intent: 'idea' });
  await expect(messages(page).locator('.assistant-markdown').last()).toContainText(
    'Elle est enregistrée et transmise à l’équipe produit',
  );
  await expect(messages(page).locator('.assistant-message--user')).toHaveCount(1);
  await expect(messages(page).locator('.assistant-message--user')).toContainText(idea);
  const listed = await inbox(e2ePort, ['--type', 'idea']);
  expect(listed).toContain('Idée');
  expect(listed).toContain(`« ${idea} »`);
  // The next message is a question again.
  const next = page.waitForRequest((r) => r.url().endsWith('/assistant/webhook'));
  await input(page).fill('Quel est le prix ?');
  await input(page).press('Enter');
  expect((await next).postDataJSON()).not.toHaveProperty('intent');
});

test.describe('base en lecture seule, puis rétablie', () => {
  let backend: TestBackend;
  let smtp: TestSmtp;
  test.beforeAll(async () => {
    smtp = await startSmtp();
    backend = await startBackend({
      store: await openTestStore(),
      smtpUrl: smtp.url,
      inboxToken: 'jeton-de-test-boite',
      port: inboxServerPort,
    });
  });
  test.afterAll(async () => {
    await backend?.close();
    await backend?.store.close();
    await smtp?.close();
  });

  test('l’idée n’est dite enregistrée qu’une fois gardée ; la reprise la garde une fois, sous le même identifiant', async ({
    page,
  }) => {
    const idea = 'Voir les absences de l’équipe dans l’agenda';
    const ideas = () =>
      backend.rows<{ message_id: string; text: string }>(
        "select message_id, text from assistant_messages where kind = 'idea' order by id",
      );
    await page.goto(`${backend.url}/fonctionnalites`);
    // The database refuses every write from now on, as a failed-over primary does.
    await backend.store.db.exec('set session characteristics as transaction read only');
    const first = await suggestIdea(page, idea);
    const apology = messages(page).locator('.assistant-message--assistant').last();
    await expect(apology).toContainText('Votre idée n’a pas encore été transmise à l’équipe produit');
    await expect(messages(page)).not.toContainText('enregistrée');
    await expect(input(page)).toHaveValue(idea);
    expect(await ideas()).toEqual([]);

    await backend.store.db.exec('set session characteristics as transaction read write');
    const retried = page.waitForRequest((r) => r.url().endsWith('/assistant/webhook'));
    await input(page).press('Enter');
    expect((await retried).postDataJSON()).toMatchObject({ message_id: first.message_id, intent: 'idea', text: idea });
    await expect(messages(page).locator('.assistant-markdown').last()).toContainText(
      'Elle est enregistrée et transmise à l’équipe produit',
    );
    await expect(messages(page).locator('.assistant-message--user')).toHaveCount(1);
    await expect(messages(page).locator('.assistant-message--user')).toContainText(idea);
    await expect(messages(page)).not.toContainText('pas encore été transmise');
    expect(await ideas()).toEqual([{ message_id: first.message_id, text: idea }]);

    // Mailed to the team like a contact request, and listed for it.
    const [mail] = await smtp.waitForMails(1);
    expect(mail!.to).toEqual(['equipe@dentivo.example']);
    expect(mail!.text).toContain(idea);
    const listed = await inbox(inboxServerPort, ['--type', 'idea'], { INBOX_TOKEN: 'jeton-de-test-boite' });
    expect(listed).toContain(`« ${idea} »`);
  });
});
