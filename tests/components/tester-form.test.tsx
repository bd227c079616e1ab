/**
 * The tester form on its own (docs/requirements.md#tester-form, #tester-form-validation,
 * #error-catalogue; docs/decisions/0009-tester-form-really-sent.md): widgets/forms/TesterForm.tsx in jsdom, sending to the real embedded
 * server (tests/support/widget-backend.ts). Messages are written as the specification words them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import TesterForm from '../../widgets/forms/TesterForm.tsx';
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
      <TesterForm />
      <div className="toasts">
        <Toaster />
      </div>
    </>,
  );
  return user;
}

const submit = () => screen.getByRole('button', { name: 'Envoyer ma demande' });
const teamSize = () => field('Nombre de personnes dans l’équipe (facultatif)');

async function fillValid(user: UserEvent): Promise<void> {
  await user.type(field('Nom et prénom'), 'Karim Benali');
  await user.type(field('Adresse e\u2011mail'), 'karim.benali@centre-dentaire.fr');
  await user.type(field('Ville du cabinet (facultatif)'), 'Villeurbanne');
  await user.selectOptions(field('Profession'), 'coordinateur');
}

const rows = () =>
  server.store.db
    .query<Record<string, unknown>>('select * from contact_requests order by id')
    .then((result) => result.rows);

describe('Validation (docs/requirements.md#tester-form-validation), en français, au champ', () => {
  it('nom, adresse et profession requis, chacun avec son message ; la ville et l’équipe sont facultatives', async () => {
    const user = renderForm();
    await user.click(submit());
    await waitFor(() =>
      expect(describedBy(field('Nom et prénom'))).toBe('Le nom doit contenir au moins 2\u00A0caractères.'),
    );
    expect(describedBy(field('Adresse e\u2011mail'))).toBe('Veuillez entrer une adresse email valide.');
    expect(describedBy(field('Profession'))).toBe('Veuillez sélectionner votre profession.');
    expect(field('Ville du cabinet (facultatif)').getAttribute('aria-invalid')).toBeNull();
    // The team size keeps only its hint: it starts at 1.
    expect(teamSize().getAttribute('aria-invalid')).toBeNull();
    expect(describedBy(teamSize())).toBe('De 1 à 50\u00A0personnes, en vous comptant.');
    expect(document.activeElement).toBe(field('Nom et prénom'));
    expect(await rows()).toEqual([]);
  });

  it('une taille d’équipe hors de 1 à 50 est dite au champ, pas changée sans un mot', async () => {
    const user = renderForm();
    await fillValid(user);
    for (const typed of ['60', '0']) {
      await user.clear(teamSize());
      await user.type(teamSize(), typed);
      await user.click(submit());
      await waitFor(() =>
        expect(describedBy(teamSize())).toBe(
          'De 1 à 50\u00A0personnes, en vous comptant. Indiquez un nombre entier de personnes, de 1 à 50.',
        ),
      );
      expect(teamSize().getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(teamSize());
    }
    await user.clear(teamSize());
    await user.type(teamSize(), '12');
    expect(teamSize().getAttribute('aria-invalid')).toBeNull();
    expect(await rows()).toEqual([]);
  });

  it('un nom d’une lettre n’est pas un nom', async () => {
    const user = renderForm();
    await fillValid(user);
    await user.clear(field('Nom et prénom'));
    await user.type(field('Nom et prénom'), 'K');
    await user.click(submit());
    await waitFor(() =>
      expect(describedBy(field('Nom et prénom'))).toBe('Le nom doit contenir au moins 2\u00A0caractères.'),
    );
    expect(announcement()).toBe('Le formulaire contient une erreur\u00A0: corrigez le champ signalé.');
  });
});

describe('Envoi : vraiment envoyé, toast prévu, formulaire vidé', () => {
  it('« Envoi en cours… » pendant l’envoi, puis le toast de succès, le formulaire vidé et la demande enregistrée', async () => {
    const tracked = recordTracking();
    const user = renderForm();
    await fillValid(user);
    await user.clear(teamSize());
    await user.type(teamSize(), '6');
    server.door.hold();
    await user.click(submit());

    const sending = await screen.findByRole('button', { name: 'Envoi en cours…' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    expect(announcement()).toBe('Envoi de la demande en cours…');
    server.door.release();

    await waitFor(() =>
      expect(toastTexts()).toEqual([
        'Votre demande a été envoyée avec succès\u202F! Nous revenons vers vous par e\u2011mail pour organiser la suite.',
      ]),
    );
    expect(formValues()).toEqual({ fullName: '', email: '', city: '', profession: '', teamSize: '1' });
    expect(announcement()).toBe('Votre demande a été envoyée avec succès\u202F!');
    await waitFor(() => expect(document.activeElement).toBe(field('Nom et prénom')));
    expect(tracked).toContainEqual({ event: 'form_submission', params: { form_name: 'tester', form_success: true } });

    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      type: 'tester',
      full_name: 'Karim Benali',
      email: 'karim.benali@centre-dentaire.fr',
      city: 'Villeurbanne',
      profession: 'coordinateur',
      team_size: 6,
    });
  });

  it('une taille d’équipe effacée vaut 1', async () => {
    const user = renderForm();
    await fillValid(user);
    await user.clear(teamSize());
    await user.click(submit());
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect((await rows())[0]).toMatchObject({ team_size: 1 });
  });
});

describe('Échec (docs/requirements.md#error-catalogue) : rien de ce qui a été tapé n’est perdu', () => {
  it('le serveur refuse : toast « Une erreur est survenue », son message reste, tout reste rempli', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const strict = await server.another({ rateLimit: { limit: 1, windowMs: 600_000 } });
    server.door.target = strict.url;
    const tracked = recordTracking();
    const user = renderForm();
    await fillValid(user);
    await user.click(submit());
    await waitFor(() => expect(toastTexts()).toHaveLength(1));

    await fillValid(user);
    await user.click(submit());
    await waitFor(() => expect(toastTexts('alert')).toEqual(['Une erreur est survenue. Veuillez réessayer.']));
    expect(document.getElementById('tester-alert')?.textContent).toMatch(
      /^Trop de demandes envoyées depuis votre connexion\. Réessayez dans /,
    );
    expect(formValues()).toEqual({
      fullName: 'Karim Benali',
      email: 'karim.benali@centre-dentaire.fr',
      city: 'Villeurbanne',
      profession: 'coordinateur',
      teamSize: '1',
    });
    expect(tracked.at(-1)).toEqual({
      event: 'form_submission',
      params: { form_name: 'tester', form_success: false },
    });
    expect(await rows()).toHaveLength(1);
  });
});
