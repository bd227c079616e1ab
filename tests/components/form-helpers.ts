/** What the component tests of the forms read, as a visitor or an assistive technology would. */
import { screen } from '@testing-library/react';
import { HONEYPOT_FIELD } from '../../core/contact/fields.ts';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The control a label names (its full text: « Téléphone (facultatif) »). */
export const field = (label: string) => screen.getByLabelText(label) as Control;

/** The control's accessible description: the texts its aria-describedby names (a hint, an error). */
export function describedBy(control: Element): string {
  const ids = control.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids
    .map((id) => document.getElementById(id))
    .filter((element) => element && !element.hidden)
    .map((element) => element!.textContent)
    .join(' ');
}

/** Every value of the page's form, by field name, as the visitor left it (the honeypot aside). */
export function formValues(): Record<string, string | boolean> {
  const form = document.querySelector('form');
  if (!form) throw new Error('Aucun formulaire dans la page.');
  const values: Record<string, string | boolean> = {};
  for (const control of form.querySelectorAll<Control>('input[name], select[name], textarea[name]')) {
    if (control.name === HONEYPOT_FIELD) continue;
    values[control.name] =
      control instanceof HTMLInputElement && control.type === 'checkbox' ? control.checked : control.value;
  }
  return values;
}

/** What the form's own live region says (sending, errors found, sent). */
export function announcement(): string {
  return document.querySelector('form [role="status"]')?.textContent ?? '';
}

/** The toasts on screen, title and text: `status` ones (a success) or `alert` ones (a failure). */
export function toastTexts(role: 'status' | 'alert' = 'status'): string[] {
  return [...document.querySelectorAll(`.toast-list [role="${role}"]`)].map((toast) =>
    [...toast.querySelectorAll('p')].map((line) => line.textContent).join(' '),
  );
}
