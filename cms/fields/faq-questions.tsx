/**
 * The questions of a FAQ section: « all » (the /faq page), or entries picked from the shared FAQ by the
 * relation widget, so that only ids that exist can be chosen.
 */
import { createElement, type ComponentType } from 'react';
import { List } from 'immutable';

type Props = Record<string, unknown> & {
  value?: unknown;
  onChange: (value: unknown) => void;
  forID: string;
};

export function faqQuestionsControl(relation: ComponentType<Props>): ComponentType<Props> {
  return function FaqQuestionsControl(props: Props) {
    const all = props.value === 'all';
    return createElement(
      'div',
      null,
      createElement(
        'label',
        { style: { display: 'flex', gap: '0.5rem', alignItems: 'center', padding: '0.75rem 0' } },
        createElement('input', {
          type: 'checkbox',
          checked: all,
          onChange: (event: { target: { checked: boolean } }) => props.onChange(event.target.checked ? 'all' : List()),
        }),
        'Toutes les questions de la FAQ partagée',
      ),
      all ? null : createElement(relation, { ...props, value: List.isList(props.value) ? props.value : List() }),
    );
  };
}
