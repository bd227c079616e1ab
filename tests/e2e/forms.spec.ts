/**
 * The contact and tester forms end to end (docs/requirements.md#forms; docs/decisions/0009-tester-form-really-sent.md; docs/decisions/0010-forms-without-javascript.md):
 * Chromium fills them on the real embedded server (started here with PGlite and the migrations), the
 * rows are read in its database and the mails in a real SMTP server on loopback.
 */
import { test as base, expect as baseExpect, type Page } from '@playwright/test';
import { startBackend, type TestBackend } from '../support/backend.ts';
import { startSmtp, type TestSmtp } from '../support/smtp.ts';
import { CONTACT_MESSAGES, TESTER_MESSAGES } from '../../core/contact/messages.ts';
import { axeViolations } from '../support/axe.ts';

// The server, the database and the mails share a busy machine with the other workers: wider waits.
const expect = baseExpect.configure({ timeout: 15_000 });

interface Env {
  backend: TestBackend;
  smtp: TestSmtp;
}

const test = base.extend<{ env: Env; tracked: () => Promise<unknown[]> }, { workerEnv: Env }>({
  workerEnv: [
    async ({}, use) => {
      const smtp = await startSmtp();
      const backend = await startBackend({ smtpUrl: smtp.url });
      await use({ backend, smtp });
      await backend.close();
      await smtp.close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  env: async ({ workerEnv }, use) => use(workerEnv),
  /** The form_submission events the forms dispatch for the analytics layer. */
  tracked: async ({ page }, use) => {
    await page.addInitScript(() => {
      (window as any).__tracked = [];
      window.addEventListener('dentivo:track', (event) =>
        (window as any).__tracked.push((event as CustomEvent).detail),
      );
    });
    await use(async () =>
      (await page.evaluate(() => (window as any).__tracked as { event: string }[])).filter(
        (detail) => detail.event === 'form_submission',
      ),
    );
  },
});

let serial = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${serial++}@cabinet-test.fr`;

/** Opens a form page, answers the cookie banner, and waits for the island to be hydrated. */
async function openForm(page: Page, env: Env, path: '/contact' | '/tester') {
  await page.goto(`${env.backend.url}${path}`);
  const refuse = page.getByRole('button', { name: 'Refuser', exact: true });
  // With the keyboard: a pointer left over the form (under the banner on a phone) would count as reaching for it.
  if (await refuse.isVisible().catch(() => false)) await refuse.press('Enter');
  const island = page.locator(`[data-widget="${path === '/contact' ? 'contact-form' : 'tester-form'}"]`);
  // The island hydrates when the visitor reaches for it (it works as plain HTML until then): a focus.
  await island.evaluate((element) => element.scrollIntoView({ behavior: 'instant', block: 'center' }));
  await expect(island).not.toHaveAttribute('data-hydrated', '');
  await island.locator('input').first().focus();
  await expect(island).toHaveAttribute('data-hydrated', '', { timeout: 20_000 });
  return island;
}

/** The control's error, found through its aria-describedby, as a screen reader would. */
async function describedError(page: Page, id: string): Promise<string> {
  const describedBy = await page.locator(`#${id}`).getAttribute('aria-describedby');
  expect(describedBy, `${id} relié à son erreur`).toBeTruthy();
  const errorId = describedBy!.split(' ').find((token) => token.endsWith('-error'))!;
  return (await page.locator(`#${errorId}`).textContent()) ?? '';
}

async function waitForRow(env: Env, email: string) {
  await expect
    .poll(async () => (await env.backend.rows('select * from contact_requests where email = $1', [email])).length)
    .toBe(1);
  return (await env.backend.rows<Record<string, any>>('select * from contact_requests where email = $1', [email]))[0]!;
}

test.describe('formulaire de contact (/contact)', () => {
  test('chaque règle affiche son message à son champ, relié par aria-describedby, et le premier champ en erreur prend le focus', async ({
    page,
    env,
  }) => {
    const island = await openForm(page, env, '/contact');
    const sent: string[] = [];
    page.on('request', (request) => request.url().includes('/functions/v1/') && sent.push(request.url()));
    const submit = island.getByRole('button', { name: 'Envoyer le message' });

    await submit.click();
    for (const [field, message] of Object.entries(CONTACT_MESSAGES)) {
      await expect(page.locator(`#contact-${field}`)).toHaveAttribute('aria-invalid', 'true');
      expect(await describedError(page, `contact-${field}`)).toBe(message);
      await expect(island.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.locator('#contact-fullName')).toBeFocused();
    await expect(page.locator('#contact-status')).toHaveText(
      'Le formulaire contient 5 erreurs\u00A0: corrigez les champs signalés.',
    );

    // One bad input per rule; the fields already right lose their error as they are corrected.
    await page.locator('#contact-fullName').fill('J');
    await page.locator('#contact-email').fill('jean@cabinet');
    await page.locator('#contact-message').fill('Trop bref');
    await submit.click();
    expect(await describedError(page, 'contact-fullName')).toBe(CONTACT_MESSAGES.fullName);
    expect(await describedError(page, 'contact-email')).toBe(CONTACT_MESSAGES.email);
    expect(await describedError(page, 'contact-message')).toBe(CONTACT_MESSAGES.message);
    await page.locator('#contact-fullName').fill('Jean Dupont');
    await expect(page.locator('#contact-fullName')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#contact-fullName-error')).toBeHidden();
    await page.locator('#contact-email').fill('jean@cabinet.fr');
    await page.locator('#contact-message').fill('Dix lettres');
    await page.locator('#contact-subject').selectOption('support');
    await submit.click();
    await expect(page.locator('#contact-consent')).toBeFocused();
    expect(await describedError(page, 'contact-consent')).toBe(CONTACT_MESSAGES.consent);
    expect(sent, 'rien n’est envoyé tant que le formulaire est invalide').toEqual([]);
  });

  test('un message envoyé est enregistré, envoyé par e-mail à l’équipe et accusé au visiteur ; le panneau de remerciement remplace le formulaire', async ({
    page,
    env,
    tracked,
  }) => {
    const email = uniqueEmail('jean');
    const island = await openForm(page, env, '/contact');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const requests: Record<string, string>[] = [];
    await page.route('**/functions/v1/send-contact-email', async (route) => {
      requests.push(route.request().headers());
      await held; // Holds the real request a moment, to see the sending state.
      await route.continue();
    });

    await page.locator('#contact-fullName').fill('Jean Dupont');
    await page.locator('#contact-company').fill('Cabinet Dupont');
    await page.locator('#contact-email').fill(email);
    await page.locator('#contact-subject').selectOption('demo');
    await page.locator('#contact-message').fill('Bonjour, nous aimerions une démonstration de l’agenda.');
    await page.locator('#contact-consent').check();
    await island.getByRole('button', { name: 'Envoyer le message' }).click();

    const sending = island.getByRole('button', { name: 'Envoi en cours…' });
    await expect(sending).toBeDisabled();
    await expect(page.locator('#contact-status')).toHaveText('Envoi du message en cours…');
    release();

    const thanks = island.getByRole('heading', { name: 'Merci pour votre message\u202F!' });
    await expect(thanks).toBeFocused();
    await expect(
      island.getByText('Nous avons bien reçu votre demande. Notre équipe vous contactera rapidement.'),
    ).toBeVisible();
    const toast = page.locator('.toast').filter({ hasText: 'Message envoyé\u202F!' });
    await expect(toast).toContainText('Nous avons bien reçu votre demande. Notre équipe vous contactera rapidement.');
    await expect(island.locator('form')).toHaveCount(0);

    expect(requests[0]).toMatchObject({ apikey: 'local-anon-key', 'content-type': 'application/json' });
    expect(requests[0]!['x-client-info']).toMatch(/^supabase-js/);
    const row = await waitForRow(env, email);
    expect(row).toMatchObject({
      type: 'contact',
      full_name: 'Jean Dupont',
      company: 'Cabinet Dupont',
      phone: null,
      subject: 'demo',
      message: 'Bonjour, nous aimerions une démonstration de l’agenda.',
    });
    await expect
      .poll(() => env.smtp.mails.filter((mail) => mail.to.includes(email) || mail.replyTo.includes(email)).length)
      .toBe(2);
    const team = env.smtp.mails.find((mail) => mail.replyTo.includes(email))!;
    expect(team.to).toEqual(['equipe@dentivo.example']);
    expect(team.subject).toBe('[Dentivo] Contact : Demander une démonstration – Jean Dupont');
    expect(env.smtp.mails.find((mail) => mail.to.includes(email))!.subject).toBe(
      'Nous avons bien reçu votre message – Dentivo',
    );
    expect(await tracked()).toEqual([
      { event: 'form_submission', params: { form_name: 'contact', form_success: true } },
    ]);

    await island.getByRole('button', { name: 'Envoyer un nouveau message' }).click();
    await expect(page.locator('#contact-fullName')).toBeFocused();
    await expect(page.locator('#contact-fullName')).toHaveValue('');
    await expect(page.locator('#contact-message')).toHaveValue('');
    await expect(page.locator('#contact-consent')).not.toBeChecked();
  });

  test('un échec d’envoi garde tout ce qui a été saisi, affiche le toast « Erreur » et se suit comme un échec', async ({
    page,
    env,
    tracked,
  }) => {
    const email = uniqueEmail('hors-ligne');
    const island = await openForm(page, env, '/contact');
    await page.route('**/functions/v1/send-contact-email', (route) => route.abort('internetdisconnected'));
    await page.locator('#contact-fullName').fill('Claire Martin');
    await page.locator('#contact-phone').fill('04 78 00 00 00');
    await page.locator('#contact-email').fill(email);
    await page.locator('#contact-subject').selectOption('autre');
    await page.locator('#contact-message').fill('Une question sur la facturation.');
    await page.locator('#contact-consent').check();
    await island.getByRole('button', { name: 'Envoyer le message' }).click();

    const toast = page.locator('.toast--destructive').filter({ hasText: 'Erreur' });
    await expect(toast).toContainText('Impossible d’envoyer votre message. Veuillez réessayer.');
    await expect(page.locator('#contact-fullName')).toHaveValue('Claire Martin');
    await expect(page.locator('#contact-phone')).toHaveValue('04 78 00 00 00');
    await expect(page.locator('#contact-email')).toHaveValue(email);
    await expect(page.locator('#contact-subject')).toHaveValue('autre');
    await expect(page.locator('#contact-message')).toHaveValue('Une question sur la facturation.');
    await expect(page.locator('#contact-consent')).toBeChecked();
    await expect(island.getByRole('button', { name: 'Envoyer le message' })).toBeEnabled();
    expect(await tracked()).toEqual([
      { event: 'form_submission', params: { form_name: 'contact', form_success: false } },
    ]);

    // Back online, the same click sends it, once.
    await page.unroute('**/functions/v1/send-contact-email');
    await island.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(island.getByRole('heading', { name: 'Merci pour votre message\u202F!' })).toBeVisible();
    await waitForRow(env, email);
  });
});

test.describe('formulaire testeur (/tester)', () => {
  test('ses messages, puis l’envoi réel (type tester) : enregistré, e-mails envoyés, toast, formulaire remis à zéro', async ({
    page,
    env,
    tracked,
  }) => {
    const email = uniqueEmail('testeur');
    const island = await openForm(page, env, '/tester');
    const submit = island.getByRole('button', { name: 'Envoyer ma demande' });
    await submit.click();
    await expect(page.locator('#tester-fullName')).toHaveAttribute('aria-invalid', 'true');
    for (const [field, message] of Object.entries(TESTER_MESSAGES).filter(([field]) => field !== 'teamSize')) {
      expect(await describedError(page, `tester-${field}`)).toBe(message);
      await expect(island.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.locator('#tester-fullName')).toBeFocused();
    await expect(page.locator('#tester-teamSize')).toHaveValue('1');
    await expect(page).toHaveTitle(/^Erreur\u00A0: /);

    await page.locator('#tester-fullName').fill('P');
    await page.locator('#tester-email').fill('paul@');
    await submit.click();
    await expect(page.locator('#tester-email-error')).toHaveText(TESTER_MESSAGES.email);
    expect(await describedError(page, 'tester-fullName')).toBe(TESTER_MESSAGES.fullName);
    expect(await describedError(page, 'tester-email')).toBe(TESTER_MESSAGES.email);

    await page.locator('#tester-fullName').fill('Paul Durand');
    await page.locator('#tester-email').fill(email);
    await page.locator('#tester-city').fill('Lyon');
    await page.locator('#tester-profession').selectOption('chirurgien-dentiste');
    // A team size outside 1 to 50 is said at its field, never changed unseen.
    await page.locator('#tester-teamSize').fill('60');
    await submit.click();
    await expect(page.locator('#tester-teamSize-error')).toHaveText(TESTER_MESSAGES.teamSize);
    expect(await describedError(page, 'tester-teamSize')).toBe(TESTER_MESSAGES.teamSize);
    await page.locator('#tester-teamSize').fill('7');
    await submit.click();

    await expect(
      page.locator('.toast').filter({ hasText: 'Votre demande a été envoyée avec succès\u202F!' }),
    ).toBeVisible();
    await expect(page.locator('#tester-fullName')).toHaveValue('');
    await expect(page.locator('#tester-email')).toHaveValue('');
    await expect(page.locator('#tester-profession')).toHaveValue('');
    await expect(page.locator('#tester-teamSize')).toHaveValue('1');
    await expect(page).not.toHaveTitle(/Erreur/);
    const row = await waitForRow(env, email);
    expect(row).toMatchObject({
      type: 'tester',
      full_name: 'Paul Durand',
      city: 'Lyon',
      profession: 'chirurgien-dentiste',
      team_size: 7,
      subject: null,
    });
    await expect
      .poll(() => env.smtp.mails.filter((mail) => mail.to.includes(email) || mail.replyTo.includes(email)).length)
      .toBe(2);
    expect(env.smtp.mails.find((mail) => mail.replyTo.includes(email))!.subject).toBe(
      '[Dentivo] Demande testeur – Paul Durand',
    );
    expect(await tracked()).toEqual([
      { event: 'form_submission', params: { form_name: 'tester', form_success: true } },
    ]);
  });

  test('un échec affiche « Une erreur est survenue. Veuillez réessayer. » et garde la saisie', async ({
    page,
    env,
    tracked,
  }) => {
    const island = await openForm(page, env, '/tester');
    await page.route('**/functions/v1/send-contact-email', (route) => route.abort('connectionrefused'));
    await page.locator('#tester-fullName').fill('Anne Petit');
    await page.locator('#tester-email').fill(uniqueEmail('anne'));
    await page.locator('#tester-profession').selectOption('assistant');
    await island.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(
      page.locator('.toast--destructive').filter({ hasText: 'Une erreur est survenue. Veuillez réessayer.' }),
    ).toBeVisible();
    await expect(page.locator('#tester-fullName')).toHaveValue('Anne Petit');
    await expect(page.locator('#tester-profession')).toHaveValue('assistant');
    expect(await tracked()).toEqual([
      { event: 'form_submission', params: { form_name: 'tester', form_success: false } },
    ]);
  });
});

test.describe('sans JavaScript, les deux formulaires sont de vrais formulaires POST', () => {
  test.use({ javaScriptEnabled: false });

  test('contact : erreurs à leur champ avec la saisie conservée, puis confirmation en français', async ({
    page,
    env,
  }) => {
    const email = uniqueEmail('sans-js');
    await page.goto(`${env.backend.url}/contact`);
    await page.locator('#contact-fullName').fill('J');
    await page.locator('#contact-company').fill('Cabinet « Sourire »');
    await page.locator('#contact-message').fill('Court');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();

    await expect(page).toHaveTitle(/^Erreur\u00A0: /);
    for (const message of Object.values(CONTACT_MESSAGES))
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    expect(await describedError(page, 'contact-email')).toBe(CONTACT_MESSAGES.email);
    await expect(page.locator('#contact-fullName')).toHaveValue('J');
    await expect(page.locator('#contact-company')).toHaveValue('Cabinet « Sourire »');
    await expect(page.locator('#contact-message')).toHaveValue('Court');
    await expect(page.locator('#contact-fullName')).toBeFocused();

    await page.locator('#contact-fullName').fill('Jeanne Sans Script');
    await page.locator('#contact-email').fill(email);
    await page.locator('#contact-subject').selectOption('support');
    await page.locator('#contact-message').fill('Je vous écris depuis un navigateur sans JavaScript.');
    await page.locator('#contact-consent').check();
    await page.getByRole('button', { name: 'Envoyer le message' }).click();

    await expect(page).toHaveURL(/\/contact\/merci$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Message envoyé\u202F!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Envoyer un nouveau message' })).toHaveAttribute('href', '/contact');
    expect(await waitForRow(env, email)).toMatchObject({ company: 'Cabinet « Sourire »', subject: 'support' });
  });

  test('testeur : erreurs puis confirmation, taille d’équipe 1 par défaut', async ({ page, env }) => {
    const email = uniqueEmail('testeur-sans-js');
    await page.goto(`${env.backend.url}/tester`);
    await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
    for (const message of [TESTER_MESSAGES.fullName, TESTER_MESSAGES.email, TESTER_MESSAGES.profession])
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    await page.locator('#tester-fullName').fill('Marc Sans Script');
    await page.locator('#tester-email').fill(email);
    await page.locator('#tester-profession').selectOption('coordinateur');
    await page.locator('#tester-teamSize').fill('');
    await page.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Votre demande a été envoyée avec succès\u202F!' }),
    ).toBeVisible();
    expect(await waitForRow(env, email)).toMatchObject({ type: 'tester', team_size: 1, profession: 'coordinateur' });
  });
});

test('au premier chargement, ni le formulaire, ni ses schémas, ni supabase-js : ils viennent à la première interaction', async ({
  page,
  env,
}) => {
  const scripts: { url: string; code: string }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push({ url: response.url(), code: await response.text().catch(() => '') });
  });
  await page.goto(`${env.backend.url}/contact`);
  await page.waitForLoadState('networkidle');
  expect(
    scripts.some(({ url }) => /\/ContactForm-[^/]+\.js$/.test(url)),
    'îlot du formulaire absent du premier chargement',
  ).toBe(false);
  expect(
    scripts.some(({ code }) => code.includes('send-contact-email')),
    'code d’envoi absent du premier chargement',
  ).toBe(false);
  expect(
    scripts.some(({ code }) => code.includes('supabase-js')),
    'supabase-js absent du premier chargement',
  ).toBe(false);
  await page.locator('#contact-fullName').focus();
  await expect(page.locator('[data-widget="contact-form"]')).toHaveAttribute('data-hydrated', '');
  await expect.poll(() => scripts.some(({ code }) => code.includes('supabase-js'))).toBe(true);
});

test('ce qui est saisi avant l’hydratation est gardé', async ({ page, env }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/ContactForm-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${env.backend.url}/contact`);
  const refuse = page.getByRole('button', { name: 'Refuser', exact: true });
  if (await refuse.isVisible().catch(() => false)) await refuse.click();
  await page.locator('#contact-fullName').fill('Saisi avant le script');
  await page.locator('#contact-subject').selectOption('support');
  await page.locator('#contact-consent').check();
  const island = page.locator('[data-widget="contact-form"]');
  await expect(island).not.toHaveAttribute('data-hydrated', '');
  release();
  await expect(island).toHaveAttribute('data-hydrated', '');
  await page.locator('#contact-message').fill('Message écrit après l’hydratation.');
  await island.getByRole('button', { name: 'Envoyer le message' }).click();
  // Only the e-mail is missing: what was typed before hydration counts.
  await expect(page.locator('#contact-email')).toBeFocused();
  await expect(page.locator('#contact-fullName')).toHaveValue('Saisi avant le script');
  await expect(page.locator('#contact-subject')).toHaveValue('support');
  await expect(page.locator('#contact-consent')).toBeChecked();
  await expect(page.locator('#contact-status')).toHaveText(
    'Le formulaire contient une erreur\u00A0: corrigez le champ signalé.',
  );
});

test.describe('accessibilité des états des formulaires (axe-core, WCAG 2.2 AA)', () => {
  for (const width of [375, 1280]) {
    test(`erreurs, remerciement, page sans JavaScript et confirmation à ${width} px`, async ({ page, env }) => {
      await page.setViewportSize({ width, height: 900 });
      const contact = await openForm(page, env, '/contact');
      await contact.getByRole('button', { name: 'Envoyer le message' }).click();
      await expect(page.locator('#contact-consent-error')).toBeVisible();
      expect(await axeViolations(page), 'contact en erreur').toEqual([]);
      await page.locator('#contact-fullName').fill('Axe Contrôle');
      await page.locator('#contact-email').fill(uniqueEmail('axe'));
      await page.locator('#contact-subject').selectOption('autre');
      await page.locator('#contact-message').fill('Vérification de l’accessibilité.');
      await page.locator('#contact-consent').check();
      await contact.getByRole('button', { name: 'Envoyer le message' }).click();
      await expect(contact.getByRole('heading', { name: 'Merci pour votre message\u202F!' })).toBeVisible();
      expect(await axeViolations(page), 'panneau de remerciement et toast').toEqual([]);

      const tester = await openForm(page, env, '/tester');
      await tester.getByRole('button', { name: 'Envoyer ma demande' }).click();
      await expect(page.locator('#tester-profession-error')).toBeVisible();
      expect(await axeViolations(page), 'testeur en erreur').toEqual([]);

      // The server's no-JavaScript answers, shown as the server wrote them.
      const posted = await page.request.post(`${env.backend.url}/contact`, {
        form: { fullName: 'J', email: 'x', message: 'court' },
      });
      expect(posted.status()).toBe(400);
      const errorPage = await posted.text();
      await page.route(`${env.backend.url}/page-erreur-sans-js`, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: errorPage }),
      );
      await page.goto(`${env.backend.url}/page-erreur-sans-js`);
      expect(await axeViolations(page), 'page d’erreur sans JavaScript').toEqual([]);
      await page.goto(`${env.backend.url}/contact/merci`);
      expect(await axeViolations(page), 'confirmation sans JavaScript').toEqual([]);
    });
  }
});

/**
 * The round of issue 29: « Envoyer » pressed before the form's script woke (the server answers with the
 * form and its errors), then the visitor types at once, while the form wakes. Repeated, on a CPU slowed
 * as a busy phone's is: every character and choice stays, the server's errors stay until their field is
 * corrected, and every round is sent.
 */
test.describe('« Envoyer » avant le réveil, puis la saisie tout de suite', () => {
  for (const [round, rate] of [1, 1, 4, 4, 6, 6].entries()) {
    test(`tour ${round + 1} : rien de saisi n’est perdu (processeur ralenti ×${rate})`, async ({ page, env }) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const email = uniqueEmail('presse');
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // The first page's form never wakes: « Envoyer » posts it as plain HTML.
      let first = true;
      await page.route(/\/assets\/ContactForm-[^/]+\.js$/, (route) => (first ? route.abort() : route.continue()));
      await page.goto(`${env.backend.url}/contact`);
      const refuse = page.getByRole('button', { name: 'Refuser', exact: true });
      if (await refuse.isVisible().catch(() => false)) await refuse.press('Enter');
      await page.getByRole('button', { name: 'Envoyer le message' }).click();
      await expect(page).toHaveTitle(/^Erreur\u00A0: /);
      first = false;
      await expect(page.locator('#contact-consent-error')).toHaveText(CONTACT_MESSAGES.consent);

      await page.locator('#contact-fullName').pressSequentially('Jeanne Pressée');
      await page.locator('#contact-email').pressSequentially(email);
      await page.locator('#contact-subject').selectOption('demo');
      await page.locator('#contact-message').pressSequentially('Je tape dès que la page revient.');
      const island = page.locator('[data-widget="contact-form"]');
      // Waking React on a CPU slowed ×6, beside another worker, took up to 29 s once: patience, not speed.
      await expect(island).toHaveAttribute('data-hydrated', '', { timeout: 60_000 });
      // Woken: what was typed is there, the corrected fields lost their error, the others keep it.
      await expect(page.locator('#contact-fullName')).toHaveValue('Jeanne Pressée');
      await expect(page.locator('#contact-email')).toHaveValue(email);
      await expect(page.locator('#contact-subject')).toHaveValue('demo');
      await expect(page.locator('#contact-message')).toHaveValue('Je tape dès que la page revient.');
      await expect(page.locator('#contact-email-error')).toBeHidden();
      await expect(page.locator('#contact-consent-error')).toHaveText(CONTACT_MESSAGES.consent);
      await page.locator('#contact-consent').check();
      await expect(page.locator('#contact-consent-error')).toBeHidden();

      await island.getByRole('button', { name: 'Envoyer le message' }).click();
      await expect(island.getByRole('heading', { name: 'Merci pour votre message\u202F!' })).toBeVisible();
      // The tab says what the page says: no « Erreur » left once sent.
      await expect(page).toHaveTitle(/^Contact/);
      expect(await waitForRow(env, email)).toMatchObject({
        full_name: 'Jeanne Pressée',
        subject: 'demo',
        message: 'Je tape dès que la page revient.',
      });
      // React hydrated the server's page as it was: no mismatch, no form drawn again.
      expect(errors).toEqual([]);
    });
  }
});
