/**
 * The three categories with their switches, shared by the customise panel and /gestion-cookies:
 * necessary (locked on), analytics and marketing.
 */
import type { ReactNode } from 'react';
import type { ConsentChoice } from '../../core/consent/rules.ts';
import { texts } from './texts.ts';

type Key = 'necessary' | keyof ConsentChoice;

export interface ConsentCategoriesProps {
  /** Prefix of the element ids (the panel and the settings page may share a page). */
  idPrefix: string;
  value: ConsentChoice;
  onChange(next: ConsentChoice): void;
  /** Switches stay disabled until the island runs (nothing can change without the script). */
  disabled?: boolean;
}

function Category({ idPrefix, name, children }: { idPrefix: string; name: Key; children: ReactNode }) {
  return (
    <li className="consent-category">
      <div className="consent-category__text">
        <h3 className="consent-category__title" id={`${idPrefix}-${name}-title`}>
          {texts.categories[name].title}
        </h3>
        <p className="consent-category__description" id={`${idPrefix}-${name}-description`}>
          {texts.categories[name].description}
        </p>
      </div>
      <div className="consent-switch">{children}</div>
    </li>
  );
}

export function ConsentCategories({ idPrefix, value, onChange, disabled = false }: ConsentCategoriesProps) {
  const labels = (name: Key) => ({
    'aria-labelledby': `${idPrefix}-${name}-title`,
    'aria-describedby': `${idPrefix}-${name}-description`,
  });
  return (
    <ul className="consent-categories" role="list">
      <Category idPrefix={idPrefix} name="necessary">
        <input type="checkbox" role="switch" defaultChecked disabled {...labels('necessary')} />
        <span className="consent-switch__state">{texts.alwaysOn}</span>
      </Category>
      {(['analytics', 'marketing'] as const).map((name) => (
        <Category key={name} idPrefix={idPrefix} name={name}>
          <input
            type="checkbox"
            role="switch"
            name={name}
            checked={value[name]}
            disabled={disabled}
            onChange={(event) => onChange({ ...value, [name]: event.currentTarget.checked })}
            {...labels(name)}
          />
        </Category>
      ))}
    </ul>
  );
}
