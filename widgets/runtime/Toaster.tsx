/**
 * The toast area present on every page (docs/requirements.md#site-shell), announced politely to screen
 * readers. Built empty; it hydrates once React is on the page (only React widgets show toasts), and a
 * toast shown meanwhile appears right after, without a hydration mismatch.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { besideDrawer, toasts, dismissToast } from './toasts.ts';
import { useHydrated } from './use-hydrated.ts';

export default function Toaster() {
  useSignals();
  const hydrated = useHydrated();
  const shown = hydrated ? toasts.value : [];
  // After hydration only, like the toasts: the build's HTML has no drawer open.
  const beside = hydrated && besideDrawer.value;
  return (
    <ol className="toast-list" aria-live="polite" data-beside-drawer={beside ? '' : undefined}>
      {shown.map((toast) => (
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
