/**
 * The icon of a card or a link: a searchable list of the names of the site's icon set (lucide), so an
 * editor picks a name that exists instead of typing one the build would refuse.
 */
import { createElement, type ComponentType } from 'react';
import { fromJS } from 'immutable';
import iconNames from 'virtual:lucide-names';

type Props = Record<string, unknown> & { field: { set(key: string, value: unknown): unknown } };

export function iconControl(select: ComponentType<Props>): ComponentType<Props> {
  const options = fromJS(iconNames);
  return function IconControl(props: Props) {
    return createElement(select, { ...props, field: props.field.set('options', options) as Props['field'] });
  };
}
