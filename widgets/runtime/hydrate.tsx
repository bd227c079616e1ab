/** Loaded only on pages that have islands: React, the error boundary, and hydration of one island. */
import { createElement } from 'react';
import { hydrateRoot, createRoot } from 'react-dom/client';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import type { WidgetModule } from './registry.ts';

export function hydrateIsland(element: HTMLElement, name: string, module: WidgetModule): void {
  const props = JSON.parse(element.dataset.props ?? '{}');
  const tree = <ErrorBoundary name={name}>{createElement(module.default, props)}</ErrorBoundary>;
  if (element.firstElementChild) hydrateRoot(element, tree);
  else createRoot(element).render(tree);
  element.dataset.hydrated = '';
}
