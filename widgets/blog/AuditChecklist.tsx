/**
 * The interactive 10-item cabinet audit (docs/requirements.md#audit-checklist): each item toggles, the
 * score is the number of items checked, and the message follows the four score bands.
 * The boxes are plain checkboxes and the page is their one source of truth. Until the island wakes, and
 * without JavaScript, the page counts its ticks itself (a CSS counter, audit.css), so the score equals
 * the ticks in every state: ticks made before waking, ticks the browser puts back on a return to the
 * page. Awake, the view reads the ticks again at each change and when the page is shown again
 * (`pageshow`), writes the score and its message. Nothing is stored, and the checklist says so.
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
    addEventListener('pageshow', changed);
    return () => {
      element?.removeEventListener('change', changed);
      removeEventListener('pageshow', changed);
    };
  }, []);
  // A string, so that an unchanged page gives an equal snapshot: "1001000000". Null at build time and
  // while hydrating: the page's own count shows then.
  const ticks = useSyncExternalStore(
    subscribe,
    () =>
      list.current
        ? [...list.current.querySelectorAll<HTMLInputElement>('input[type=checkbox]')]
            .map((box) => (box.checked ? '1' : '0'))
            .join('')
        : null,
    () => null,
  );
  const score = ticks === null ? undefined : auditScore(items.map((_, index) => ticks[index] === '1'));

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
      <div className="audit__result" aria-live="polite" aria-atomic="true">
        <p className="audit__score">
          Score{'\u00A0'}: <strong className="audit__count">{score}</strong> / {items.length}
        </p>
        {score === undefined ? (
          <>
            <p className="audit__message audit__message--waiting">{texts.auditWaiting}</p>
            <p className="audit__message audit__message--no-script">{texts.auditNoScript}</p>
          </>
        ) : (
          <p className="audit__message">{auditMessage(score, getConfig().productName)}</p>
        )}
      </div>
    </section>
  );
}
