/**
 * The hand-off form, inside the drawer (docs/assistant.md#the-loop): the e-mail to answer (required),
 * a name and a phone (optional), the question (pre-filled, editable) and the privacy consent. Nothing
 * leaves before « Envoyer »; then a request of type « handoff » goes with the conversation through the
 * contact form's own function, under one idempotency key for this form (a retry is stored once). A
 * failure keeps everything typed and says what to do. Loaded when it first opens: its schema (zod) and
 * supabase-js stay out of the assistant's first answer.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { messages, confirmHandoff } from './conversation.ts';
import { closeHandoff } from './handoff.ts';
import { handoffTexts } from './handoff-texts.ts';
import { transcriptOf } from '../../core/assistant/chat.ts';
import {
  TRANSCRIPT_MAX_MESSAGES,
  type FieldErrors,
  type HandoffField,
  type HandoffFormValues,
} from '../../core/contact/fields.ts';
import { validateHandoffForm } from '../../core/contact/schema.ts';
import { newRequestKey, sendSubmission } from '../forms/submit.ts';
import { sitePage } from '../runtime/config.ts';

export default function HandoffForm({ question, onDone }: { question: string; onDone: () => void }) {
  const id = useId();
  const [values, setValues] = useState<HandoffFormValues>({
    email: '',
    fullName: '',
    phone: '',
    question,
    consent: false,
  });
  const [errors, setErrors] = useState<FieldErrors<HandoffField>>({});
  const [failure, setFailure] = useState('');
  const [sending, setSending] = useState(false);
  // One key for this form's request: a retry after a failure carries it again.
  const key = useRef(newRequestKey());
  const email = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => email.current?.focus(), []);

  const set = <Field extends HandoffField>(field: Field, value: HandoffFormValues[Field]) =>
    setValues((current) => ({ ...current, [field]: value }));

  const leave = () => {
    closeHandoff();
    onDone();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setFailure('');
    const result = validateHandoffForm(values, transcriptOf(messages.value ?? [], TRANSCRIPT_MAX_MESSAGES));
    if (!result.ok) {
      setErrors(result.errors);
      // The first field in error takes the focus, where its message is read.
      setTimeout(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    setSending(true);
    const outcome = await sendSubmission(result.payload, key.current);
    setSending(false);
    if (outcome.ok) {
      confirmHandoff(result.payload.email);
      leave();
      return;
    }
    if (outcome.fields) setErrors(outcome.fields as FieldErrors<HandoffField>);
    setFailure(outcome.message && outcome.status !== 500 ? outcome.message : handoffTexts.failed);
  };

  const field = (name: Exclude<HandoffField, 'consent' | 'question'>, label: string, input: object) => (
    <div className="assistant-handoff__field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        value={values[name]}
        onChange={(event) => set(name, event.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        {...input}
      />
      {errors[name] ? (
        <p id={`${id}-${name}-error`} className="assistant-handoff__error">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  return (
    <form
      ref={form}
      className="assistant-handoff"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-title`}
    >
      <h3 id={`${id}-title`} className="assistant-handoff__title">
        {handoffTexts.title}
      </h3>
      <p className="assistant-handoff__intro">{handoffTexts.intro}</p>
      {field('email', handoffTexts.email, {
        ref: email,
        type: 'email',
        autoComplete: 'email',
        inputMode: 'email',
        spellCheck: false,
        required: true,
      })}
      <div className="assistant-handoff__pair">
        {field('fullName', handoffTexts.name, { type: 'text', autoComplete: 'name' })}
        {field('phone', handoffTexts.phone, { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
      </div>
      <div className="assistant-handoff__field">
        <label htmlFor={`${id}-question`}>{handoffTexts.question}</label>
        <textarea
          id={`${id}-question`}
          name="question"
          rows={3}
          value={values.question}
          onChange={(event) => set('question', event.target.value)}
          aria-invalid={errors.question ? true : undefined}
          aria-describedby={errors.question ? `${id}-question-error` : undefined}
        />
        {errors.question ? (
          <p id={`${id}-question-error`} className="assistant-handoff__error">
            {errors.question}
          </p>
        ) : null}
      </div>
      <div className="assistant-handoff__consent">
        <input
          id={`${id}-consent`}
          type="checkbox"
          checked={values.consent}
          onChange={(event) => set('consent', event.target.checked)}
          aria-invalid={errors.consent ? true : undefined}
          aria-describedby={errors.consent ? `${id}-consent-error` : undefined}
        />
        <label htmlFor={`${id}-consent`}>
          {handoffTexts.consentStart}
          <a href={sitePage('/confidentialite')} target="_blank" rel="noopener">
            {handoffTexts.consentLink}
          </a>
          .
        </label>
        {errors.consent ? (
          <p id={`${id}-consent-error`} className="assistant-handoff__error">
            {errors.consent}
          </p>
        ) : null}
      </div>
      <p className="assistant-handoff__failure" role="alert">
        {failure}
      </p>
      <div className="assistant-handoff__actions">
        <button type="button" className="assistant-handoff__cancel" onClick={leave}>
          {handoffTexts.cancel}
        </button>
        <button type="submit" className="assistant-handoff__send" aria-disabled={sending || undefined}>
          {sending ? handoffTexts.sending : handoffTexts.send}
        </button>
      </div>
    </form>
  );
}
