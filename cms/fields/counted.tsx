/**
 * Decap's one-line and multi-line text fields, with a live character count under those whose schema
 * limits their length (the `counter` of core/content/cms-collections.ts; the words in
 * core/content/char-count.ts): « 54 / 60 caractères », in the warning colour with what to do once a limit
 * is passed. The count is tied to the field (aria-describedby), so a screen reader reads it with the
 * field; only the advice is announced (aria-live polite), once when it appears, not at every key.
 */
import { Component, createElement, type ComponentType } from 'react';
import { charCount, type CharLimits } from '../../core/content/char-count.ts';
import { frenchTypography } from '../../core/common/typography.ts';

interface Immutable {
  get(key: string): unknown;
  getIn(path: string[]): unknown;
  toJS?(): unknown;
}

type Props = Record<string, unknown> & {
  field: Immutable;
  entry?: Immutable;
  value?: unknown;
  forID: string;
  classNameWrapper?: string;
  hasActiveStyle?: boolean;
};

/** Grey and orange that keep 4.5:1 on Decap's white form (WCAG 1.4.3). */
const colours = { normal: '#5b6670', over: '#9a3412' };

function limitsOf(field: Immutable): CharLimits | undefined {
  const counter = field.get('counter') as Immutable | undefined;
  return counter?.toJS ? (counter.toJS() as CharLimits) : undefined;
}

/**
 * The text of the shorter field for search engines, when the count depends on it: read from the form as
 * it is now (`getEntry`; Decap's `entry` prop may be stale, by its own account).
 */
function searchFieldText(props: Props, limits: CharLimits | undefined): string {
  if (!limits?.search) return '';
  const entry = (props.getEntry as (() => Immutable) | undefined)?.() ?? props.entry;
  const value = entry?.getIn(['data', limits.search.field]);
  return typeof value === 'string' ? value.trim() : '';
}

export function countedControl(control: ComponentType<Props>): ComponentType<Props> {
  return class CountedControl extends Component<Props> {
    /**
     * Decap redraws a field only when its own value changes: the title's count also follows the field
     * for search engines, whose typing is heard once React has passed it to the form's state (the
     * document hears an input event after React's own listener, on the page's root, has run).
     */
    private readonly onInput = (event: Event) => {
      const search = limitsOf(this.props.field)?.search;
      if (search && (event.target as HTMLElement | null)?.id?.startsWith(`${search.field}-field-`)) this.forceUpdate();
    };

    override componentDidMount() {
      this.describe();
      if (limitsOf(this.props.field)?.search) document.addEventListener('input', this.onInput);
    }

    override componentWillUnmount() {
      document.removeEventListener('input', this.onInput);
    }

    override componentDidUpdate() {
      this.describe();
    }

    /** Decap's inputs take no extra attribute: the count is tied to the field once it is drawn. */
    private describe() {
      if (!limitsOf(this.props.field)) return;
      document.getElementById(this.props.forID)?.setAttribute('aria-describedby', `${this.props.forID}-compte`);
    }

    override render() {
      const inner = createElement(control, this.props);
      const limits = limitsOf(this.props.field);
      if (!limits) return inner;
      const text = typeof this.props.value === 'string' ? this.props.value : '';
      const { count, over, advice } = charCount(text, limits, searchFieldText(this.props, limits) !== '');
      const small = { margin: '0.35rem 0 0', font: '13px/1.4 system-ui, sans-serif' };
      return createElement(
        'div',
        null,
        inner,
        createElement(
          'p',
          {
            id: `${this.props.forID}-compte`,
            'data-counter': over ? 'over' : 'ok',
            style: { ...small, color: over ? colours.over : colours.normal, fontWeight: over ? 600 : 400 },
          },
          frenchTypography(count),
          createElement(
            'span',
            { 'aria-live': 'polite', style: { display: 'block' } },
            advice ? frenchTypography(advice) : '',
          ),
        ),
      );
    }
  };
}
