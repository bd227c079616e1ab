/**
 * The reasons a save was refused, kept on screen until the editor closes them: Decap's own notice fades
 * after a few seconds, and these are the build's messages, with the file, the section and the field.
 */
const id = 'cms-problems';

export function showProblems(text: string): void {
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
    zIndex: '400',
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
  const title = document.createElement('h2');
  title.id = `${id}-title`;
  title.textContent = 'Enregistrement refusé : le site ne pourrait pas être construit';
  Object.assign(title.style, { font: '600 16px/1.4 system-ui, sans-serif', margin: '0 0 .5rem' });
  const body = document.createElement('pre');
  body.textContent = `${text}\n\nCorrigez ces champs puis enregistrez de nouveau : rien n’a été perdu.`;
  Object.assign(body.style, { whiteSpace: 'pre-wrap', margin: '0', font: 'inherit' });
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Fermer';
  Object.assign(close.style, { marginTop: '.75rem', padding: '.4rem 1rem', cursor: 'pointer' });
  close.addEventListener('click', () => panel.remove());
  panel.append(title, body, close);
  document.body.append(panel);
}
