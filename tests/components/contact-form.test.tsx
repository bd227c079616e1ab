/**
 * The contact form on its own (docs/requirements.md#contact-form, #contact-form-validation,
 * #contact-states, #error-catalogue): the React
 * view of widgets/forms/ContactForm.tsx in jsdom, sending through supabase-js to the real embedded server
 * (tests/support/widget-backend.ts), whose rows are read back. Messages are written here as the
 * specification words them, not imported, so that a changed message fails.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import ContactForm from '../../widgets/forms/ContactForm.tsx';
import Toaster from '../../widgets/runtime/Toaster.tsx';
import { toasts } from '../../widgets/runtime/toasts.ts';
import { recordTracking, writePageConfig } from '../support/widget-page.ts';
import { startWidgetBackend, type WidgetBackend } from '../support/widget-backend.ts';
import { announcement, describedBy, field, formValues, toastTexts } from './form-helpers.ts';

let server: WidgetBackend;
beforeAll(async () => {
  server = await startWidgetBackend();
});
afterAll(() => server.close());
beforeEach(async () => {
  await server.reset();
  writePageConfig({ supabaseUrl: server.door.url });
  toasts.value = [];
});

function renderForm(): UserEvent {
  const user = userEvent.setup();
  render(
    <>
      <ContactForm />
      <div className="toasts">
        <Toaster />
      </div>
    </>,
  );
  return user;
}

const submit = () => screen.getByRole('button', { name: 'Envoyer le message' });

async function fillValid(user: UserEvent, email = 'claire.vasseur@cabinet-lilas.fr'): Promise<void> {
  await user.type(field('Nom et prénom'), 'Claire Vasseur');
  await user.type(field('Adresse e\u2011mail'), email);
  await user.selectOptions(field('Sujet de votre demande'), 'demo');
  await user.type(field('Votre message'), 'Bonjour, nous voudrions une démonstration pour nos deux fauteuils.');
  await user.click(screen.getByRole('checkbox', { name: /J’accepte que Dentivo utilise ces informations/ }));
}

const rows = () =>
  server.store.db
    .query<Record<string, unknown>>('select * from contact_requests order by id')
    .then((result) => result.rows);

describe('Validation (docs/requirements.md#contact-form-validation), en français, au champ', () => {
  it('un envoi vide montre le message de chaque champ requis, lié au champ, et met le focus sur le premier', async () => {
    const user = renderForm();
    await user.click(submit());
    const messages = {
      'Nom et prénom': 'Le nom et prénom sont requis',
      'Adresse e\u2011mail': 'Adresse email invalide',
      'Sujet de votre demande': 'Veuillez sélectionner un sujet',
      'Votre message': 'Votre message doit contenir au moins 10\u00A0caractères',
    };
    for (const [label, message] of Object.entries(messages)) {
      await waitFor(() => expect(describedBy(field(label))).toBe(message));
      expect(field(label).getAttribute('aria-invalid')).toBe('true');
    }
    const consent = screen.getByRole('checkbox', { name: /J’accepte/ });
    expect(describedBy(consent)).toBe('Vous devez accepter la politique de confidentialité');
    // Optional fields are not in error.
    expect(field('Cabinet ou structure (facultatif)').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(field('Nom et prénom'));
    expect(announcement()).toBe('Le formulaire contient 5\u00A0erreurs\u00A0: corrigez les champs signalés.');
    expect(await rows()).toEqual([]);
  });

  it('une adresse mal écrite ou un message trop court : leur seul message, le reste accepté', async () => {
    const user = renderForm();
    await fillValid(user, 'claire.vasseur@');
    await user.clear(field('Votre message'));
    await user.type(field('Votre message'), 'Trop court');
    await user.click(submit());
    await waitFor(() => expect(describedBy(field('Adresse e\u2011mail'))).toBe('Adresse email invalide'));
    expect(field('Votre message').getAttribute('aria-invalid')).toBeNull();
    expect(field('Nom et prénom').getAttribute('aria-invalid')).toBeNull();
    expect(announcement()).toBe('Le formulaire contient une erreur\u00A0: corrigez le champ signalé.');
  });

  it('un téléphone, quand il est donné, doit en être un (français ou international)', async () => {
    const user = renderForm();
    await fillValid(user);
    await user.type(field('Téléphone (facultatif)'), '12');
    await user.click(submit());
    await waitFor(() =>
      expect(describedBy(field('Téléphone (facultatif)'))).toBe(
        'Veuillez entrer un numéro de téléphone valide, par exemple 01\u00A023\u00A045\u00A067\u00A089 ou +33\u00A01\u00A023\u00A045\u00A067\u00A089.',
      ),
    );
    await user.clear(field('Téléphone (facultatif)'));
    await user.type(field('Téléphone (facultatif)'), '+33 6 12 34 56 78');
    expect(field('Téléphone (facultatif)').getAttribute('aria-invalid')).toBeNull();
    await user.click(submit());
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect((await rows())[0]).toMatchObject({ phone: '+33 6 12 34 56 78' });
  });

  it('un champ signalé est vérifié de nouveau pendant que le visiteur le corrige', async () => {
    const user = renderForm();
    await user.click(submit());
    await waitFor(() => expect(describedBy(field('Nom et prénom'))).toBe('Le nom et prénom sont requis'));
    await user.type(field('Nom et prénom'), 'C');
    expect(describedBy(field('Nom et prénom'))).toBe('Le nom et prénom sont requis');
    await user.type(field('Nom et prénom'), 'l');
    expect(describedBy(field('Nom et prénom'))).toBe('');
    expect(field('Nom et prénom').getAttribute('aria-invalid')).toBeNull();
  });
});

describe('Envoi (docs/requirements.md#contact-states) : états, remerciement, toast', () => {
  it('pendant l’envoi le bouton est désactivé et dit « Envoi en cours… » ; puis remerciement, toast et demande enregistrée', async () => {
    const tracked = recordTracking();
    const user = renderForm();
    await fillValid(user);
    server.door.hold();
    await user.click(submit());

    const sending = await screen.findByRole('button', { name: 'Envoi en cours…' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    expect(announcement()).toBe('Envoi du message en cours…');
    await waitFor(() => expect(server.door.waiting).toBe(1));
    server.door.release();

    const thanks = await screen.findByRole('heading', { name: 'Merci pour votre message\u202F!' });
    await waitFor(() => expect(document.activeElement).toBe(thanks));
    expect(toastTexts()).toEqual([
      'Message envoyé\u202F! Nous avons bien reçu votre demande. Notre équipe vous contactera rapidement.',
    ]);
    expect(tracked).toContainEqual({ event: 'form_submission', params: { form_name: 'contact', form_success: true } });

    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      type: 'contact',
      full_name: 'Claire Vasseur',
      email: 'claire.vasseur@cabinet-lilas.fr',
      subject: 'demo',
      message: 'Bonjour, nous voudrions une démonstration pour nos deux fauteuils.',
      // Empty optional values are left out of the payload (docs/requirements.md#contact-form-validation).
      company: null,
      phone: null,
    });

    await user.click(screen.getByRole('button', { name: 'Envoyer un nouveau message' }));
    expect(formValues()).toEqual({
      fullName: '',
      company: '',
      email: '',
      phone: '',
      subject: '',
      message: '',
      consent: false,
    });
    await waitFor(() => expect(document.activeElement).toBe(field('Nom et prénom')));
  });

  it('un deuxième envoi pendant le premier ne fait pas une deuxième demande', async () => {
    const user = renderForm();
    await fillValid(user);
    server.door.hold();
    await user.click(submit());
    await screen.findByRole('button', { name: 'Envoi en cours…' });
    // The button is disabled, but a submit can still reach the form (a script, a fast double tap).
    fireEvent.submit(screen.getByRole('form', { name: 'Formulaire de contact' }));
    server.door.release();
    await screen.findByRole('heading', { name: 'Merci pour votre message\u202F!' });
    expect(server.door.requests).toEqual(['POST /functions/v1/send-contact-email']);
    expect(await rows()).toHaveLength(1);
  });
});

describe('Échec (docs/requirements.md#error-catalogue) : rien de ce qui a été tapé n’est perdu', () => {
  const typed = {
    fullName: 'Claire Vasseur',
    company: '',
    email: 'claire.vasseur@cabinet-lilas.fr',
    phone: '',
    subject: 'demo',
    message: 'Bonjour, nous voudrions une démonstration pour nos deux fauteuils.',
    consent: true,
  };

  it('le serveur refuse (trop de demandes) : son message reste sous le formulaire, toast « Erreur », tout reste rempli, un nouvel essai passe', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const strict = await server.another({ rateLimit: { limit: 1, windowMs: 600_000 } });
    server.door.target = strict.url;
    const tracked = recordTracking();
    const user = renderForm();
    // A first request uses the connection's only one.
    await fillValid(user);
    await user.click(submit());
    await user.click(await screen.findByRole('button', { name: 'Envoyer un nouveau message' }));

    await fillValid(user);
    await user.click(submit());
    const alert = await screen.findByText(/^Trop de demandes envoyées depuis votre connexion\. Réessayez dans /);
    expect(alert.className).toBe('form__alert');
    expect(toastTexts('alert')).toEqual(['Erreur Impossible d’envoyer votre message. Veuillez réessayer.']);
    expect(formValues()).toEqual(typed);
    expect(screen.getByRole('button', { name: 'Envoyer le message' })).toBeTruthy();
    expect(tracked.at(-1)).toEqual({
      event: 'form_submission',
      params: { form_name: 'contact', form_success: false },
    });
    expect(await rows()).toHaveLength(1);
    // Logged only, in the words of docs/requirements.md#error-catalogue.
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: "Erreur lors de l'envoi du message" }));

    // Later, where the limit allows it: the same values go, once.
    server.door.target = server.backend.url;
    await user.click(submit());
    await screen.findByRole('heading', { name: 'Merci pour votre message\u202F!' });
    expect(await rows()).toHaveLength(2);
  });

  it('la connexion est coupée : le message d’échec prévu, tout reste rempli', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = renderForm();
    await fillValid(user);
    server.door.refuse(true);
    await user.click(submit());
    await waitFor(() =>
      expect(toastTexts('alert')).toEqual(['Erreur Impossible d’envoyer votre message. Veuillez réessayer.']),
    );
    const alert = document.getElementById('contact-alert')!;
    expect(alert.textContent).toBe('Impossible d’envoyer votre message. Veuillez réessayer.');
    expect(alert.hidden).toBe(false);
    expect(formValues()).toEqual(typed);
    expect(await rows()).toEqual([]);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: "Erreur lors de l'envoi du message" }));
  });
});

describe('Avant l’hydratation (docs/architecture.md#islands)', () => {
  it('ce que le visiteur a tapé dans le formulaire de la page avant le réveil de l’îlot est gardé', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<ContactForm />);
    document.body.append(container);
    (container.querySelector('#contact-fullName') as HTMLInputElement).value = 'Claire Vasseur';
    (container.querySelector('#contact-message') as HTMLTextAreaElement).value = 'Tapé avant le réveil de l’îlot.';
    (container.querySelector('#contact-consent') as HTMLInputElement).checked = true;
    render(<ContactForm />, { container, hydrate: true });
    expect(formValues()).toMatchObject({
      fullName: 'Claire Vasseur',
      message: 'Tapé avant le réveil de l’îlot.',
      consent: true,
    });
    // And it is what gets validated: only the missing fields are flagged.
    await userEvent.setup().click(submit());
    await waitFor(() => expect(describedBy(field('Adresse e\u2011mail'))).toBe('Adresse email invalide'));
    expect(field('Nom et prénom').getAttribute('aria-invalid')).toBeNull();
    expect(field('Votre message').getAttribute('aria-invalid')).toBeNull();
  });
});
