/**
 * The tester request form of /tester (docs/requirements.md#forms). Really sent, to the same
 * function as the contact form with type 'tester' (docs/decisions/0009-tester-form-really-sent.md); the toasts of docs/requirements.md#error-catalogue stay and the
 * form resets after success. Works without JavaScript as a plain POST to /tester.
 */
import {
  emptyTesterForm,
  RESULT_TEXTS,
  TESTER_FIELDS,
  TEAM_SIZE_MAX,
  TEAM_SIZE_MIN,
  type TesterField,
  type TesterFormValues,
} from '../../core/contact/fields.ts';
import { showToast } from '../runtime/toasts.ts';
import { sitePage } from '../runtime/config.ts';
import { EMAIL_INPUT, FormField, FormFrame, Options } from './fields.tsx';
import { useSubmissionForm, type InitialFormState } from './use-submission-form.ts';
import { PROFESSION_LABELS, texts } from './texts.ts';

export interface TesterFormProps {
  action?: string;
  initial?: InitialFormState<TesterFormValues, TesterField>;
}

const ID = 'tester';

export default function TesterForm({ action = '/tester', initial }: TesterFormProps) {
  const form = useSubmissionForm<TesterFormValues, TesterField>({
    formName: 'tester',
    idPrefix: ID,
    fields: TESTER_FIELDS,
    empty: emptyTesterForm,
    initial,
    validate: (rules, values) => rules.validateTesterForm(values),
    sendingAnnouncement: texts.sendingTesterAnnouncement,
    onSent: () => {
      showToast({ title: RESULT_TEXTS.testerSuccess, description: RESULT_TEXTS.testerThanksText });
      form.setAnnouncement(RESULT_TEXTS.testerSuccess);
      form.focus(`${ID}-fullName`);
    },
    onFailed: (message) => {
      showToast({ title: RESULT_TEXTS.testerFailure, variant: 'destructive' });
      return message ?? RESULT_TEXTS.testerFailure;
    },
  });

  return (
    <FormFrame
      idPrefix={ID}
      action={sitePage(action)}
      label={texts.tester.label}
      form={form}
      submitLabel={texts.tester.submit}
    >
      <div className="form__grid">
        <FormField form={form} name="fullName" label={texts.tester.fullName} type="text" autoComplete="name" />
        <FormField form={form} name="email" label={texts.tester.email} {...EMAIL_INPUT} />
        <FormField
          form={form}
          name="city"
          label={texts.tester.city}
          optional
          type="text"
          autoComplete="address-level2"
        />
        <FormField form={form} name="profession" label={texts.tester.profession} as="select">
          <Options placeholder={texts.tester.professionPlaceholder} labels={PROFESSION_LABELS} />
        </FormField>
        <FormField
          form={form}
          name="teamSize"
          label={texts.tester.teamSize}
          optional
          hint={texts.tester.teamSizeHint}
          className="field__control field__control--short"
          type="number"
          inputMode="numeric"
          min={TEAM_SIZE_MIN}
          max={TEAM_SIZE_MAX}
          step={1}
        />
      </div>
    </FormFrame>
  );
}
