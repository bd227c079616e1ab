/**
 * Messages that stay on screen until the editor closes them: why a save or an image was refused, with
 * what to do. Decap's own notice fades after a few seconds and has room for one line.
 * Texts are set with the site's French typography (no-break spaces before « : », inside « »).
 */
import { frenchTypography } from '../core/common/typography.ts';

const id = 'cms-problems';

/** Shows `text` under `title`, then `advice`; an empty `text` only removes the message on screen. */
export function showMessage(title: string, text: string, advice: string): void {
  document.getElementById(id)?.remove();
  if (!text) return;
  const panel = document.createElement('section');
  panel.id = id;
  panel.setAttribute('role', 'alert');
  panel.setAttribute('aria-labelledby', `${id}-title`);
  Object.assign(panel.style, {
    position: 'fixed',
    insetInline: '1rem',
    bottom: '1rem',
    // Above Decap's media library, which opens over everything.
    zIndex: '2147483000',
    maxWidth: '48rem',
    margin: '0 auto',
    maxHeight: '40vh',
    overflow: 'auto',
    padding: '1rem 1.25rem',
    background: '#fff5f5',
    color: '#7a1c1c',
    border: '2px solid #c53030',
    borderRadius: '8px',
    boxShadow: '0 8px 24px rgba(0,0,0,.18)',
    font: '15px/1.5 system-ui, sans-serif',
  });
  const heading = document.createElement('h2');
  heading.id = `${id}-title`;
  heading.textContent = frenchTypography(title);
  Object.assign(heading.style, { font: '600 16px/1.4 system-ui, sans-serif', margin: '0 0 .5rem' });
  const body = document.createElement('ul');
  Object.assign(body.style, { margin: '0', paddingInlineStart: '1.25rem' });
  for (const line of text.split('\n').filter(Boolean)) {
    const item = document.createElement('li');
    item.textContent = frenchTypography(line);
    body.append(item);
  }
  const after = document.createElement('p');
  after.textContent = frenchTypography(advice);
  Object.assign(after.style, { margin: '.5rem 0 0' });
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Fermer';
  Object.assign(close.style, { marginTop: '.75rem', padding: '.4rem 1rem', cursor: 'pointer' });
  close.addEventListener('click', () => panel.remove());
  panel.append(heading, body, after, close);
  document.body.append(panel);
}

/** Why a save was refused (cms/save.ts): one line per field at fault. */
export function showProblems(text: string): void {
  showMessage(
    'Enregistrement refusé',
    text,
    'Corrigez ces champs puis cliquez de nouveau sur « Publier » : rien n’a été perdu.',
  );
}

/**
 * Asks before a save that looks like a slip (a date a year away or more): a modal dialog, in French, that
 * says what it saw and lets the editor save anyway or go back to the form. Resolves to the choice.
 */
export function confirmSave(title: string, text: string, confirm: string, cancel: string): Promise<boolean> {
  const dialog = document.createElement('dialog');
  dialog.setAttribute('aria-labelledby', 'cms-confirm-title');
  Object.assign(dialog.style, {
    maxWidth: '34rem',
    padding: '1.25rem 1.5rem',
    border: '2px solid #9a3412',
    borderRadius: '8px',
    font: '16px/1.5 system-ui, sans-serif',
    color: '#2b1406',
  });
  const heading = document.createElement('h2');
  heading.id = 'cms-confirm-title';
  heading.textContent = frenchTypography(title);
  Object.assign(heading.style, { font: '600 18px/1.4 system-ui, sans-serif', margin: '0 0 .5rem' });
  const body = document.createElement('p');
  body.textContent = frenchTypography(text);
  const buttons = document.createElement('div');
  Object.assign(buttons.style, { display: 'flex', flexWrap: 'wrap', gap: '.75rem', marginTop: '1rem' });
  const button = (label: string, value: string) => {
    const element = document.createElement('button');
    element.type = 'button';
    element.textContent = frenchTypography(label);
    element.value = value;
    Object.assign(element.style, { padding: '.5rem 1rem', cursor: 'pointer', font: 'inherit' });
    element.addEventListener('click', () => dialog.close(value));
    return element;
  };
  // The safe choice first, and focused: Enter does not save a slip.
  buttons.append(button(cancel, 'cancel'), button(confirm, 'confirm'));
  dialog.append(heading, body, buttons);
  document.body.append(dialog);
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      resolve(dialog.returnValue === 'confirm');
      dialog.remove();
    });
    dialog.showModal();
  });
}
