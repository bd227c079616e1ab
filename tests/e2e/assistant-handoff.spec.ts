/**
 * Every conversation can reach a person (docs/assistant.md#the-loop): a question DENTY cannot answer, the
 * hand-off form in the drawer, used with the keyboard, its confirmation, the request stored in the real
 * database (PGlite, and PostgreSQL when installed) with the conversation, and the team's mail over real
 * SMTP with the transcript; a vote on a reply stored without any personal data, changeable.
 */
import { test, expect, type Page } from '@playwright/test';
import { withPreferencesSet } from '../support/assistant.ts';
import { axeViolations } from '../support/axe.ts';
import { openTestStore, startBackend, type TestBackend } from '../support/backend.ts';
import { findPostgres, MIGRATIONS_DIR, startCluster, type Cluster } from '../support/postgres.ts';
import { startSmtp, type TestSmtp } from '../support/smtp.ts';
import { openStore, type Store } from '../../server/database.ts';

const drawer = (page: Page) => page.getByRole('dialog', { name: 'Assistant Dentivo' });
const input = (page: Page) => drawer(page).getByRole('textbox', { name: 'Votre question' });
const replies = (page: Page) => drawer(page).locator('.assistant-message--assistant');

async function ask(page: Page, question: string) {
  const answered = page.waitForResponse((r) => r.url().endsWith('/assistant/webhook'));
  await input(page).fill(question);
  await input(page).press('Enter');
  return (await answered).json() as Promise<{ kind: string; handoff?: boolean }>;
}

const postgres = findPostgres();
const engines = [
  { name: 'PGlite', skip: false, open: (): Promise<Store> => openTestStore() },
  {
    name: postgres.available ? 'PostgreSQL' : `PostgreSQL — ignoré : ${postgres.reason}`,
    skip: !postgres.available,
    open: async (cluster?: Cluster): Promise<Store> =>
      openStore({ databaseUrl: await cluster!.createDatabase('transmission'), migrationsDir: MIGRATIONS_DIR }),
  },
];

test.describe.configure({ mode: 'serial' });
test.beforeEach(({ page }) => withPreferencesSet(page));

for (const engine of engines)
  test.describe(`transmission à l’équipe, base ${engine.name}`, () => {
    test.skip(engine.skip, engine.name);
    let cluster: Cluster | undefined;
    let backend: TestBackend;
    let smtp: TestSmtp;
    test.beforeAll(async () => {
      if (postgres.available && engine.name === 'PostgreSQL') cluster = await startCluster(postgres);
      smtp = await startSmtp();
      backend = await startBackend({ store: await engine.open(cluster), smtpUrl: smtp.url });
    });
    test.afterAll(async () => {
      await backend?.close();
      await backend?.store.close();
      await smtp?.close();
      await cluster?.stop();
    });

    test('une question sans réponse, le formulaire au clavier, la confirmation, la demande gardée et l’e-mail à l’équipe', async ({
      page,
    }) => {
      await page.goto(`${backend.url}/faq`);
      await page.getByRole('button', { name: 'Assistant' }).click();
      const reply = await ask(page, 'Vous gérez la paie des assistantes ?');
      expect(['unsure', 'not-found']).toContain(reply.kind);
      const offer = drawer(page).getByRole('button', { name: 'Transmettre ma question à l’équipe' });
      await offer.focus();
      await page.keyboard.press('Enter');
      const form = drawer(page).getByRole('form', { name: 'Transmettre votre question à l’équipe' });
      const email = form.getByRole('textbox', { name: 'Votre adresse e\u2011mail' });
      await expect(email).toBeFocused();
      await expect(form.getByRole('textbox', { name: 'Votre question' })).toHaveValue(
        'Vous gérez la paie des assistantes ?',
      );
      // Nothing leaves before « Envoyer »; an empty form says what is missing, and keeps the question.
      await page.keyboard.press('Enter');
      await expect(form).toContainText('Adresse email invalide');
      await expect(form).toContainText('Vous devez accepter la politique de confidentialité');
      await expect(email).toBeFocused();
      await expect(email).toHaveAccessibleDescription('Adresse email invalide');
      // WCAG 2.2 AA with the form and its errors open, at 375 px and 1280 px.
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await axeViolations(page, '.assistant-drawer'), `${width} px`).toEqual([]);
      }
      expect(await backend.rows("select * from contact_requests where type = 'handoff'")).toEqual([]);
      await page.keyboard.type('secretariat@cabinet-lilas.fr');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Sophie Martin');
      await page.keyboard.press('Tab');
      await page.keyboard.type('04 78 12 34 56');
      await page.keyboard.press('Tab');
      await page.keyboard.press('End');
      await page.keyboard.type(' On a trois assistantes.');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      await form.getByRole('button', { name: 'Envoyer' }).press('Enter');
      await expect(replies(page).last()).toContainText(
        'C’est transmis\u202F! L’équipe a bien reçu votre question et vous répond à l’adresse secretariat@cabinet-lilas.fr.',
      );
      await expect(form).toBeHidden();
      await expect(input(page)).toBeFocused();
      await expect(drawer(page).getByRole('button', { name: 'Transmettre ma question à l’équipe' })).toHaveCount(0);

      const rows = await backend.rows<{
        full_name: string;
        email: string;
        phone: string;
        message: string;
        transcript: { role: string; text: string }[];
      }>("select full_name, email, phone, message, transcript from contact_requests where type = 'handoff'");
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        full_name: 'Sophie Martin',
        email: 'secretariat@cabinet-lilas.fr',
        phone: '04 78 12 34 56',
        message: 'Vous gérez la paie des assistantes ? On a trois assistantes.',
      });
      expect(rows[0]!.transcript.map((entry) => entry.role)).toEqual(['visitor', 'assistant']);
      expect(rows[0]!.transcript[0]!.text).toBe('Vous gérez la paie des assistantes ?');

      // The request's two mails (the team also gets the unanswered question, and maybe last week's digest).
      const handoffMails = () => smtp.mails.filter((mail) => /transmise/.test(mail.subject));
      await expect.poll(() => handoffMails().length, { timeout: 30_000 }).toBe(2);
      const mails = handoffMails();
      const team = mails.find((mail) => mail.to.includes('equipe@dentivo.example'))!;
      expect(team.subject).toBe('[Dentivo] Question transmise par DENTY – Sophie Martin');
      expect(team.text).toContain('Sa question :\nVous gérez la paie des assistantes ? On a trois assistantes.');
      expect(team.text).toMatch(/\] Visiteur :\nVous gérez la paie des assistantes \?/);
      expect(team.text).toMatch(/\] DENTY :\n/);
      expect(mails.some((mail) => mail.to.includes('secretariat@cabinet-lilas.fr'))).toBe(true);
    });

    test('« rappelez-moi » : le formulaire s’ouvre de lui-même, rien ne part avant « Envoyer »', async ({ page }) => {
      await page.goto(`${backend.url}/contact`);
      await page.getByRole('button', { name: 'Assistant' }).click();
      const reply = await ask(page, 'Pouvez-vous me rappeler demain matin vers 9 h ?');
      expect(reply).toMatchObject({ kind: 'handoff', handoff: true });
      const form = drawer(page).getByRole('form', { name: 'Transmettre votre question à l’équipe' });
      await expect(form.getByRole('textbox', { name: 'Votre adresse e\u2011mail' })).toBeFocused();
      await expect(form.getByRole('textbox', { name: 'Votre question' })).toHaveValue(
        'Pouvez-vous me rappeler demain matin vers 9 h ?',
      );
      const before = (await backend.rows("select id from contact_requests where type = 'handoff'")).length;
      await form.getByRole('button', { name: 'Annuler' }).click();
      await expect(form).toBeHidden();
      await expect(input(page)).toBeFocused();
      expect(await backend.rows("select id from contact_requests where type = 'handoff'")).toHaveLength(before);
    });

    test('« Utile », « Pas utile » : une voix par réponse, modifiable, remerciée, gardée sans donnée personnelle', async ({
      page,
    }) => {
      await page.goto(`${backend.url}/tarifs`);
      await page.getByRole('button', { name: 'Assistant' }).click();
      await ask(page, 'Quel est le prix ?');
      const last = drawer(page).locator('.assistant-message--assistant').last();
      const down = last.getByRole('button', { name: 'Pas utile' });
      await down.click();
      await expect(down).toHaveAttribute('aria-pressed', 'true');
      await expect(last.locator('.assistant-vote__thanks')).toHaveText('Merci pour votre retour\u202F!');
      // A « Pas utile » offers the team.
      await expect(last.getByRole('button', { name: 'Transmettre ma question à l’équipe' })).toBeVisible();
      await expect
        .poll(() => backend.rows<{ vote: string }>('select vote from assistant_votes'))
        .toEqual([{ vote: 'down' }]);
      const up = last.getByRole('button', { name: 'Utile', exact: true });
      await up.click();
      await expect(up).toHaveAttribute('aria-pressed', 'true');
      await expect(down).toHaveAttribute('aria-pressed', 'false');
      await expect
        .poll(() => backend.rows<{ vote: string }>('select vote from assistant_votes'))
        .toEqual([{ vote: 'up' }]);
      const [vote] = await backend.rows<Record<string, unknown>>('select * from assistant_votes');
      expect(vote).toMatchObject({ question: 'Quel est le prix ?', reply_kind: 'answer', page: '/tarifs' });
      expect(Object.keys(vote!).sort()).toEqual(
        ['page', 'question', 'reply', 'reply_id', 'reply_kind', 'section', 'vote', 'voted_at'].sort(),
      );
    });
  });
