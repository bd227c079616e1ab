/**
 * The "assistant" island of every page (site/layouts/base.njk). Nothing shows, and nothing more loads,
 * until the visitor has set cookie preferences (SPEC.md section 6); then the button (Assistant.tsx).
 */
import { lazy, Suspense } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { hasSetPreferences } from './consent-gate.ts';

const Assistant = lazy(() => import('./Assistant.tsx'));

export default function AssistantIsland() {
  useSignals();
  if (!hasSetPreferences.value) return null;
  return (
    <Suspense fallback={null}>
      <Assistant />
    </Suspense>
  );
}
