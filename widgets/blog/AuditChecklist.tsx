/**
 * The interactive 10-item cabinet audit (docs/requirements.md#audit-checklist): each item toggles, the
 * score is the number of items checked, and the message follows the four score bands.
 * The boxes are plain checkboxes and the page is their one source of truth: ticks made before the island
 * hydrated (it wakes when the visitor reaches for it) count as soon as it does, and the next click
 * toggles from there. Nothing is stored, and the checklist says so above its boxes.
 */
import { useCallback, useId, useRef, useSyncExternalStore } from 'react';
import { auditMessage, auditScore } from '../../core/blog/audit.ts';
import { getConfig } from '../runtime/config.ts';
import { texts } from './texts.ts';

export interface AuditChecklistProps {
  title: string;
  intro: string;
  items: string[];
}

export default function AuditChecklist({ title, intro, items }: AuditChecklistProps) {
  const id = useId();
  const list = useRef<HTMLUListElement>(null);
  const subscribe = useCallback((changed: () => void) => {
    const element = list.current;
    element?.addEventListener('change', changed);
    return () => element?.removeEventListener('change', changed);
  }, []);
  // A string, so that an unchanged page gives an equal snapshot: "1001000000".
  const ticks = useSyncExternalStore(
    subscribe,
    () =>
      list.current
        ? [...list.current.querySelectorAll<HTMLInputElement>('input[type=checkbox]')]
            .map((box) => (box.checked ? '1' : '0'))
            .join('')
        : '',
    () => '',
  );
  const score = auditScore(items.map((_, index) => ticks[index] === '1'));

  return (
    <section className="audit" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="audit__title">
        {title}
      </h2>
      <p className="audit__intro">{intro}</p>
      <p className="audit__note">{texts.auditNotKept}</p>
      <ul ref={list} className="audit__items">
        {items.map((item) => (
          <li key={item}>
            <label className="audit__item">
              <input type="checkbox" />
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
