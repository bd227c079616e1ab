/** The rules of the contact and tester forms (docs/requirements.md#forms), as core/ writes them once. */
import { describe, expect, it } from 'vitest';
import { validateContactForm, validateTesterForm, parseSubmission, submissionRow } from '../../core/contact/schema.ts';
import {
  emptyContactForm,
  emptyTesterForm,
  teamSizeFromInput,
  contactFormFromEntries,
} from '../../core/contact/fields.ts';
import { CONTACT_MESSAGES, LIMIT_MESSAGES, TESTER_MESSAGES } from '../../core/contact/messages.ts';
import { RateLimiter, parseRateLimit } from '../../backend/rate-limit.ts';
import { retryDelayText } from '../../backend/http.ts';
import { acknowledgementMail, teamMail, type StoredRequest } from '../../backend/contact/mail.ts';
import { formPageWithErrors, confirmationPage } from '../../server/form-page.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, toPublicConfig } from '../../core/common/config.ts';
import { mailSettingsFromEnv } from '../../server/mailer.ts';
import { siteDir } from '../support/site.ts';

const now = new Date('2026-03-12T09:30:00Z');
const filledContact = () => ({
  ...emptyContactForm(),
  fullName: 'Jean Dupont',
  email: 'jean@cabinet.fr',
  subject: 'demo',
  message: 'Bonjour, une démonstration ?',
  consent: true,
});

describe('Contact form validation (docs/requirements.md#contact-form-validation)', () => {
  it('shows the five messages of docs/requirements.md#contact-form-validation for an empty form', () => {
    const result = validateContactForm(emptyContactForm(), now);
    expect(result).toEqual({ ok: false, errors: { ...CONTACT_MESSAGES } });
    // The specification's words, typeset only: the contact form's own, not the tester form's.
    expect(CONTACT_MESSAGES).toEqual({
      fullName: 'Le nom et prénom sont requis',
      email: 'Adresse email invalide',
      subject: 'Veuillez sélectionner un sujet',
      message: 'Votre message doit contenir au moins 10\u00A0caractères',
      consent: 'Vous devez accepter la politique de confidentialité',
    });
  });

  it.each([
    ['01 23 45 67 89', true],
    ['0123456789', true],
    ['06.12.34.56.78', true],
    ['06-12-34-56-78', true],
    ['+33 1 23 45 67 89', true],
    ['+33 (0)1 23 45 67 89', true],
    ['0033 1 23 45 67 89', true],
    ['+1 415 555 0100', true],
    ['+44 20 7946 0958', true],
    ['', true],
    ['12', false],
    ['01 23 45', false],
    ['00 00 00 00 00', false],
    ['01 23 45 67 89 01', false],
    ['+33', false],
    ['appelez-moi', false],
    ['01 23 45 67 8a', false],
    ['++33 1 23 45 67 89', false],
  ])('phone %j → valid: %s (French or international, when given)', (phone, valid) => {
    const result = validateContactForm({ ...filledContact(), phone }, now);
    expect(result.ok ? undefined : result.errors.phone).toBe(valid ? undefined : LIMIT_MESSAGES.phoneNumber);
  });

  it.each([
    ['fullName', 'J', false],
    ['fullName', ' J ', false],
    ['fullName', 'Jo', true],
    ['fullName', '😀😀', true],
    ['email', 'jean@cabinet', false],
    ['email', ' jean@cabinet.fr ', true],
    ['message', '123456789', false],
    ['message', '1234567890', true],
    ['subject', 'autre', true],
    ['subject', 'devis', false],
  ])('%s = %j → valid: %s', (field, value, valid) => {
    const result = validateContactForm({ ...filledContact(), [field]: value }, now);
    expect(result.ok ? undefined : result.errors[field as 'fullName']).toBe(
      valid ? undefined : CONTACT_MESSAGES[field as keyof typeof CONTACT_MESSAGES],
    );
  });

  it('requires the consent box, and never sends it', () => {
    expect(validateContactForm({ ...filledContact(), consent: false }, now)).toEqual({
      ok: false,
      errors: { consent: CONTACT_MESSAGES.consent },
    });
    const result = validateContactForm(filledContact(), now);
    expect(result.ok && 'consent' in result.payload).toBe(false);
  });

  it('adds created_at and type "contact", trims, and omits empty optional values', () => {
    const result = validateContactForm(
      { ...filledContact(), fullName: '  Jean Dupont ', company: '  ', phone: '' },
      now,
    );
    expect(result).toEqual({
      ok: true,
      payload: {
        type: 'contact',
        fullName: 'Jean Dupont',
        email: 'jean@cabinet.fr',
        subject: 'demo',
        message: 'Bonjour, une démonstration ?',
        created_at: '2026-03-12T09:30:00.000Z',
      },
    });
  });

  it('reads a posted form: the checkbox is ticked by any value', () => {
    const values: Record<string, string> = { fullName: 'Jean', consent: 'on' };
    expect(contactFormFromEntries((name) => values[name])).toMatchObject({
      fullName: 'Jean',
      email: '',
      consent: true,
    });
    expect(contactFormFromEntries(() => undefined).consent).toBe(false);
  });
});

describe('Tester form validation (docs/requirements.md#tester-form-validation)', () => {
  it('shows its three messages', () => {
    expect(validateTesterForm(emptyTesterForm(), now)).toEqual({
      ok: false,
      errors: {
        fullName: TESTER_MESSAGES.fullName,
        email: TESTER_MESSAGES.email,
        profession: TESTER_MESSAGES.profession,
      },
    });
    expect([TESTER_MESSAGES.fullName, TESTER_MESSAGES.email, TESTER_MESSAGES.profession]).toEqual([
      'Le nom doit contenir au moins 2\u00A0caractères.',
      'Veuillez entrer une adresse email valide.',
      'Veuillez sélectionner votre profession.',
    ]);
  });

  it.each([
    ['', 1],
    ['abc', 1],
    ['12abc', 1],
    ['7', 7],
    [' 4 ', 4],
    ['50', 50],
  ])('team size typed %j → %i (what is not a number falls back to 1)', (typed, expected) => {
    expect(teamSizeFromInput(typed)).toBe(expected);
    const result = validateTesterForm(
      { ...emptyTesterForm(), fullName: 'Claire', email: 'claire@x.fr', profession: 'assistant', teamSize: typed },
      now,
    );
    expect(result.ok && result.payload.teamSize).toBe(expected);
  });

  it.each(['0', '-3', '51', '60', '12.6'])(
    'team size typed %j → a French message at the field, nothing changed unseen',
    (typed) => {
      const result = validateTesterForm(
        { ...emptyTesterForm(), fullName: 'Claire', email: 'claire@x.fr', profession: 'assistant', teamSize: typed },
        now,
      );
      expect(result).toEqual({ ok: false, errors: { teamSize: TESTER_MESSAGES.teamSize } });
      expect(TESTER_MESSAGES.teamSize).toBe('Indiquez un nombre entier de personnes, de 1 à 50.');
    },
  );

  it('sends type "tester" with its own fields', () => {
    const result = validateTesterForm(
      { fullName: 'Claire', email: 'claire@x.fr', city: ' Lyon ', profession: 'coordinateur', teamSize: '3' },
      now,
    );
    expect(result).toEqual({
      ok: true,
      payload: {
        type: 'tester',
        fullName: 'Claire',
        email: 'claire@x.fr',
        city: 'Lyon',
        profession: 'coordinateur',
        teamSize: 3,
        created_at: now.toISOString(),
      },
    });
  });
});

describe('The payload of call 3, as the backend checks it', () => {
  it('maps a contact and a tester to rows of contact_requests', () => {
    const contact = parseSubmission({
      type: 'contact',
      fullName: 'Jean',
      email: 'j@x.fr',
      subject: 'support',
      message: '0123456789',
      created_at: '2026-03-12T10:30:00+01:00',
    });
    expect(contact.ok && submissionRow(contact.submission)).toEqual({
      type: 'contact',
      full_name: 'Jean',
      email: 'j@x.fr',
      company: null,
      phone: null,
      subject: 'support',
      message: '0123456789',
      city: null,
      profession: null,
      team_size: null,
      transcript: null,
      created_at: '2026-03-12T09:30:00.000Z',
    });
    const tester = parseSubmission({
      type: 'tester',
      fullName: 'Claire',
      email: 'c@x.fr',
      profession: 'autre',
      created_at: '2026-03-12T10:30:00Z',
    });
    expect(tester.ok && submissionRow(tester.submission)).toMatchObject({
      type: 'tester',
      profession: 'autre',
      team_size: 1,
      subject: null,
    });
  });

  it('names unknown fields and a wrong type in French', () => {
    expect(
      parseSubmission({
        type: 'contact',
        fullName: 'Jean',
        email: 'j@x.fr',
        subject: 'demo',
        message: '0123456789',
        created_at: now.toISOString(),
        admin: true,
      }),
    ).toEqual({ ok: false, fields: { '': 'Champ inconnu\u00A0: admin.' } });
    expect(parseSubmission({ type: 'devis' })).toEqual({
      ok: false,
      fields: { type: 'Type de demande inconnu (attendu\u00A0: contact, tester ou handoff).' },
    });
  });
});

describe('Rate limiter (token bucket per client)', () => {
  it('allows a burst of `limit`, then refills evenly over the window', () => {
    let time = 0;
    const limiter = new RateLimiter({ limit: 3, windowMs: 60_000, now: () => time });
    expect([1, 2, 3, 4].map(() => limiter.hit('a').allowed)).toEqual([true, true, true, false]);
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 20 });
    expect(limiter.hit('b').allowed).toBe(true);
    time = 20_000;
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('a').allowed).toBe(false);
    time = 200_000;
    limiter.sweep();
    expect(limiter.size).toBe(0);
  });

  it('keeps its memory bounded under a flood of addresses', () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: 1000, maxClients: 100 });
    for (let i = 0; i < 1000; i++) limiter.hit(`10.0.${i}`);
    expect(limiter.size).toBe(100);
  });

  it('reads CONTACT_RATE_LIMIT and says the delay in French', () => {
    expect(parseRateLimit('5/600')).toEqual({ limit: 5, windowMs: 600_000 });
    expect(parseRateLimit('cinq')).toBeUndefined();
    expect(parseRateLimit('0/10')).toBeUndefined();
    expect(retryDelayText(1)).toBe('1\u00A0seconde');
    expect(retryDelayText(45)).toBe('45\u00A0secondes');
    expect(retryDelayText(61)).toBe('2\u00A0minutes');
  });
});

describe('The mails of a request', () => {
  const identity = {
    productName: 'Dentivo',
    siteUrl: 'https://dentivo.example',
    teamAddress: 'equipe@dentivo.example',
    from: 'Dentivo <no-reply@dentivo.example>',
    supportResponse: '24 h',
  };
  const request: StoredRequest = {
    id: '7',
    type: 'contact',
    transcript: null,
    full_name: 'Jean\nBcc: victime@example.com',
    email: 'jean@cabinet.fr',
    company: null,
    phone: null,
    subject: 'demo',
    message: 'Achetez nos pilules',
    city: null,
    profession: null,
    team_size: null,
    created_at: '2026-03-12T09:30:00Z',
  };

  it('writes the team mail with Reply-To the visitor; no line break of theirs reaches a header', () => {
    const mail = teamMail(request, identity);
    expect(mail).toMatchObject({
      to: 'equipe@dentivo.example',
      replyTo: 'jean@cabinet.fr',
      subject: '[Dentivo] Contact : Demander une démonstration – Jean Bcc: victime@example.com',
    });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain('Envoyée le 12 mars 2026 à 10:30 (demande n° 7).');
  });

  it('acknowledges to the visitor without repeating what they wrote (no relay for spam)', () => {
    const mail = acknowledgementMail(request, identity);
    expect(mail.to).toBe('jean@cabinet.fr');
    expect(mail.text).not.toContain('pilules');
    expect(mail.text).not.toContain('Bcc');
    expect(mail.text).toContain('vous répondra sous 24 h');
  });
});

describe('The no-JavaScript pages (the built /contact, its form rendered again by its own view)', () => {
  const built = readFileSync(join(siteDir, 'contact', 'index.html'), 'utf8');
  const attributes = (html: string, id: string) =>
    /<[a-z]+ [^>]*>/.exec(html.slice(html.lastIndexOf('<', html.indexOf(`id="${id}"`))))![0];

  it('puts back what was typed, escaped, and the errors at their fields', async () => {
    const values = {
      fullName: '"><script>alert(1)</script> autofocus checked',
      subject: 'demo',
      message: 'Bonjour </textarea><b>x</b>',
      consent: true,
    };
    const html = await formPageWithErrors(built, 'contact', {
      values,
      errors: { fullName: 'Le nom et prénom sont requis' },
    });
    const name = attributes(html, 'contact-fullName');
    expect(name).toContain(' value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; autofocus checked"');
    expect(name).toContain(' aria-invalid="true"');
    expect(name).toContain(' aria-describedby="contact-fullName-error"');
    expect(name).toContain(' autofocus=""');
    expect(attributes(html, 'contact-email')).not.toContain('autofocus');
    expect(html).toContain('<p class="field__error" id="contact-fullName-error">Le nom et prénom sont requis</p>');
    expect(html).toMatch(/<option value="demo" selected="">/);
    expect(html).toMatch(
      /<textarea [^>]*id="contact-message"[^>]*>Bonjour &lt;\/textarea&gt;&lt;b&gt;x&lt;\/b&gt;<\/textarea>/,
    );
    expect(attributes(html, 'contact-consent')).toContain(' checked=""');
    expect(html).not.toContain('<script>alert');
    expect(html).toMatch(/<title>Erreur\u00A0: [^<]+<\/title>/);
    // Everything outside the island is the built page, untouched.
    expect(html.slice(0, html.indexOf('<div class="island" data-widget="contact-form"'))).toBe(
      built
        .slice(0, built.indexOf('<div class="island" data-widget="contact-form"'))
        .replace('<title>', '<title>Erreur\u00A0: '),
    );
    expect(html.slice(html.indexOf('</form></div>'))).toBe(built.slice(built.indexOf('</form></div>')));
    const props = /data-widget="contact-form" data-props="([^"]*)"/.exec(html)![1]!;
    expect(
      JSON.parse(
        props
          .replace(/&quot;/g, '"')
          .replace(/&lt;/g, '<')
          .replace(/&amp;/g, '&'),
      ),
    ).toEqual({
      initial: { values, errors: { fullName: 'Le nom et prénom sont requis' } },
    });
  });

  it('shows a form-level message (rate limit, service down) with the values kept', async () => {
    const html = await formPageWithErrors(built, 'contact', {
      values: { fullName: 'Jean' },
      errors: {},
      alert: 'Trop de demandes.',
    });
    expect(html).toMatch(/<p [^>]*id="contact-alert"[^>]*>Trop de demandes.<\/p>/);
    expect(attributes(html, 'contact-fullName')).toContain(' value="Jean"');
  });

  it('gives the island its state even when the build wrote no props, typeset as on the page', async () => {
    // docs/decisions/0053-form-messages-and-typed-text.md: the form wakes with what the server showed,
    // so React hydrates the page as it is instead of drawing it again over what the visitor is typing.
    const bare = built.replace(' data-props="{&quot;a&quot;:1}"', '');
    const html = await formPageWithErrors(bare, 'contact', {
      values: { fullName: 'J' },
      errors: { fullName: 'Trop court : 2 caractères au moins' },
      alert: 'Réessayez dans 2 minutes !',
    });
    expect(html).toContain(
      '<p class="field__error" id="contact-fullName-error">Trop court\u00A0: 2\u00A0caractères au moins</p>',
    );
    expect(html).toContain('<p class="form__alert" id="contact-alert">Réessayez dans 2\u00A0minutes\u202F!</p>');
    const tag = /<div class="island" data-widget="contact-form"[^>]*>/.exec(html)![0];
    // The moment the build gave the island (islands wake on need: docs/decisions/0040-islands-wake-on-need.md).
    expect(tag).toContain('data-hydrate="interaction"');
    const props = JSON.parse(
      /data-props="([^"]*)"/
        .exec(tag)![1]!
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&'),
    );
    expect(props).toEqual({
      initial: {
        values: { fullName: 'J' },
        errors: { fullName: 'Trop court\u00A0: 2\u00A0caractères au moins' },
        alert: 'Réessayez dans 2\u00A0minutes\u202F!',
      },
    });
  });

  it('wraps a confirmation in the shell, not indexed', () => {
    const html = confirmationPage(
      built,
      { title: 'Message envoyé\u202F!', text: 'Merci.', links: [{ href: '/', label: 'Accueil', primary: true }] },
      'Dentivo',
    );
    expect(html).toContain('<title>Message envoyé\u202F! | Dentivo</title>');
    expect(html).toContain('<h1 class="form-success__title" id="confirmation-titre">Message envoyé\u202F!</h1>');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('contact-form');
  });
});

describe('Mail configuration', () => {
  const site = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'content', 'site.json'), 'utf8'));
  const env = {
    SMTP_URL: 'smtps://utilisateur:motdepasse-secret@smtp.example.fr:465',
    CONTACT_TO: 'equipe@dentivo.example',
  };

  it('reads SMTP_URL and CONTACT_TO from the environment, the team address falling back to company.email', () => {
    const config = loadConfig(site, env);
    expect(mailSettingsFromEnv(env, config)).toMatchObject({
      smtpUrl: env.SMTP_URL,
      teamAddress: 'equipe@dentivo.example',
      from: 'Dentivo <no-reply@dentivo.example>',
    });
    expect(mailSettingsFromEnv({}, config).teamAddress).toBe(site.company.email);
  });

  it('never writes the SMTP secret into what the build publishes', () => {
    expect(JSON.stringify(toPublicConfig(loadConfig(site, env)))).not.toContain('motdepasse-secret');
  });

  it('stops with the variable’s name when a value is wrong', () => {
    expect(() =>
      mailSettingsFromEnv({ SMTP_URL: 'http://smtp.example.fr', CONTACT_TO: 'pas-une-adresse' }, loadConfig(site, {})),
    ).toThrow(/SMTP_URL[\s\S]*CONTACT_TO/);
  });
});
