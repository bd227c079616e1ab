/** The toast area present on every page (SPEC.md section 2), announced politely to screen readers. */
import { useSignals } from '@preact/signals-react/runtime';
import { toasts, dismissToast } from './toasts.ts';

export default function Toaster() {
  useSignals();
  return (
    <ol className="toast-list" aria-live="polite">
      {toasts.value.map((toast) => (
        <li key={toast.id} className={`toast toast--${toast.variant}`}>
          {/* The role sits inside the item: on the <li> itself it would break the list (axe "list"). */}
          <div role={toast.variant === 'destructive' ? 'alert' : 'status'}>
            <p className="toast__title">{toast.title}</p>
            {toast.description ? <p className="toast__description">{toast.description}</p> : null}
          </div>
          <button
            type="button"
            className="toast__close"
            aria-label="Fermer la notification"
            onClick={() => dismissToast(toast.id)}
          >
            ×
          </button>
        </li>
      ))}
    </ol>
  );
}
