/**
 * The interactive 10-item cabinet audit (SPEC.md sections 3, 4, 5): each item toggles, the score is
 * the number of items checked, and the message follows the four score bands.
 */
import { useId, useState } from 'react';
import { auditMessage, auditScore } from '../../core/blog/audit.ts';
import { getConfig } from '../runtime/config.ts';

export interface AuditChecklistProps {
  title: string;
  intro: string;
  items: string[];
}

export default function AuditChecklist({ title, intro, items }: AuditChecklistProps) {
  const [checked, setChecked] = useState<boolean[]>(() => items.map(() => false));
  const id = useId();
  const score = auditScore(checked);
  const toggle = (index: number) =>
    setChecked((previous) => previous.map((value, i) => (i === index ? !value : value)));

  return (
    <section className="audit" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="audit__title">
        {title}
      </h2>
      <p className="audit__intro">{intro}</p>
      <ul className="audit__items">
        {items.map((item, index) => (
          <li key={item}>
            <label className="audit__item">
              <input type="checkbox" checked={checked[index]} onChange={() => toggle(index)} />
              <span>{item}</span>
            </label>
          </li>
        ))}
      </ul>
      <div className="audit__result" aria-live="polite">
        <p className="audit__score">
          Score{'\u00A0'}: <strong>{score}</strong> / {items.length}
        </p>
        <p className="audit__message">{auditMessage(score, getConfig().productName)}</p>
      </div>
    </section>
  );
}
