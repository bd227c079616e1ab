/**
 * The building blocks of both forms: a label, a control, its error at the field (linked by
 * aria-describedby). The error paragraph is always in the markup, hidden when empty, so the server's
 * no-JavaScript page and the hydrated widget show the same thing at the same place.
 */
import { createElement, type AllHTMLAttributes, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { HONEYPOT_FIELD } from '../../core/contact/fields.ts';
import { prefetchRules, type SubmissionForm } from './use-submission-form.ts';
import { texts } from './texts.ts';

interface ControlProps {
  id: string;
  name: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  autoFocus?: boolean;
}

interface FieldProps {
  control: ControlProps;
  label: string;
  optional?: boolean;
  error?: string;
  hint?: string;
  children: ReactNode;
}

export function Field({ control, label, optional, error, hint, children }: FieldProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={control.id}>
        {label}
        {optional ? <span className="field__optional">{texts.optional}</span> : null}
      </label>
      {hint ? (
        <p className="field__hint" id={`${control.id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      <FieldError id={`${control.id}-error`} error={error} />
    </div>
  );
}

interface FormFieldProps<Values extends object, Name extends Extract<keyof Values, string>> extends Omit<
  AllHTMLAttributes<HTMLElement>,
  'form' | 'name' | 'label' | 'value' | 'onChange' | 'required'
> {
  form: SubmissionForm<Values, Name>;
  /** A field whose value is text. */
  name: Name;
  label: string;
  /** Not required: said beside the label. */
  optional?: boolean;
  hint?: string;
  as?: 'input' | 'select' | 'textarea';
}

/** What an e-mail address field asks of the browser: its keyboard, autofill, no spelling check. */
export const EMAIL_INPUT = { type: 'email', autoComplete: 'email', inputMode: 'email', spellCheck: false } as const;

/** A text field of a form: its label, its control bound to the form's value, its hint and its error. */
export function FormField<Values extends object, Name extends Extract<keyof Values, string>>({
  form,
  name,
  label,
  optional,
  hint,
  as = 'input',
  className = 'field__control',
  children,
  ...attributes
}: FormFieldProps<Values, Name>) {
  const control = form.controlProps(name, hint ? `${form.idOf(name)}-hint` : undefined);
  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    form.update(name, event.target.value as Values[Name]);
  return (
    <Field control={control} label={label} optional={optional} hint={hint} error={form.errors[name]}>
      {createElement(
        as,
        { ...control, ...attributes, className, required: !optional, value: form.values[name] as string, onChange },
        children,
      )}
    </Field>
  );
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  return (
    <p className="field__error" id={id} hidden={!error}>
      {error ?? ''}
    </p>
  );
}

export function Options({ placeholder, labels }: { placeholder: string; labels: Record<string, string> }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {Object.entries(labels).map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </>
  );
}

/** The honeypot: not displayed (display: none), so neither people nor assistive technologies meet it. */
export function Honeypot({ idPrefix }: { idPrefix: string }) {
  return (
    <div className="form__trap">
      <label htmlFor={`${idPrefix}-${HONEYPOT_FIELD}`}>{texts.honeypot}</label>
      <input
        id={`${idPrefix}-${HONEYPOT_FIELD}`}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}

/** The visually hidden live region: sending, errors found, request sent. */
export function Announcer({ id, message }: { id: string; message: string }) {
  return (
    <p className="visually-hidden" id={id} role="status">
      {message}
    </p>
  );
}

/** A form-level message (the server's reason, rate limit…), kept on screen after the toast goes. */
export function FormAlert({ id, message }: { id: string; message: string }) {
  return (
    <p className="form__alert" id={id} hidden={!message}>
      {message}
    </p>
  );
}

interface FormFrameProps {
  idPrefix: string;
  /** Where the form posts without JavaScript. */
  action: string;
  label: string;
  form: { alert: string; announcement: string; status: string; submit: (event: FormEvent<HTMLFormElement>) => void };
  submitLabel: string;
  children: ReactNode;
}

/**
 * What both forms share around their fields: a real POST form (native validation off, the rules load on
 * first focus), the required-fields note, the form-level alert, the honeypot, the submit button that reads
 * 'Envoi en cours…' while sending, and the live region.
 */
export function FormFrame({ idPrefix, action, label, form, submitLabel, children }: FormFrameProps) {
  const sending = form.status === 'submitting';
  return (
    <form
      className="form-card form"
      method="post"
      action={action}
      noValidate
      aria-label={label}
      aria-describedby={`${idPrefix}-note`}
      onSubmit={form.submit}
      onFocus={prefetchRules}
    >
      <p className="form__note" id={`${idPrefix}-note`}>
        {texts.requiredNote}
      </p>
      <FormAlert id={`${idPrefix}-alert`} message={form.alert} />
      {children}
      <Honeypot idPrefix={idPrefix} />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? texts.sending : submitLabel}
        </button>
      </div>
      <Announcer id={`${idPrefix}-status`} message={form.announcement} />
    </form>
  );
}
