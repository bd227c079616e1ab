/**
 * The contact form of /contact (docs/requirements.md#forms). Rendered at build as a real
 * <form method="post" action="/contact"> that works without JavaScript; hydrated, it validates at
 * the field with the messages of docs/requirements.md#contact-form-validation, sends through supabase.functions.invoke, and shows the
 * thank-you panel or keeps everything typed on failure.
 */
import { useEffect, useRef } from 'react';
import {
  CONTACT_FIELDS,
  emptyContactForm,
  RESULT_TEXTS,
  type ContactField,
  type ContactFormValues,
} from '../../core/contact/fields.ts';
import { showToast } from '../runtime/toasts.ts';
import { getConfig, sitePage } from '../runtime/config.ts';
import { EMAIL_INPUT, FormField, FormFrame, Options } from './fields.tsx';
import { useSubmissionForm, type InitialFormState } from './use-submission-form.ts';
import { SUBJECT_LABELS, texts } from './texts.ts';

export interface ContactFormProps {
  /** Where the form posts without JavaScript (the embedded server answers it). */
  action?: string;
  initial?: InitialFormState<ContactFormValues, ContactField>;
}

const ID = 'contact';

export default function ContactForm({ action = '/contact', initial }: ContactFormProps) {
  const form = useSubmissionForm<ContactFormValues, ContactField>({
    formName: 'contact',
    idPrefix: ID,
    fields: CONTACT_FIELDS,
    empty: emptyContactForm,
    initial,
    validate: (rules, values) => rules.validateContactForm(values),
    sendingAnnouncement: texts.sendingAnnouncement,
    onSent: () => showToast({ title: RESULT_TEXTS.contactSuccessTitle, description: RESULT_TEXTS.contactSuccessText }),
    onFailed: (message) => {
      showToast({
        title: RESULT_TEXTS.contactFailureTitle,
        description: RESULT_TEXTS.contactFailureText,
        variant: 'destructive',
      });
      return message ?? RESULT_TEXTS.contactFailureText;
    },
  });
  const thanks = useRef<HTMLHeadingElement>(null);
  const { values, errors, status, update, controlProps } = form;

  useEffect(() => {
    if (status === 'sent') thanks.current?.focus();
  }, [status]);

  if (status === 'sent')
    return (
      <div className="form-card form-success" id={`${ID}-merci`}>
        <h3 className="form-success__title" ref={thanks} tabIndex={-1}>
          {RESULT_TEXTS.contactThanksTitle}
        </h3>
        <p>{RESULT_TEXTS.contactSuccessText}</p>
        <button type="button" className="button button--secondary" onClick={form.restart}>
          {RESULT_TEXTS.newMessage}
        </button>
      </div>
    );

  return (
    <FormFrame
      idPrefix={ID}
      action={sitePage(action)}
      label={texts.contact.label}
      form={form}
      submitLabel={texts.contact.submit}
    >
      <div className="form__grid">
        <FormField form={form} name="fullName" label={texts.contact.fullName} type="text" autoComplete="name" />
        <FormField
          form={form}
          name="company"
          label={texts.contact.company}
          optional
          type="text"
          autoComplete="organization"
        />
        <FormField form={form} name="email" label={texts.contact.email} {...EMAIL_INPUT} />
        <FormField form={form} name="phone" label={texts.contact.phone} optional type="tel" autoComplete="tel" />
      </div>
      <FormField form={form} name="subject" label={texts.contact.subject} as="select">
        <Options placeholder={texts.contact.subjectPlaceholder} labels={SUBJECT_LABELS} />
      </FormField>
      <FormField form={form} name="message" label={texts.contact.message} as="textarea" rows={6} />
      <div className="field field--check">
        <div className="field__check">
          <input
            {...controlProps('consent')}
            type="checkbox"
            value="on"
            required
            checked={values.consent}
            onChange={(event) => update('consent', event.target.checked)}
          />
          <label htmlFor={`${ID}-consent`}>{texts.contact.consent(getConfig().productName)}</label>
        </div>
        <p className="field__error" id={`${ID}-consent-error`} hidden={!errors.consent}>
          {errors.consent ?? ''}
        </p>
        <p className="field__hint">
          <a href={sitePage('/confidentialite')} target="_blank" rel="noopener">
            {texts.contact.privacy}
          </a>
        </p>
      </div>
    </FormFrame>
  );
}
