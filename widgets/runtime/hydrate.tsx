/** Loaded only when an island needs React (runtime/react.ts): hydration of an island, or a widget rendered into a container. */
import { createElement, type ComponentType } from 'react';
import { hydrateRoot, createRoot, type Root } from 'react-dom/client';
import { ISLAND_DATA } from '../../core/common/islands.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import type { WidgetModule } from './registry.ts';

export function hydrateIsland(element: HTMLElement, name: string, module: WidgetModule): void {
  const props = JSON.parse(element.dataset[ISLAND_DATA.props] ?? '{}');
  const tree = <ErrorBoundary name={name}>{createElement(module.default, props)}</ErrorBoundary>;
  if (element.firstElementChild) hydrateRoot(element, tree);
  else createRoot(element).render(tree);
  element.dataset[ISLAND_DATA.hydrated] = '';
}

/** A widget rendered into an empty container that an island's plain script owns (the drawer, the customise panel). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each widget has its own props
export function renderWidget(container: HTMLElement, name: string, component: ComponentType<any>, props = {}): Root {
  const root = createRoot(container);
  root.render(<ErrorBoundary name={name}>{createElement(component, props)}</ErrorBoundary>);
  return root;
}
