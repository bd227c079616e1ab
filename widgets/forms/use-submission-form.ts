/**
 * The state of a request form (docs/requirements.md#contact-states): values, errors at
 * the field, sending, sent. Validation and sending live in submit.ts, loaded on the first focus or at
 * the first submit, so the page's first script holds only the view.
 */
import type * as SubmitRules from './submit.ts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { HONEYPOT_FIELD, RESULT_TEXTS, type FieldErrors } from '../../core/contact/fields.ts';
import type { FormResult, Submission } from '../../core/contact/schema.ts';
import { track } from '../runtime/track.ts';
import { onOwnSite } from '../runtime/config.ts';

type Rules = typeof SubmitRules;

let rules: Rules | undefined;
let loading: Promise<Rules> | undefined;

function loadRules(): Promise<Rules> {
  loading ??= import('./submit.ts').then((module) => (rules = module));
  loading.catch(() => (loading = undefined));
  return loading;
}

/** Starts loading the schemas and the client as soon as the visitor shows interest in the form. */
export function prefetchRules(): void {
  loadRules().then(
    (module) => module.warmUp(),
    () => undefined,
  );
}

/** A state given by the server when it re-renders a form posted without JavaScript. */
export interface InitialFormState<Values, Field extends string> {
  values?: Partial<Values>;
  errors?: FieldErrors<Field>;
  alert?: string;
}

export type FormStatus = 'idle' | 'submitting' | 'sent';

interface Options<Values, Field extends string> {
  formName: 'contact' | 'tester';
  idPrefix: string;
  fields: readonly Field[];
  empty: () => Values;
  initial?: InitialFormState<Values, Field>;
  validate: (rules: Rules, values: Values) => FormResult<Field, Submission>;
  sendingAnnouncement: string;
  /** The result side of docs/requirements.md#contact-states: toasts, thank-you panel. */
  onSent: () => void;
  onFailed: (message: string | undefined) => string;
}

/**
 * What the visitor already typed into the build-time form before it was hydrated (the island waits for
 * the first interaction): read once from the page, so hydration keeps every character.
 */
function typedBeforeHydration<Field extends string>(
  idPrefix: string,
  fields: readonly Field[],
): Partial<Record<Field, string | boolean>> {
  if (typeof document === 'undefined') return {};
  const typed: Partial<Record<Field, string | boolean>> = {};
  for (const field of fields) {
    const control = document.getElementById(`${idPrefix}-${field}`) as
      HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null;
    if (!control || !('value' in control)) continue;
    typed[field] = control instanceof HTMLInputElement && control.type === 'checkbox' ? control.checked : control.value;
  }
  return typed;
}

/** A form's state and actions, as its fields read them (fields.tsx). */
export type SubmissionForm<Values extends object, Field extends Extract<keyof Values, string>> = ReturnType<
  typeof useSubmissionForm<Values, Field>
>;

export function useSubmissionForm<Values extends object, Field extends Extract<keyof Values, string>>(
  options: Options<Values, Field>,
) {
  const { formName, idPrefix, fields, empty, initial, validate } = options;
  const [values, setValues] = useState<Values>(() => ({
    ...empty(),
    ...initial?.values,
    ...typedBeforeHydration(idPrefix, fields),
  }));
  // The latest values, ahead of the next render: hydration replays the changes made while it ran (one
  // per field typed meanwhile), all against the same render; each must build on the one before.
  const latest = useRef(values);
  const [errors, setErrors] = useState<FieldErrors<Field>>(initial?.errors ?? {});
  const [alert, setAlert] = useState(initial?.alert ?? '');
  const [status, setStatus] = useState<FormStatus>('idle');
  const [announcement, setAnnouncement] = useState('');
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(null);
  const requestKey = useRef<string | null>(null);
  const initialFocus = useRef(fields.find((field) => initial?.errors?.[field]));

  useEffect(() => {
    if (focusRequest) document.getElementById(focusRequest.id)?.focus();
  }, [focusRequest]);

  // Hydrated by a first focus: the schemas and the client start loading now, before the click.
  useEffect(() => {
    if (document.activeElement?.id.startsWith(`${idPrefix}-`)) prefetchRules();
  }, [idPrefix]);

  // The tab's title says « Erreur » while the form shows one, as the server's page does (server/form-page.ts),
  // and no longer once corrected or sent. A host page's title is its own.
  const failing = Boolean(alert) || fields.some((field) => errors[field]);
  useEffect(() => {
    if (!onOwnSite()) return;
    const prefix = RESULT_TEXTS.errorTitle('');
    const title = document.title.startsWith(prefix) ? document.title.slice(prefix.length) : document.title;
    document.title = failing ? RESULT_TEXTS.errorTitle(title) : title;
  }, [failing]);

  const idOf = (field: Field) => `${idPrefix}-${field}`;
  const focus = (id: string) => setFocusRequest({ id });

  /** Checks again, against the latest values, those of `changed` that show an error (loading the rules if need be). */
  function recheck(changed: readonly Field[]): void {
    const check = (loaded: Rules) => {
      const result = validate(loaded, latest.current);
      setErrors((previous) => {
        const next = { ...previous };
        for (const field of changed) if (previous[field]) next[field] = result.ok ? undefined : result.errors[field];
        return next;
      });
    };
    if (rules) check(rules);
    else loadRules().then(check, () => undefined);
  }

  // The server's errors stay until their field is corrected (docs/decisions/0010-forms-without-javascript.md):
  // a field corrected before the form woke is checked at once.
  useEffect(() => {
    const before = { ...empty(), ...initial?.values };
    const corrected = fields.filter((field) => initial?.errors?.[field] && latest.current[field] !== before[field]);
    if (corrected.length) recheck(corrected);
    // Once, when the form wakes.
  }, []);

  function update<Key extends Field>(field: Key, value: Values[Key]): void {
    const next = { ...latest.current, [field]: value };
    latest.current = next;
    setValues(next);
    requestKey.current = null;
    // Once a field shows an error, it is checked again as the visitor corrects it.
    if (errors[field]) recheck([field]);
  }

  function showErrors(found: FieldErrors<Field>): boolean {
    const first = fields.find((field) => found[field]);
    if (!first) return false;
    setErrors(found);
    setAnnouncement(RESULT_TEXTS.fixErrors(fields.filter((field) => found[field]).length));
    focus(idOf(first));
    return true;
  }

  function fail(message?: string, fieldErrors?: Record<string, string>): void {
    setStatus('idle');
    setAnnouncement('');
    const known = Object.fromEntries(
      fields.filter((field) => fieldErrors?.[field]).map((field) => [field, fieldErrors![field]]),
    ) as FieldErrors<Field>;
    showErrors(known);
    setAlert(options.onFailed(message));
  }

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (status === 'submitting') return;
    const trap = new FormData(event.currentTarget).get(HONEYPOT_FIELD);
    let loaded: Rules;
    try {
      loaded = await loadRules();
    } catch (error) {
      console.error(new Error("Erreur lors de l'envoi du message", { cause: error }));
      track('form_submission', { form_name: formName, form_success: false });
      return fail();
    }
    const result = validate(loaded, latest.current);
    if (!result.ok) {
      setAlert('');
      showErrors(result.errors);
      return;
    }
    setErrors({});
    setAlert('');
    setStatus('submitting');
    setAnnouncement(options.sendingAnnouncement);
    requestKey.current ??= loaded.newRequestKey();
    const payload =
      typeof trap === 'string' && trap !== '' ? { ...result.payload, [HONEYPOT_FIELD]: trap } : result.payload;
    const outcome = await loaded.sendSubmission(payload, requestKey.current);
    track('form_submission', { form_name: formName, form_success: outcome.ok });
    if (!outcome.ok) return fail(outcome.message, outcome.fields);
    requestKey.current = null;
    setValues((latest.current = empty()));
    setStatus(formName === 'contact' ? 'sent' : 'idle');
    setAnnouncement('');
    options.onSent();
  }

  /** Back to an empty form after the thank-you panel ('Envoyer un nouveau message'). */
  function restart(): void {
    setValues((latest.current = empty()));
    setErrors({});
    setStatus('idle');
    focus(idOf(fields[0]!));
  }

  /** The attributes every control shares: id, name, and the link to its error. */
  function controlProps(field: Field, hintId?: string) {
    const error = errors[field];
    const describedBy = [hintId, error ? `${idOf(field)}-error` : undefined].filter(Boolean).join(' ');
    return {
      id: idOf(field),
      name: field,
      'aria-invalid': error ? (true as const) : undefined,
      'aria-describedby': describedBy || undefined,
      autoFocus: initialFocus.current === field ? true : undefined,
    };
  }

  return {
    values,
    errors,
    alert,
    status,
    announcement,
    update,
    submit,
    restart,
    controlProps,
    idOf,
    setAnnouncement,
    focus,
  };
}
